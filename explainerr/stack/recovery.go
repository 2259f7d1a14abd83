package stack

import (
	pp "github.com/maruel/panicparse/v2/stack"

	"github.com/explainerr/explainerr/explainerr/report"
)

// recoveringFrames returns the frames of g above its outermost panic call
// (the code that recovered the panic and panicked again, innermost first)
// without the panic machinery; nil when g has no such code, or none of it
// is the app's. The failure is explained where the first panic happened
// (dumpFrames), but an app's own recovering code, such as a transaction
// helper that rolls back and panics again, belongs to the same goroutine
// and may be what the reader must change.
func recoveringFrames(g *pp.Goroutine, c *Classifier, roots appRoots) []report.Frame {
	calls := g.Stack.Calls
	outer := -1
	for i, call := range calls {
		if isPanicCall(call.Func.Complete) {
			outer = i
		}
	}
	if outer <= 0 {
		return nil
	}
	var frames []report.Frame
	app := false
	for _, call := range calls[:outer] {
		fn, file := call.Func.Complete, call.RemoteSrcPath
		if fn == "" {
			continue
		}
		kind := dumpKind(c, fn, file, roots)
		if kind == report.FrameRuntime || isPanicCall(fn) {
			continue
		}
		app = app || kind == report.FrameApp
		frames = append(frames, report.Frame{Function: fn, File: file, Line: call.Line, Kind: kind})
	}
	if !app {
		return nil
	}
	return frames
}

// isPanicCall reports whether fn is the runtime's panic call as a dump
// names it (runtime.panic before Go 1.4).
func isPanicCall(fn string) bool {
	return fn == "panic" || fn == "runtime.gopanic" || fn == "runtime.panic"
}

// addRecoveryContext adds the app code of the failing goroutine that
// recovered its panic and panicked again, as context next to the failure.
func (d *Dump) addRecoveryContext(g *pp.Goroutine, c *Classifier, roots appRoots) {
	frames := recoveringFrames(g, c, roots)
	if frames == nil {
		return
	}
	d.Blocked = append([]report.Goroutine{{
		ID:     g.ID,
		State:  "the same goroutine: this code recovered the panic and panicked again",
		Frames: frames,
	}}, d.Blocked...)
	d.Notes = append(d.Notes, "The panic was recovered by the app's code and raised again; the failure is shown where the first panic happened, and the recovering code as another stack of the same goroutine.")
}
