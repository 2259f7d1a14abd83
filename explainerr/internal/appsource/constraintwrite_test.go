package appsource

import (
	"testing"

	"github.com/explainerr/explainerr/explainerr/report"
)

// TestConstraintErrorThatNamesNothingBringsTheWrite: a duplicate-key
// error with no table or column, logged by a handler, brings the helper
// three calls below it that writes the rows through the ORM, as a query;
// a failure of another kind does not.
func TestConstraintErrorThatNamesNothingBringsTheWrite(t *testing.T) {
	mod := map[string]string{}
	for k, v := range kennelModule {
		mod[k] = v
	}
	root := writeModule(t, mod)
	fr := report.Frame{Function: "example.com/kennel/web.(*handler).register", File: "web/web.go", Line: 12}
	r := shelfReport(root, "500 internal server error", fr)
	r.Logs = []report.LogLine{{Text: `level=ERROR msg="failed to register" error="duplicated key not allowed"`}}
	got := reasons(Static(r))
	if !contains(got["query"], "repo/repo.go:insertChunked") {
		t.Errorf("the write is not shown as the query: %v", got)
	}
	r.Logs = []report.LogLine{{Text: `level=ERROR msg="failed to register" error="context canceled"`}}
	if got := reasons(Static(r)); contains(got["query"], "repo/repo.go:insertChunked") {
		t.Errorf("a write is shown for another failure: %v", got)
	}
}
