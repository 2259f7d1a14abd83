package index

import (
	"strings"
	"testing"

	"github.com/explainerr/explainerr/explainerr/report"
)

// TestQueryTextHoldsLoggedError checks that a generic 500 whose real error
// went only to the request's log is searched for by that logged error.
func TestQueryTextHoldsLoggedError(t *testing.T) {
	rep := &report.Report{
		Error: report.Error{Kind: report.KindStatus, Type: "http.Status", Message: `{"error":"Internal error."}`},
		Logs: []report.LogLine{
			{Text: "2026/11/30 12:00:00 creating dial"},
			{Text: "2026/11/30 12:00:00 [http] error: POST /dials: no such table: dial"},
			{Text: "2026/11/30 12:00:00 POST /dials 500"},
		},
	}
	q := QueryText(rep)
	if !strings.Contains(q, "[http] error: POST /dials: no such table: dial") {
		t.Errorf("query lacks the logged error:\n%s", q)
	}
	if strings.Contains(q, "creating dial") {
		t.Errorf("query holds a log line that is no error:\n%s", q)
	}
}
