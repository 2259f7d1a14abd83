package offline

import (
	"strings"
	"testing"

	"github.com/explainerr/explainerr/explainerr/report"
)

// TestHeadlinesReadWithoutTheValue: a channel panic whose line cannot be
// read is headed by the failure alone, not by a placeholder; a goroutine
// a deadlock found waiting is said to be blocked in the call it waits in,
// not to have raised a failure there.
func TestHeadlinesReadWithoutTheValue(t *testing.T) {
	r := panicReport("runtime.plainError", "send on closed channel",
		report.Frame{Function: "example.com/app.produce", File: "/src/app/produce.go", Line: 12, Kind: report.FrameApp})
	text := Analyze(r)
	if head, _, _ := strings.Cut(text, "\n"); head != "### Send on closed channel" {
		t.Errorf("headline %q:\n%s", head, text)
	}

	r = &report.Report{
		Error: report.Error{Kind: report.KindCrash, Type: "fatal error", Message: "all goroutines are asleep - deadlock!"},
		Frames: []report.Frame{
			libFrame(report.FrameStdlib, "sync.runtime_Semacquire", "/usr/local/go/src/runtime/sema.go", 62),
			libFrame(report.FrameStdlib, "sync.(*WaitGroup).Wait", "/usr/local/go/src/sync/waitgroup.go", 116),
			{Function: "main.main", File: "/src/app/main.go", Line: 93, Kind: report.FrameApp},
		},
	}
	text = Analyze(r)
	if !strings.Contains(text, "The goroutine was blocked inside `sync.(*WaitGroup).Wait`") || strings.Contains(text, "raised inside") {
		t.Errorf("the deadlock's wait is not described as one:\n%s", text)
	}
}
