package logrecord

import (
	"strings"
	"testing"
)

// The lines below are written as each logger writes them by default for
// an error with a message, an error value and (where the logger adds one)
// a caller and a stack.
func TestParseLoggers(t *testing.T) {
	cases := []struct {
		name, line string
		want       Record
	}{
		{"logrus JSON", `{"error":"pq: insert or update on table \"orders\" violates foreign key constraint \"orders_user_id_fkey\"","file":"/src/app/orders.go:42","func":"main.createOrder","level":"error","msg":"create order","time":"2026-12-01T10:00:00Z"}`,
			Record{Format: JSON, Level: "error", Message: "create order", Error: `pq: insert or update on table "orders" violates foreign key constraint "orders_user_id_fkey"`, Caller: "/src/app/orders.go:42", Time: "2026-12-01T10:00:00Z"}},
		{"zap production", `{"level":"error","ts":1764583200.123,"caller":"app/orders.go:42","msg":"create order","error":"sql: no rows in result set","stacktrace":"main.createOrder\n\t/src/app/orders.go:42\nnet/http.HandlerFunc.ServeHTTP\n\t/usr/local/go/src/net/http/server.go:2294"}`,
			Record{Format: JSON, Level: "error", Message: "create order", Error: "sql: no rows in result set", Caller: "app/orders.go:42", Time: "1764583200.123", Stack: "main.createOrder\n\t/src/app/orders.go:42\nnet/http.HandlerFunc.ServeHTTP\n\t/usr/local/go/src/net/http/server.go:2294"}},
		{"zerolog", `{"level":"error","error":"dial tcp 127.0.0.1:5432: connect: connection refused","time":"2026-12-01T10:00:00Z","caller":"/src/app/db.go:17","message":"open database"}`,
			Record{Format: JSON, Level: "error", Message: "open database", Error: "dial tcp 127.0.0.1:5432: connect: connection refused", Caller: "/src/app/db.go:17", Time: "2026-12-01T10:00:00Z"}},
		{"slog JSON", `{"time":"2026-12-01T10:00:00.000000000Z","level":"ERROR","source":{"function":"main.createOrder","file":"/src/app/orders.go","line":42},"msg":"create order","err":"UNIQUE constraint failed: users.email","user":7}`,
			Record{Format: JSON, Level: "ERROR", Message: "create order", Error: "UNIQUE constraint failed: users.email", Caller: "/src/app/orders.go:42", Time: "2026-12-01T10:00:00.000000000Z", Attrs: map[string]string{"user": "7"}}},
		{"slog text", `time=2026-12-01T10:00:00.000Z level=ERROR msg="create order" err="UNIQUE constraint failed: users.email" user=7`,
			Record{Format: Logfmt, Level: "ERROR", Message: "create order", Error: "UNIQUE constraint failed: users.email", Time: "2026-12-01T10:00:00.000Z", Attrs: map[string]string{"user": "7"}}},
		{"logrus text", `time="2026-12-01T10:00:00Z" level=error msg="create order" error="pq: null value in column \"email\" violates not-null constraint"`,
			Record{Format: Logfmt, Level: "error", Message: "create order", Error: `pq: null value in column "email" violates not-null constraint`, Time: "2026-12-01T10:00:00Z"}},
		{"zap console", "2026-12-01T10:00:00.906Z\terror\tapp/orders.go:42\tcreate order\t{\"error\": \"Issuer must be set\", \"user\": 7}\nmain.createOrder\n\t/src/app/orders.go:42",
			Record{Format: Console, Level: "error", Message: "create order", Error: "Issuer must be set", Caller: "app/orders.go:42", Time: "2026-12-01T10:00:00.906Z", Stack: "main.createOrder\n\t/src/app/orders.go:42", Attrs: map[string]string{"user": "7"}}},
		{"zap console, named logger, no fields", "2026-12-01T10:00:00.906Z\tERROR\tapi\tapp/orders.go:42\tcreate order failed",
			Record{Format: Console, Level: "ERROR", Message: "create order failed", Caller: "app/orders.go:42", Time: "2026-12-01T10:00:00.906Z"}},
		{"zap console, epoch time in exponent form", "1.7964167379562786e+09\terror\tmw/logger.go:81\tfailed to render\t{\"context\": {\"pid\": \"6528\"}}",
			Record{Format: Console, Level: "error", Message: "failed to render", Caller: "mw/logger.go:81", Time: "1.7964167379562786e+09", Attrs: map[string]string{"context": `{"pid": "6528"}`}}},
		{"zap console, pkg/errors' %+v under stack", "2026-12-05T05:47:14.197Z\tERROR\tapi/user.api.go:112\tInternal server error\t{\"stack\": \"database is locked\\nexample.com/app/dal.(*UserRole).Delete\\n\\t/src/dal/user_role.go:102\"}",
			Record{Format: Console, Level: "ERROR", Message: "Internal server error", Error: "database is locked", Caller: "api/user.api.go:112", Time: "2026-12-05T05:47:14.197Z", Stack: "example.com/app/dal.(*UserRole).Delete\n\t/src/dal/user_role.go:102"}},
		{"zap console, its object cut short by the capture", "2026-12-05T05:47:14.197Z\tERROR\tapi/user.api.go:112\tInternal server error\t{\"user_id\": \"root\", \"stack\": \"database is locked\\nexample.com/app/dal.(*UserRole).Delete\\n\\t/src/dal/user_role.go:102\\nexample.com/app/biz.(*User).Upd… (line cut)",
			Record{Format: Console, Level: "ERROR", Message: "Internal server error", Error: "database is locked", Caller: "api/user.api.go:112", Time: "2026-12-05T05:47:14.197Z", Stack: "example.com/app/dal.(*UserRole).Delete\n\t/src/dal/user_role.go:102\nexample.com/app/biz.(*User).Upd… (line cut)", Attrs: map[string]string{"user_id": "root"}}},
		{"logrus for a terminal, full time", "ERRO[2026-12-05 03:45:00] [webdav auth] failed get user carol: failed find user carol: record not found ",
			Record{Format: Terminal, Level: "error", Message: "[webdav auth] failed get user carol: failed find user carol: record not found", Time: "2026-12-05 03:45:00"}},
		{"logrus for a terminal, fields after the padded message", `ERRO[0003] save order                                   error="pq: duplicate key value" order=7`,
			Record{Format: Terminal, Level: "error", Message: "save order", Error: "pq: duplicate key value", Time: "0003", Attrs: map[string]string{"order": "7"}}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			got, ok := Parse(c.line)
			if !ok {
				t.Fatalf("not read as a record: %s", c.line)
			}
			if c.want.Attrs == nil {
				c.want.Attrs = map[string]string{}
			}
			if got.Format != c.want.Format || got.Level != c.want.Level || got.Message != c.want.Message || got.Error != c.want.Error ||
				got.Caller != c.want.Caller || got.Time != c.want.Time || got.Stack != c.want.Stack || len(got.Attrs) != len(c.want.Attrs) {
				t.Errorf("got  %+v\nwant %+v", got, c.want)
			}
			for k, v := range c.want.Attrs {
				if got.Attrs[k] != v {
					t.Errorf("attr %s = %q, want %q", k, got.Attrs[k], v)
				}
			}
			if !got.IsError() {
				t.Errorf("level %q not an error", got.Level)
			}
		})
	}
}

