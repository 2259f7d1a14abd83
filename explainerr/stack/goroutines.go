package stack

import (
	"fmt"
	"strings"

	"github.com/explainerr/explainerr/explainerr/report"
)

// CreatedByText renders the go statement that started a goroutine as a
// crash dump does ("created by FUNC" and its file and line), marking an
// app frame; "" for nil.
func CreatedByText(f *report.Frame) string {
	if f == nil || f.Function == "" {
		return ""
	}
	var b strings.Builder
	b.WriteString("created by ")
	b.WriteString(f.Function)
	if f.Kind == report.FrameApp {
		b.WriteString("  [app]")
	}
	if f.File != "" {
		fmt.Fprintf(&b, "\n    %s:%d", f.File, f.Line)
	}
	b.WriteByte('\n')
	return b.String()
}

// GoroutinesText renders other goroutines of a failure (such as the ones
// blocked in a deadlock), each with its state, the frames it waits in and
// its creator, in the trace's format; "" when there are none.
func GoroutinesText(gs []report.Goroutine) string {
	var b strings.Builder
	for _, g := range gs {
		fmt.Fprintf(&b, "goroutine %d [%s]", g.ID, g.State)
		if g.Count > 1 {
			fmt.Fprintf(&b, " (and %d more goroutines waiting the same way)", g.Count-1)
		}
		b.WriteString(":\n")
		for i := range g.Frames {
			b.WriteString(frameText(&g.Frames[i]))
		}
		b.WriteString(CreatedByText(g.CreatedBy))
		b.WriteByte('\n')
	}
	return b.String()
}
