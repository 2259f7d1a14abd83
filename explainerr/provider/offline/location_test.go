package offline

import (
	"strings"
	"testing"

	"github.com/explainerr/explainerr/explainerr/report"
)

// TestUnknownLocationIsSaid: a frame whose file line was lost (a cut or
// mangled crash dump) is placed at an unknown location, never at ".:0".
func TestUnknownLocationIsSaid(t *testing.T) {
	r := &report.Report{
		Error:  report.Error{Kind: report.KindCrash, Type: "runtime.Error", Message: "runtime error: invalid memory address or nil pointer dereference"},
		Frames: []report.Frame{{Function: "main.main", Kind: report.FrameApp}},
	}
	text := Analyze(r)
	if strings.Contains(text, ".:0") || strings.Contains(text, ":0`") {
		t.Errorf("the explanation places a frame at line 0:\n%s", text)
	}
}
