package offline

import (
	"testing"

	"github.com/explainerr/explainerr/explainerr/report"
)

// TestLibraryRefusesAnArgument: a library's panic about the value it was
// given ("count must be > 0") names the argument the failing line passed
// and where the app sets the field of its parameter that the argument
// reads, in a method of that parameter's type, not another type's.
func TestLibraryRefusesAnArgument(t *testing.T) {
	app := writeMarkedApp(t, map[string]string{
		"go.mod": "module example.com/board\n\ngo 1.22\n",
		"main.go": `package main

import (
	"net/http"
	"strconv"

	"example.com/pager"
)

// listRequest is a list's request.
type listRequest struct{ Limit int }

// Extract reads the request.
func (req *listRequest) Extract(r *http.Request) {
	limit, _ := strconv.Atoi(r.URL.Query().Get("limit"))
	req.Limit = limit //!set
}

// otherRequest is another request.
type otherRequest struct{ Limit int }

// Extract reads the other request.
func (req *otherRequest) Extract(r *http.Request) { req.Limit = 10 }

func list(w http.ResponseWriter, req *listRequest) {
	p := pager.New().First(req.Limit) //!call
	w.Write([]byte(p.String()))
}
`,
	})
	_, set := app.line("set")
	r := panicReport("string", "count must be > 0", app.frame(t, "call", "main.list"))
	r.Frames = append([]report.Frame{{Function: "example.com/pager.(*Pager).First", File: "/go/pkg/mod/example.com/pager@v1.0.0/pager.go", Line: 30, Kind: report.FrameDependency}}, r.Frames...)
	text := Analyze(r)
	mustHave(t, text, "refused its argument", "`req.Limit` is set at `(*listRequest).Extract` (`main.go:"+itoa(set)+"`)", "Make the value set at `main.go:"+itoa(set)+"`")
	mustLack(t, text, "otherRequest")
}
