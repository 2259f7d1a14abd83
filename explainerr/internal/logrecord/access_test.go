package logrecord

import "testing"

// TestIsAccess tells a request logger's record from a report of what
// failed, in each structured format.
func TestIsAccess(t *testing.T) {
	cases := []struct {
		line string
		want bool
	}{
		{`{"level":"error","ip":"127.0.0.1","latency":"10.03s","status":500,"method":"DELETE","url":"/api/products/7","message":"Server error"}`, true},
		{`level=error msg="request" method=GET path=/books status=500 duration=3ms`, true},
		{`{"level":"error","caller":"product.go:129","error":"database is locked (5) (SQLITE_BUSY)"}`, false},
		{`{"level":"error","method":"GET","url":"/x","status":500,"latency":"2ms","error":"boom"}`, false},
		{`{"level":"info","msg":"listening","addr":":8080"}`, false},
		{`time="2026-12-05T03:40:22Z" level=error msg="HTTP: DELETE http://127.0.0.1:4533/api/missing" elapsedTime=15.03s httpStatus=500 remoteAddr="127.0.0.1:54358" responseSize=31`, true},
		{`level=error msg="purge failed" statusCode=500 elapsed_time=3ms`, false},
	}
	for _, c := range cases {
		rec, ok := Parse(c.line)
		if !ok {
			t.Fatalf("Parse(%q) failed", c.line)
		}
		if got := rec.IsAccess(); got != c.want {
			t.Errorf("IsAccess(%q) = %v, want %v", c.line, got, c.want)
		}
	}
}