func TestParseRefusesPlainText(t *testing.T) {
	for _, line := range []string{
		"",
		"2026/12/01 10:00:00 listing failed: sql: no rows in result set",
		"ERROR listing failed err=boom",
		"ERRO listing failed",                // a level, but no bracketed time
		"INFOS[0001] not a level",            // five letters
		"user=ann id=7",                      // pairs, but neither a level nor a message
		"2026-12-01T10:00:00Z\tnotice\tsaid", // tabs, but no level zap writes
		"a\terror\tb",                        // tabs, but no time first
		`msg="unterminated`,                  // a quote left open
		`{"level":"error"`,                   // JSON cut off
		`{}`,                                 // an empty object
		`["error","in","an","array"]`,        // not an object
		`{"user":"ann","id":7}`,              // no level, no message
	} {
		if r, ok := Parse(line); ok {
			t.Errorf("%q read as a record: %+v", line, r)
		}
	}
}

// TestCanonicalRoundTrip: the canonical line of a record reads back as the
// same record, its stack's line breaks included.
func TestCanonicalRoundTrip(t *testing.T) {
	line := `{"level":"error","msg":"create \"order\"","error":"a=b c","stacktrace":"main.f\n\t/src/a.go:1","caller":"a.go:1","req":"r-1"}`
	r, ok := Parse(line)
	if !ok {
		t.Fatal("not a record")
	}
	c := r.Canonical()
	if !strings.HasPrefix(c, `level=ERROR msg="create \"order\"" err="a=b c" req=r-1 caller=a.go:1 trace="main.f\n\t/src/a.go:1"`) {
		t.Errorf("canonical line %s", c)
	}
	back, ok := Parse(c)
	if !ok || back.Message != r.Message || back.Error != r.Error || back.Stack != r.Stack || back.Caller != r.Caller || back.Attrs["req"] != "r-1" {
		t.Errorf("read back %+v from %s", back, c)
	}
}

