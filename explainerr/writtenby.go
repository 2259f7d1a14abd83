package explainerr

import (
	"fmt"
	"path"
	"strings"

	"github.com/explainerr/explainerr/explainerr/report"
)

// writtenByLibrary looks at the frames of a status write (innermost first,
// ResponseWriter wrappers already marked as machinery) for a status that
// library code wrote on its own: the first frame past explainerr's, the
// runtime's and the standard library's is a dependency's that was invoked
// as a handler (a ServeHTTP method is below it), with the app's code
// further down. That is how a response buffer such as scs's LoadAndSave
// (before v2.6) writes the status a handler set, after the handler
// returned, and how a library handler or a framework's error handler
// writes its own; a stack with no app frame at all (a real server's, under
// a router's middleware, such as chi's Timeout writing its 504) is read
// the same way. It returns the library frame, or nil when the app itself
// wrote the status (directly, or by calling a library, as with gin's
// AbortWithStatus).
func writtenByLibrary(frames []report.Frame) *report.Frame {
	var lib *report.Frame
	asHandler := false
	for i := range frames {
		f := &frames[i]
		switch {
		case f.Kind == report.FrameApp:
			if lib != nil && asHandler {
				return lib
			}
			return nil
		case lib == nil && f.Kind == report.FrameDependency:
			lib = f
		case lib != nil && isServeHTTP(f.Function):
			asHandler = true
		}
	}
	if lib != nil && asHandler {
		return lib
	}
	return nil
}

// isServeHTTP reports whether function is a ServeHTTP method or a method
// value of one, the way one handler calls the next.
func isServeHTTP(function string) bool {
	return strings.HasSuffix(function, ".ServeHTTP") || strings.HasSuffix(function, ".ServeHTTP-fm")
}

// noteWrittenBy records on rep that lib, not the app, wrote its status.
func (ex *Explainer) noteWrittenBy(rep *report.Report, lib *report.Frame) {
	where := fmt.Sprintf("%s (%s:%d)", ex.classifier.OwnName(lib.Function, lib.File), path.Base(lib.File), lib.Line)
	rep.Error.WrittenBy = where
	if isDeadlineMiddleware(where) {
		rep.Notices = append(rep.Notices, fmt.Sprintf("Status %d was written by %s, a middleware that gives the request's context a deadline "+
			"and answers %d when the handler returns after it passed: the handler gave up (or finished) late and wrote no response itself. "+
			"Its log lines and the work it waits on (queries, calls given r.Context()) say what outlasted the deadline.",
			rep.Status, where, rep.Status))
		return
	}
	rep.Notices = append(rep.Notices, fmt.Sprintf("Status %d was written by library code, %s, that the request was handed to, not by the app's code on this stack. "+
		"Middleware that buffers the response (scs's LoadAndSave before v2.6) writes the status a handler set after the handler has returned, "+
		"so that handler is not on this stack (the request's log lines may name it): put explainerr inside that middleware to see the handler's own call "+
		"(README, Placement).", rep.Status, where))
}

// isDeadlineMiddleware reports whether the function named in where is chi's
// middleware.Timeout, which sets a context deadline and writes 504 once the
// handler has returned past it.
func isDeadlineMiddleware(where string) bool {
	return strings.HasPrefix(where, "github.com/go-chi/chi/v5/middleware.Timeout.") ||
		strings.HasPrefix(where, "github.com/go-chi/chi/middleware.Timeout.")
}
