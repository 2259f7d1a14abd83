package page

import (
	"fmt"
	"strings"

	"github.com/explainerr/explainerr/explainerr/report"
)

// goroutineView is another goroutine of the failure (one a deadlock left
// waiting in app code), as the page shows it.
type goroutineView struct {
	ID        int
	State     string
	More      int // how many more goroutines waited the same way
	Frames    []frameView
	CreatedBy *frameView
}

// createdByView returns the view of a "created by" frame, nil for nil.
func createdByView(f *report.Frame) *frameView {
	if f == nil || f.Function == "" {
		return nil
	}
	v := newFrameView(-1, *f)
	return &v
}

// goroutineViews returns the views of gs.
func goroutineViews(gs []report.Goroutine) []goroutineView {
	var out []goroutineView
	for _, g := range gs {
		v := goroutineView{ID: g.ID, State: g.State, CreatedBy: createdByView(g.CreatedBy)}
		if g.Count > 1 {
			v.More = g.Count - 1
		}
		for i, f := range g.Frames {
			v.Frames = append(v.Frames, newFrameView(i, f))
		}
		out = append(out, v)
	}
	return out
}

// markdownCreatedBy is the trace's last line naming the go statement that
// started the failing goroutine; "" when unknown.
func markdownCreatedBy(f *report.Frame) string {
	if f == nil || f.Function == "" {
		return ""
	}
	label := "lib"
	if f.Kind == report.FrameApp {
		label = "app"
	}
	return fmt.Sprintf("created by (%s) %s\n      %s:%d\n", label, f.Function, f.File, f.Line)
}

// writeMarkdownGoroutines lists the other goroutines of the failure.
func writeMarkdownGoroutines(b *strings.Builder, gs []report.Goroutine) {
	if len(gs) == 0 {
		return
	}
	b.WriteString("## Other stacks in the app's code\n\n")
	var t strings.Builder
	for _, g := range goroutineViews(gs) {
		fmt.Fprintf(&t, "goroutine %d [%s]", g.ID, g.State)
		if g.More > 0 {
			fmt.Fprintf(&t, " (and %d more the same way)", g.More)
		}
		t.WriteString(":\n")
		for _, f := range g.Frames {
			label := "lib"
			if f.Kind == report.FrameApp {
				label = "app"
			}
			writeTraceFrame(&t, label, f)
		}
		if g.CreatedBy != nil {
			fmt.Fprintf(&t, "created by %s\n      %s:%d\n", g.CreatedBy.Function, g.CreatedBy.File, g.CreatedBy.Line)
		}
		t.WriteString("\n")
	}
	fenced(b, "text", t.String())
}
