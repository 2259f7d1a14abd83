package offline

import (
	"strings"
	"testing"

	"github.com/explainerr/explainerr/explainerr/report"
)

// TestLongWordMessageKeepsItsHeadline: a panic value that is one long word
// (an encoded blob, a generated token) is cut short in the headline, and
// the cut word still counts as the report's own.
func TestLongWordMessageKeepsItsHeadline(t *testing.T) {
	msg := strings.Repeat("ABCDEFGHIJKLMNOPQRSTUVWXYZ", 200)
	r := &report.Report{
		Error:  report.Error{Kind: report.KindPanic, Type: "string", Message: msg},
		Frames: []report.Frame{{Function: "main.main", File: "/app/main.go", Line: 30, Kind: report.FrameApp}},
	}
	text := Analyze(r)
	if !strings.Contains(text, "### Error: `ABCDEFGHIJ") {
		t.Errorf("no headline for a one-word message:\n%s", text)
	}
	if strings.Contains(text, msg) {
		t.Errorf("the whole %d-byte message is in the explanation", len(msg))
	}
}
