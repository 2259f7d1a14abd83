package offline

import (
	"testing"

	"github.com/explainerr/explainerr/explainerr/report"
)

// TestInfoLinesAreNoLoggedCause: a bare status whose request logged only
// lines at info level (its access log) is not explained by them.
func TestInfoLinesAreNoLoggedCause(t *testing.T) {
	app := writeMarkedApp(t, map[string]string{
		"go.mod": "module example.com/gate\n\ngo 1.22\n",
		"gate.go": `package gate

import "net/http"

// Guard refuses what it cannot check.
func Guard(w http.ResponseWriter, r *http.Request, ok bool) {
	if !ok {
		w.WriteHeader(http.StatusInternalServerError) //!write
	}
}
`,
	})
	r := statusReport("", app.frame(t, "write", "example.com/gate.Guard"))
	r.Request.URL = "/dav/docs/"
	r.Logs = []report.LogLine{
		{Text: `[Info] 2026-12-03 13:06:47 [gate/log.go:12] Lookup of "docs" not found, will create it`},
		{Text: `[Info] 2026-12-03 13:06:47 [gate/log.go:30] [Incoming]  500 |  1.2ms | 127.0.0.1 | PROPFIND "/dav/docs/"`},
	}
	text := Analyze(r)
	mustLack(t, text, "the request logged `", "Incoming", "not found")
	mustHave(t, text, "the request logged no error")
}
