package stack

import (
	"strings"

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

// addRecoveryContext adds the app code of the failing goroutine that ran
// while its panic was being handled, as context next to the failure, and
// says what the dump shows it did: printed the stack (runtime/debug.Stack
// is on it: the paste is that print, and nothing panicked again),
// recovered and panicked again (the header says "[recovered]"), or only
// ran (a deferred call the dump caught in the middle).
func (d *Dump) addRecoveryContext(g *pp.Goroutine, c *Classifier, roots appRoots) {
	frames := recoveringFrames(g, c, roots)
	if frames == nil {
		return
	}
	state := "the same goroutine: this deferred code was running while the panic was being handled"
	note := "The app's deferred code was running while the panic was being handled; the failure is shown where the panic happened, and that code as another stack of the same goroutine."
	switch {
	case printsStack(g):
		state = "the same goroutine: this deferred code printed the stack while the panic was being handled"
		note = "The stack was printed by the app's deferred code while the panic was being handled (it calls runtime/debug.Stack); the failure is shown where the panic happened."
	case d.repanicked() && d.secondPanic() != "":
		second := d.secondPanic()
		state = "the same goroutine: this code recovered the panic and panicked again, with another value (" + second + ")"
		note = "The panic was recovered by the app's code, which then panicked again with another value (" + second + "); the failure is shown where the first panic happened, and the recovering code as another stack of the same goroutine."
	case d.repanicked():
		state = "the same goroutine: this code recovered the panic and panicked again"
		note = "The panic was recovered by the app's code and raised again; the failure is shown where the first panic happened, and the recovering code as another stack of the same goroutine."
	}
	d.Blocked = append([]report.Goroutine{{ID: g.ID, State: state, Frames: frames}}, d.Blocked...)
	d.Notes = append(d.Notes, note)
}

// printsStack reports whether g's stack was taken by the program itself
// (runtime/debug.Stack or PrintStack, runtime.Stack on it).
func printsStack(g *pp.Goroutine) bool {
	for _, call := range g.Stack.Calls {
		switch call.Func.Complete {
		case "runtime/debug.Stack", "runtime/debug.PrintStack", "runtime.Stack":
			return true
		}
	}
	return false
}

// repanicked reports whether the dump's header says a panic was recovered
// and raised again ("panic: ... [recovered]").
func (d *Dump) repanicked() bool {
	for _, h := range d.Header {
		if reRecovered.MatchString(h) {
			return true
		}
	}
	return false
}

// secondPanic returns the value of a later panic of the header that is
// not the first one raised again ("send on closed channel" after
// "panic: interface conversion: ... [recovered]"); "" when there is none.
func (d *Dump) secondPanic() string {
	if len(d.Header) == 0 {
		return ""
	}
	value := func(h string) string {
		return reRecovered.ReplaceAllString(strings.TrimPrefix(strings.TrimSpace(h), "panic: "), "")
	}
	first := value(d.Header[0])
	for _, h := range d.Header[1:] {
		if strings.HasPrefix(strings.TrimSpace(h), "panic: ") && value(h) != first {
			return value(h)
		}
	}
	return ""
}
