package offline

import (
	"testing"

	"github.com/explainerr/explainerr/explainerr/report"
)

// TestErrorLoggedAtErrorLevelIsNotHidden: a handler that logs the error
// at error level on the failing branch, and at debug level on another,
// did log it: the request's log has the line, and nothing says it is
// logged only at debug level.
func TestErrorLoggedAtErrorLevelIsNotHidden(t *testing.T) {
	files := map[string]string{
		"go.mod": "module example.com/vault\n\ngo 1.22\n",
		"web/web.go": `package web

import (
	"net/http"
	"os"
)

type logs struct{}

func (logs) Error(sender, format string, v ...any) {}
func (logs) Debug(sender, format string, v ...any) {}

var logger logs

// Export writes the archive.
func Export(w http.ResponseWriter, r *http.Request) {
	err := os.MkdirAll("data/archive", 0o700)
	if err != nil {
		logger.Error("web", "export archive error: %v", err)
		http.Error(w, err.Error(), http.StatusInternalServerError) //!status
		return
	}
	logger.Debug("web", "export done, last error: %v", err)
}
`,
	}
	app := writeMarkedApp(t, files)
	r := statusReport("mkdir data: not a directory", app.frame(t, "status", "example.com/vault/web.Export"))
	r.Logs = []report.LogLine{{Text: `level=ERROR msg="export archive error: mkdir data: not a directory" sender=web`}}
	text := Analyze(r)
	mustLack(t, text, "only at debug level", "log this error at error level")
	assertGroundedIn(t, r, text, files)
}