// TestStableLeavesOutTheTime: the same failure logged twice, at other
// times and with other request IDs, has one stable text.
func TestStableLeavesOutTheTime(t *testing.T) {
	a, _ := Parse(`{"level":"error","ts":1.5,"msg":"m","error":"e","request_id":"a"}`)
	b, _ := Parse(`{"level":"error","ts":2.5,"msg":"m","error":"e","request_id":"b"}`)
	if a.Stable() != b.Stable() {
		t.Errorf("%q != %q", a.Stable(), b.Stable())
	}
	c, _ := Parse(`{"level":"error","ts":2.5,"msg":"m","error":"other"}`)
	if a.Stable() == c.Stable() {
		t.Error("other errors have one stable text")
	}
}

func FuzzParse(f *testing.F) {
	f.Add(`{"level":"error","msg":"m","error":"e"}`)
	f.Add(`level=ERROR msg="a b" err="c\"d"`)
	f.Fuzz(func(t *testing.T, line string) {
		r, ok := Parse(line)
		if !ok {
			return
		}
		back, ok := Parse(r.Canonical())
		if !ok {
			// A canonical line of one pair is no record; one with a level
			// and a message must read back.
			if r.Level != "" && r.Message != "" {
				t.Errorf("canonical line %q of %q is not read back", r.Canonical(), line)
			}
			return
		}
		if back.Message != r.Message || back.Error != r.Error || back.Stack != r.Stack {
			t.Errorf("canonical line %q of %q reads back as %+v", r.Canonical(), line, back)
		}
	})
}

// An access logger that logs gin's c.Errors under "errors" carries the
// request's error there, numbered as gin writes it; the message ("HTTP")
// is the logger's own.
func TestParseReadsGinErrorsUnderErrors(t *testing.T) {
	line := `{"level":"error","status":500,"method":"POST","path":"/user","errors":"Error #01: duplicated key not allowed\nError #02: second\n","message":"HTTP"}`
	r, ok := Parse(line)
	if !ok {
		t.Fatal("Parse refused a zerolog access-log record")
	}
	if r.Error != "duplicated key not allowed" {
		t.Errorf("Error = %q, want the first of gin's numbered errors", r.Error)
	}
	if r.Message != "HTTP" {
		t.Errorf("Message = %q, want HTTP", r.Message)
	}
	if got := FirstError("plain message"); got != "plain message" {
		t.Errorf("FirstError changed an unnumbered text: %q", got)
	}
}
