package offline

import (
	"regexp"

	"github.com/explainerr/explainerr/explainerr/provider/offline/internal/draft"
	"github.com/explainerr/explainerr/explainerr/report"
)

// A status written by library code the app handed the request to (a
// session manager that buffers the response and writes the handler's
// status after the handler returned) has, as its innermost app frame, the
// middleware line that called the library: that line decided nothing.
// The handler that did is named by a stack trace the request logged, when
// the app's error helper logs one.

// writtenByLibrary reports whether a library, not the app's code on the
// stack, wrote the error status.
func (a *analysis) writtenByLibrary() bool {
	return a.r.Error.WrittenBy != "" && a.r.Error.Kind == report.KindStatus
}

// whereLibraryWrote writes the location section of a status a library
// wrote: where the request was handed on, and the app's frames of a
// logged stack trace.
func (a *analysis) whereLibraryWrote(at string) {
	wb := a.r.Error.WrittenBy
	a.g.Add(wb)
	text := "library code, " + code(wb) + ", wrote the error status after the app handed the request on to it at " + at
	if a.s.Text != "" {
		text += ":\n" + code(a.s.Text)
	} else {
		text += "."
	}
	a.d.Where = append(a.d.Where, draft.Item{text})
	if lib, caller, ok := libraryWriter(a.r.Frames); ok {
		// The library was still running: its frames above the app's
		// line wrote the status.
		a.g.Add(lib.Function, caller.Function)
		a.d.Where = append(a.d.Where, draft.Item{"That line only passed the request on; the library's own code wrote the status while it handled the request: " + code(shortFunction(lib.Function)) + " at " + code(loc(baseName(lib.File), lib.Line)) + ", called from " + code(shortFunction(caller.Function)) + "."})
	} else {
		a.d.Where = append(a.d.Where, draft.Item{"That line only passed the request on; the status was decided by the code the library ran afterwards, whose frames are not on this stack (a response buffer writes the status a handler set after the handler has returned)."})
	}
	if f, ok := a.reportingFrame(); ok {
		frames, _ := a.loggedAppStack()
		taken := frames[0]
		line := "The request's log holds a stack trace of the app, taken in " + code(shortFunction(taken.Function)) + " at " + code(a.fileLoc(taken.File, taken.Line))
		a.g.Add(taken.Function, shortFunction(taken.Function), baseName(taken.File))
		if f != taken {
			line += " and called from " + a.describeLoggedFrame(f) + ": that is the app's code that reported the error."
		} else {
			line += ": " + a.describeLoggedFrame(f) + "."
		}
		a.d.Where = append(a.d.Where, draft.Item{line})
	}
}

// libraryWriter returns, for a stack whose innermost frames above the
// first app frame are a dependency's, the innermost of them and the
// frame that called it: the library's code that wrote the status while
// it ran. false when only the standard library's frames are there.
func libraryWriter(frames []report.Frame) (lib, caller report.Frame, ok bool) {
	for i, f := range frames {
		switch f.Kind {
		case report.FrameApp:
			return report.Frame{}, report.Frame{}, false
		case report.FrameDependency:
			if i+1 < len(frames) {
				return f, frames[i+1], true
			}
			return report.Frame{}, report.Frame{}, false
		}
	}
	return report.Frame{}, report.Frame{}, false
}

// reportingFrame returns the app frame that reported the error according
// to a stack trace the request logged, when the failing stack does not
// reach it (a library wrote the status): the caller of the function that
// took the trace (an error helper), or that function when it is the only
// app frame of the trace.
func (a *analysis) reportingFrame() (loggedFrame, bool) {
	if !a.writtenByLibrary() {
		return loggedFrame{}, false
	}
	frames, _ := a.loggedAppStack()
	switch len(frames) {
	case 0:
		return loggedFrame{}, false
	case 1:
		return frames[0], true
	}
	return frames[1], true
}

// serverSide matches error messages of failures that are the server's,
// whatever the request: an unreachable service, a timeout, a schema
// mistake. Advice to answer them with a 4xx does not fit.
var serverSide = regexp.MustCompile(`(?i)connection refused|no such host|i/o timeout|deadline exceeded|context canceled|does not exist|doesn't exist|no such (?:table|column)|unknown column|syntax error|broken pipe|connection reset|too many connections|permission denied`)

// clientSide matches the words of an error about the request's input:
// only then is a 4xx status advice the message grounds. A missing row or
// a cache miss is not one: whether it is the client's is the app's call.
var clientSide = regexp.MustCompile(`(?i)\b(?:invalid|required|missing|malformed|must (?:be|not)|bad request|not allowed|unsupported|too (?:long|short|large|many))\b`)
