package stack

import (
	"fmt"
	"strings"
	"testing"

	"github.com/explainerr/explainerr/explainerr/report"
)

// fuzzFrames builds frames, innermost first, from spec: each byte is one
// frame whose low two bits choose its kind (app, dependency, stdlib) and
// whose high bit repeats the previous frame (recursion). Function names
// are unique per position, so a frame can be found in the trace; width
// pads them to vary the cost of a frame.
func fuzzFrames(spec []byte, width int) []report.Frame {
	kinds := []string{report.FrameApp, report.FrameDependency, report.FrameStdlib, report.FrameApp}
	pad := strings.Repeat("x", width%200)
	frames := make([]report.Frame, 0, len(spec))
	for i, b := range spec {
		if b&0x80 != 0 && len(frames) > 0 {
			frames = append(frames, frames[len(frames)-1])
			continue
		}
		f := report.Frame{
			Function: fmt.Sprintf("example.com/app.F%03d%s", i, pad),
			File:     fmt.Sprintf("/src/f%d.go", i),
			Line:     int(b) + 1,
			Kind:     kinds[b&3],
		}
		if f.Kind == report.FrameApp && b&0x40 != 0 {
			f.Source = &report.Source{StartLine: f.Line, Line: f.Line, Lines: []string{"\tfailing(" + pad + ")"}}
		}
		frames = append(frames, f)
	}
	return frames
}

// FuzzFormat checks the trace budget rules on arbitrary stacks: Format
// never panics; it starts with the error line; it stays within the budget
// except for what is always kept (the error line, the innermost app frame
// and the lines that count what was left out); it keeps every app frame
// unless it says how many it dropped, and then keeps the innermost ones.
// Seeds live in testdata/fuzz/FuzzFormat.
func FuzzFormat(f *testing.F) {
	f.Add("panic: boom", []byte{0, 1, 2, 0, 1, 2}, 20, 3000)
	f.Add("panic: deep recursion", []byte{0, 0x80, 0x80, 0x80, 1, 2, 2, 2}, 5, 300)
	f.Add("error: many apps", []byte{0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0}, 150, 400)
	f.Add("", []byte{}, 0, 0)
	f.Add("status: tiny budget", []byte{1, 1, 0x40, 2, 2, 0, 1}, 199, 1)
	f.Fuzz(func(t *testing.T, errLine string, spec []byte, width, budget int) {
		if len(spec) > 512 || len(errLine) > 4096 {
			return
		}
		frames := fuzzFrames(spec, max(width, 0))
		tr := Format(errLine, frames, budget)
		budget = max(budget, 1)
		header := strings.TrimRight(errLine, "\n") + "\n"
		if !strings.HasPrefix(tr.Text, header) {
			t.Fatalf("the trace does not start with the error line %q:\n%s", header, tr.Text)
		}
		collapsed := Collapse(frames)
		if tr.AppDropped == 0 && tr.Kept+tr.Omitted != len(collapsed) {
			t.Fatalf("kept %d and omitted %d of %d frames", tr.Kept, tr.Omitted, len(collapsed))
		}

		var apps []report.Frame
		for _, fr := range collapsed {
			if fr.Kind == report.FrameApp {
				apps = append(apps, fr)
			}
		}
		limit := budget
		if len(apps) > 0 {
			// The innermost app frame is kept whatever it costs, with room
			// for two gap lines and the dropped-frames line.
			limit = max(limit, len(header)+len(frameText(&apps[0]))+2*gapLineLen+droppedLineLen)
		} else {
			limit = max(limit, len(header)+gapLineLen)
		}
		if len(tr.Text) > limit {
			t.Fatalf("trace of %d characters for a budget of %d (limit %d with the always-kept lines):\n%s", len(tr.Text), budget, limit, tr.Text)
		}

		for i, app := range apps {
			kept := strings.Contains(tr.Text, app.Function+"  [app]")
			switch {
			case i < len(apps)-tr.AppDropped && !kept:
				t.Fatalf("app frame %d of %d (%s) is missing; %d stated as dropped:\n%s", i, len(apps), app.Function, tr.AppDropped, tr.Text)
			case i >= len(apps)-tr.AppDropped && kept:
				t.Fatalf("app frame %d of %d (%s) is kept but counted as dropped (%d):\n%s", i, len(apps), app.Function, tr.AppDropped, tr.Text)
			}
		}
		if tr.AppDropped > 0 && !strings.Contains(tr.Text, fmt.Sprintf("(%d outer app frames dropped", tr.AppDropped)) {
			t.Fatalf("%d app frames dropped without saying so:\n%s", tr.AppDropped, tr.Text)
		}
	})
}
