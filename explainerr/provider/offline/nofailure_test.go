package offline

import (
	"strings"
	"testing"

	"github.com/explainerr/explainerr/explainerr/report"
	"github.com/explainerr/explainerr/explainerr/stack"
)

// TestUnpastedFailureIsNoError: a dump without its panic line, or with no
// failure at all, is headed by what is missing, never explained as an
// error the app produced.
func TestUnpastedFailureIsNoError(t *testing.T) {
	frame := report.Frame{Function: "example.com/app/data.(*Set).Split", File: "/src/app/data/set.go", Line: 281, Kind: report.FrameApp}
	for msg, want := range map[string]string{
		stack.UnpastedPanic + ": goroutine 84 called panic({0x294a140, 0x47df09040d8}) (panic.go:860), but the \"panic: ...\" line is not in the paste": "### A panic whose message is not in the paste",
		stack.NoFailureDump + "; goroutine 2447 [chan send], one of 3, was taken as the failing one":                                                    "### A goroutine dump with no failure in it",
	} {
		r := &report.Report{Error: report.Error{Kind: report.KindCrash, Message: msg}, Frames: []report.Frame{frame}}
		text := Analyze(r)
		if !strings.HasPrefix(text, want) {
			t.Errorf("headed:\n%s\nwant %q", text, want)
		}
		for _, bad := range []string{"does not recognise", "the call that produced the error", "### Error"} {
			if strings.Contains(text, bad) {
				t.Errorf("the explanation says %q:\n%s", bad, text)
			}
		}
	}
}

// TestNegativeIndexHasNoLength: Go gives no length with a negative index;
// the explanation does not leave one blank.
func TestNegativeIndexHasNoLength(t *testing.T) {
	r := panicReport("runtime.boundsError", "runtime error: index out of range [-1]",
		report.Frame{Function: "main.query", File: "/src/app/main.go", Line: 190, Kind: report.FrameApp})
	text := Analyze(r)
	if !strings.Contains(text, "a negative index is never valid") || strings.Contains(text, "length .") || strings.Contains(text, "length :") {
		t.Errorf("the explanation of a negative index:\n%s", text)
	}
}
