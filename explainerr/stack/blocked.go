package stack

import (
	"fmt"
	"strings"

	pp "github.com/maruel/panicparse/v2/stack"

	"github.com/explainerr/explainerr/explainerr/report"
)

// maxBlocked bounds how many distinct blocked goroutines a dump reports,
// and maxBlockedFrames how many app frames (innermost first) each keeps.
const (
	maxBlocked       = 20
	maxBlockedFrames = 4
)

// blockedGoroutines returns the goroutines of gs other than failing that
// run app code, each as the call it waits in and its app frames, innermost
// first, with identical ones merged.
func blockedGoroutines(gs []*pp.Goroutine, failing *pp.Goroutine, c *Classifier, roots appRoots) []report.Goroutine {
	var out []report.Goroutine
	index := map[string]int{}
	for _, g := range gs {
		if g == failing || printsDump(g) {
			continue
		}
		frames := waitingFrames(g, c, roots)
		if frames == nil {
			continue
		}
		b := report.Goroutine{ID: g.ID, State: g.State, Frames: frames, CreatedBy: creator(g, c, roots)}
		key := goroutineKey(b)
		if i, ok := index[key]; ok {
			out[i].Count = max(out[i].Count, 1) + 1
			continue
		}
		if len(out) == maxBlocked {
			continue
		}
		index[key] = len(out)
		out = append(out, b)
	}
	return out
}

// waitingFrames returns the call g's innermost app frame waits in, when
// that is a library call (sync.(*Mutex).Lock, sync.(*WaitGroup).Wait; a
// channel operation shows as the app frame itself), followed by g's app
// frames, innermost first; nil when g runs no app code.
func waitingFrames(g *pp.Goroutine, c *Classifier, roots appRoots) []report.Frame {
	var frames []report.Frame
	var callee *report.Frame
	apps := 0
	for _, call := range g.Stack.Calls {
		fn, file := call.Func.Complete, call.RemoteSrcPath
		if fn == "" {
			continue
		}
		f := report.Frame{Function: fn, File: file, Line: call.Line, Kind: dumpKind(c, fn, file, roots)}
		if f.Kind == report.FrameApp {
			if len(frames) == 0 && callee != nil {
				frames = append(frames, *callee)
			}
			if apps < maxBlockedFrames {
				frames = append(frames, f)
			}
			apps++
			continue
		}
		if len(frames) == 0 {
			callee = nil
			if f.Kind != report.FrameRuntime && PackageOf(fn) != "runtime" {
				callee = &f
			}
		}
	}
	return frames
}

// goroutineKey identifies goroutines that wait in the same place.
func goroutineKey(g report.Goroutine) string {
	var b strings.Builder
	b.WriteString(g.State)
	for _, f := range g.Frames {
		fmt.Fprintf(&b, "|%s %s:%d", f.Function, f.File, f.Line)
	}
	if g.CreatedBy != nil {
		fmt.Fprintf(&b, "|created by %s %s:%d", g.CreatedBy.Function, g.CreatedBy.File, g.CreatedBy.Line)
	}
	return b.String()
}
