package offline

import (
	"path/filepath"
	"strings"
	"testing"

	"github.com/explainerr/explainerr/explainerr/report"
	"github.com/explainerr/explainerr/internal/testdir"
)

// capturedSrc is a web app whose request logger is a function literal
// built once by withAudit, at set-up, from the App's auditor field; New
// sets that field only after routes has built the middleware.
const capturedSrc = `package web

import "net/http"

type Auditor interface {
	Record(path string)
}

type App struct {
	auditor Auditor
	mux     *http.ServeMux
}

func New(a Auditor) *App {
	app := &App{mux: http.NewServeMux()}
	app.routes()
	app.auditor = a
	return app
}

func (app *App) routes() {
	app.mux.Handle("/", withAudit(app.auditor, http.HandlerFunc(app.home)))
}

func (app *App) home(w http.ResponseWriter, r *http.Request) {}

func withAudit(auditor Auditor, next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		auditor.Record(r.Method)
		next.ServeHTTP(w, r)
	})
}
`

// capturedReport returns the panic report of the nil auditor in
// withAudit's function literal, for the module src.
func capturedReport(t *testing.T, src string) *report.Report {
	t.Helper()
	dir := t.TempDir()
	testdir.Write(t, dir, map[string]string{"go.mod": "module example.com/web\n\ngo 1.22\n", "web/web.go": src})
	lines := strings.Split(src, "\n")
	line := 0
	for i, l := range lines {
		if strings.Contains(l, "auditor.Record(r.Method)") {
			line = i + 1
		}
	}
	start := line - 3
	frame := report.Frame{Function: "example.com/web/web.withAudit.func1", File: filepath.Join(dir, "web", "web.go"), Line: line, Kind: report.FrameApp,
		Source: &report.Source{StartLine: start, Lines: lines[start-1 : line+2], Line: line}}
	return panicReport("runtime.errorString", "runtime error: invalid memory address or nil pointer dereference", frame)
}

// TestCapturedParameterSetAfterTheSetUp: the nil value is a parameter the
// function literal keeps from withAudit; the call passing it is found in
// routes, and New calls routes before it sets the field: the fix is that
// order in New, not a nil check in the middleware.
func TestCapturedParameterSetAfterTheSetUp(t *testing.T) {
	text := Analyze(capturedReport(t, capturedSrc))
	for _, want := range []string{"passes `app.auditor`", "In `New`, set `auditor` before `app.routes()` runs", "`web.go:17`"} {
		if !strings.Contains(text, want) {
			t.Errorf("the explanation lacks %q:\n%s", want, text)
		}
	}
	if strings.Contains(text, "auditor == nil") {
		t.Errorf("a nil check is advised where the order is the fault:\n%s", text)
	}
}

// TestCapturedParameterSetBeforeIsNotBlamed: when New sets the field in
// the literal before routes runs, the later assignment is not the fault
// and no reordering is advised.
func TestCapturedParameterSetBeforeIsNotBlamed(t *testing.T) {
	src := strings.Replace(capturedSrc, "app := &App{mux: http.NewServeMux()}", "app := &App{mux: http.NewServeMux(), auditor: a}", 1)
	text := Analyze(capturedReport(t, src))
	if strings.Contains(text, "before `app.routes()` runs") {
		t.Errorf("a reordering is advised though the field is set first:\n%s", text)
	}
}
