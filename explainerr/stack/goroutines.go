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
		fmt.Fprintf(&b, "\n    %s", Location(f.File, f.Line))
	}
	b.WriteByte('\n')
	return b.String()
}

// GoroutinesText renders other goroutines of a failure (such as the ones
// blocked in a deadlock), each with its state, the frames it waits in and
// its creator, in the trace's format, within budget characters (0 means no
// limit): goroutines that do not fit are counted in a last line. It
// returns "" when there are none.
func GoroutinesText(gs []report.Goroutine, budget int) string {
	var b strings.Builder
	for i, g := range gs {
		var one strings.Builder
		fmt.Fprintf(&one, "goroutine %d [%s]", g.ID, g.State)
		if g.Count > 1 {
			fmt.Fprintf(&one, " (and %d more goroutines waiting the same way)", g.Count-1)
		}
		one.WriteString(":\n")
		for i := range g.Frames {
			one.WriteString(frameText(&g.Frames[i]))
		}
		one.WriteString(CreatedByText(g.CreatedBy))
		one.WriteByte('\n')
		if budget > 0 && i > 0 && b.Len()+one.Len() > budget {
			fmt.Fprintf(&b, "(%d more goroutines left out to fit the prompt)\n", len(gs)-i)
			break
		}
		b.WriteString(one.String())
	}
	return b.String()
}
