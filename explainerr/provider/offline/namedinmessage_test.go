package offline

import (
	"testing"

	"github.com/explainerr/explainerr/explainerr/report"
)

// TestLibraryErrorNamesTheAppsValue: a library that wrote the status
// quotes a name only one literal of the app spells, held by a package
// variable; the functions that use the variable are named, and the
// library's own frames, still running, are said to have written it.
func TestLibraryErrorNamesTheAppsValue(t *testing.T) {
	app := writeMarkedApp(t, map[string]string{
		"go.mod": "module example.com/gauge\n\ngo 1.22\n",
		"jobs/jobs.go": `package jobs

import "net/http"

// Desc describes a gauge.
type Desc struct{ Name string }

var waitingDesc = &Desc{
	Name: "jobs_waiting_total",
}

// Report reports the waiting jobs.
func Report(send func(*Desc, ...string)) {
	send(waitingDesc, "queue", "extra")
}

// Serve hands the request to the metrics library.
func Serve(h http.Handler) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		h.ServeHTTP(w, r) //! serve
	}
}
`,
	})
	lib := report.Frame{Function: "example.org/metrics.fail", File: "/mod/example.org/metrics/m.go", Line: 10, Kind: report.FrameDependency}
	caller := report.Frame{Function: "example.org/metrics.Handler.func1", File: "/mod/example.org/metrics/m.go", Line: 30, Kind: report.FrameDependency}
	r := statusReport(`collecting "jobs_waiting_total": 2 label values for 1 label`, lib, caller, app.frame(t, "serve", "example.com/gauge/jobs.Serve.func1"))
	r.Error.WrittenBy = "example.org/metrics.fail (m.go:10)"
	text := Analyze(r)
	mustHave(t, text, "the library's own code wrote the status while it handled the request: `fail` at `m.go:10`",
		"The message names `jobs_waiting_total`, which the app gives to `waitingDesc` at", "`Report` (`jobs.go:14`) uses it")
	mustLack(t, text, "whose frames are not on this stack")
}
