package explainerr

import (
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/explainerr/explainerr/explainerr/internal/respcapture"
	"github.com/explainerr/explainerr/explainerr/redact"
	"github.com/explainerr/explainerr/explainerr/report"
)

// recordBody puts the middleware's recorder in front of r's body, as a
// request entering it gets; nil when r has no body.
func recordBody(r *http.Request) *bodyRecorder {
	var c requestCapture
	if hasBody(r) {
		newWriterWithBody(respcapture.NewOwner(nil, nil), httptest.NewRecorder(), r, &c)
	}
	return c.body
}

// readVia records body through a recorder, reading it as a handler would.
func readVia(t *testing.T, body string, n int) *bodyRecorder {
	t.Helper()
	r := httptest.NewRequest("POST", "/", strings.NewReader(body))
	rec := recordBody(r)
	if n < 0 {
		io.ReadAll(r.Body)
	} else {
		io.ReadFull(r.Body, make([]byte, n))
	}
	return rec
}

func TestDescribeBody(t *testing.T) {
	cases := []struct {
		name, contentType, body string
		read                    int
		want                    []string
		not                     []string
	}{
		{name: "nested JSON", contentType: "application/vnd.api+json", body: `[{"user":{"Password":"p1","keys":["k1"]}},{"x-auth-token":{"a":1}}]`,
			want: []string{`"Password": "[REDACTED]"`, `"x-auth-token": "[REDACTED]"`}, not: []string{"p1", `"k1"`, `"a"`}},
		{name: "JSON without a type", body: ` {"ok":true,"n":1.50}`, want: []string{`"ok": true`, `"n": 1.50`}},
		{name: "invalid JSON is text", contentType: "application/json", body: `{"password": "hunter2", oops`, want: []string{"oops"}, not: []string{"hunter2"}},
		{name: "text", contentType: "text/plain", body: "hello Authorization: Bearer abcdefghijklmnop123", want: []string{"hello"}, not: []string{"abcdefghijklmnop123"}},
		{name: "binary", contentType: "application/octet-stream", body: "\x00\x01\x02", want: []string{"(3 bytes of application/octet-stream, not shown)"}},
		{name: "cut text", contentType: "text/plain", body: strings.Repeat("é", 10000), want: []string{"cut; the handler read 20000 bytes"}},
		{name: "part read", contentType: "text/plain", body: "0123456789", read: 4, want: []string{"0123"}, not: []string{"4"}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			read := c.read
			if read == 0 {
				read = -1
			}
			v := readVia(t, c.body, read).describeBody(c.contentType)
			// The body as the sealed report shows it: the names give
			// away some secrets here, the seal hides the rest.
			v.text = redact.Seal(&report.Report{Request: report.Request{Body: v.text}}, nil).Report().Request.Body
			for _, w := range c.want {
				if !strings.Contains(v.text, w) {
					t.Errorf("body %q lacks %q", v.text, w)
				}
			}
			for _, n := range c.not {
				if strings.Contains(v.text, n) {
					t.Errorf("body %q holds %q", v.text, n)
				}
			}
		})
	}
}

func TestBodyRecorderIsBoundedAndLazy(t *testing.T) {
	rec := readVia(t, strings.Repeat("a", maxRecordedBody+1000), -1)
	if len(rec.buf) != maxRecordedBody || rec.read != maxRecordedBody+1000 {
		t.Errorf("kept %d of %d bytes read, want %d", len(rec.buf), rec.read, maxRecordedBody)
	}
	unread := readVia(t, "never read", 0)
	if v := unread.describeBody("text/plain"); unread.buf != nil || v.text != "" || v.form != nil {
		t.Errorf("an unread body allocated or shows something: %+v", unread)
	}
	for _, body := range []io.ReadCloser{nil, http.NoBody} {
		r := httptest.NewRequest("GET", "/", nil)
		r.Body = body
		if recordBody(r) != nil || r.Body != body {
			t.Errorf("a request without a body got a recorder: %T", r.Body)
		}
	}
}
