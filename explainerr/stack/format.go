package stack

import (
	"fmt"
	"strings"

	"github.com/explainerr/explainerr/explainerr/report"
)

// Trace is a formatted, budgeted trace and what was left out of it.
type Trace struct {
	// Text is the trace as it goes into a prompt.
	Text string
	// Kept and Omitted count frames (after collapsing recursion).
	Kept, Omitted int
	// AppDropped counts app frames that did not fit in the budget even
	// alone; the outermost are the ones dropped.
	AppDropped int
}

// Format renders errLine and frames (innermost first) within budget
// characters. It always keeps errLine and every app frame; then it adds
// library frames nearest the failure, innermost first, while they fit; each
// run of omitted frames becomes one line that counts them. Identical
// consecutive frames are collapsed first. If the app frames alone do not fit,
// the innermost ones are kept and the number dropped is stated. App frames
// that carry Source show their failing line.
//
// The budget is the prompt's (prompt.DefaultTraceBudget unless the
// developer sets one); a budget < 1 counts as 1, which keeps the error line
// and as many app frames as fit.
func Format(errLine string, frames []report.Frame, budget int) Trace {
	budget = max(budget, 1)
	frames = Collapse(frames)
	n := len(frames)
	keep := make([]bool, n)
	cost := make([]int, n)
	for i := range frames {
		cost[i] = len(frameText(&frames[i]))
	}
	header := strings.TrimRight(errLine, "\n") + "\n"
	used := len(header)
	if n > 0 {
		used += gapLineLen // until a frame is kept, all are one omitted run
	}
	// keepCost is what keeping frame i adds to used: its text, and the
	// change in gap lines (keeping it may split a gap or close one).
	keepCost := func(i int) int {
		delta := cost[i]
		left := i > 0 && !keep[i-1]
		right := i < n-1 && !keep[i+1]
		switch {
		case left && right:
			delta += gapLineLen // the gap splits in two
		case !left && !right:
			delta -= gapLineLen // the gap disappears
		}
		return delta
	}

	// App frames first, innermost first, until the budget refuses one; the
	// rest (the outermost) are dropped. The innermost is always kept. Room
	// for the line that counts dropped frames is kept in reserve.
	var keptApps, appDropped int
	for i := range frames {
		if frames[i].Kind != report.FrameApp {
			continue
		}
		delta := keepCost(i)
		if appDropped == 0 && (keptApps == 0 || used+delta+droppedLineLen <= budget) {
			keep[i] = true
			used += delta
			keptApps++
			continue
		}
		appDropped++
	}
	if appDropped > 0 {
		used += droppedLineLen
	}

	// Then library frames nearest the failure. App frames the budget
	// refused stay dropped, so that what is dropped is the outermost run.
	for i := range frames {
		if keep[i] || frames[i].Kind == report.FrameApp {
			continue
		}
		delta := keepCost(i)
		if used+delta > budget {
			break
		}
		keep[i] = true
		used += delta
	}

	var b strings.Builder
	b.Grow(used + 64)
	b.WriteString(header)
	t := Trace{}
	for i := 0; i < n; {
		if keep[i] {
			b.WriteString(frameText(&frames[i]))
			t.Kept++
			i++
			continue
		}
		j := i
		for j < n && !keep[j] {
			j++
		}
		apps := 0
		for _, f := range frames[i:j] {
			if f.Kind == report.FrameApp {
				apps++
			}
		}
		writeGap(&b, j-i, apps)
		t.Omitted += j - i
		i = j
	}
	if appDropped > 0 {
		fmt.Fprintf(&b, "(%d outer app frames dropped to fit the trace budget)\n", appDropped)
	}
	t.AppDropped = appDropped
	t.Text = b.String()
	return t
}

// droppedLineLen is the length reserved for the line that counts dropped
// app frames.
const droppedLineLen = len("(10000 outer app frames dropped to fit the trace budget)\n")

// gapLineLen is the length reserved for one "frames omitted" line.
const gapLineLen = len("    ... 1000 library frames omitted ...\n")

func writeGap(b *strings.Builder, count, apps int) {
	noun := "library frames"
	if count == 1 {
		noun = "library frame"
	}
	if apps > 0 {
		noun = "frames"
		if count == 1 {
			noun = "frame"
		}
	}
	fmt.Fprintf(b, "    ... %d %s omitted ...\n", count, noun)
}

// frameText renders one frame: the function (marked [app] for app frames),
// its file and line, and for app frames with source the failing line.
func frameText(f *report.Frame) string {
	var b strings.Builder
	b.WriteString(f.Function)
	if f.Kind == report.FrameApp {
		b.WriteString("  [app]")
	}
	if f.Repeat > 1 {
		fmt.Fprintf(&b, "  (repeated %d times)", f.Repeat)
	}
	fmt.Fprintf(&b, "\n    %s\n", Location(f.File, f.Line))
	if f.Kind == report.FrameApp {
		if line := strings.TrimSpace(f.Source.LineText()); line != "" {
			b.WriteString("    > ")
			b.WriteString(line)
			b.WriteByte('\n')
		}
	}
	return b.String()
}

// Location renders a frame's file and line as "file:line"; "file" alone
// when the line is unknown, and "(location unknown)" when the file is
// (a dump cut after a function's name).
func Location(file string, line int) string {
	switch {
	case file == "" || file == ".":
		return "(location unknown)"
	case line <= 0:
		return file
	}
	return fmt.Sprintf("%s:%d", file, line)
}
