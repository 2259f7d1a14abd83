package appsource

import (
	"testing"

	"github.com/explainerr/explainerr/explainerr/report"
)

// TestArgumentALibraryRefusedBringsItsSetter: a library's panic about a
// value it was given ("count must be > 0") brings the method that sets
// the field the failing line passed, as an origin.
func TestArgumentALibraryRefusedBringsItsSetter(t *testing.T) {
	root := writeModule(t, map[string]string{
		"go.mod": "module example.com/board\n",
		"web/list.go": `package web

import (
	"net/http"
	"strconv"

	"example.com/pager"
)

type listRequest struct{ Limit int }

func (req *listRequest) Extract(r *http.Request) {
	req.Limit, _ = strconv.Atoi(r.URL.Query().Get("limit"))
}

func list(w http.ResponseWriter, req *listRequest) {
	p := pager.New().First(req.Limit)
	w.Write([]byte(p.String()))
}
`,
	})
	r := shelfReport(root, "count must be > 0", report.Frame{Function: "example.com/board/web.list", File: "web/list.go", Line: 17})
	r.Error.Kind = report.KindPanic
	got := reasons(Static(r))
	if !contains(got["origin"], "web/list.go:(*listRequest).Extract") {
		t.Errorf("the field's setter is not an origin: %v", got)
	}
}
