package explainerr

import (
	"runtime"
	"strings"

	"github.com/explainerr/explainerr/explainerr/report"
	"github.com/explainerr/explainerr/handler"
)

// HandlerFunc is a handler that reports failure by returning an error. It
// implements http.Handler. Under an Explainer's Middleware, a returned error
// becomes a failure report whose innermost app frame is the handler
// function itself; elsewhere it is answered with a plain 500 that says
// nothing about the error.
//
// An error returned after the response has started is logged, never
// appended to the partial body.
//
// HandlerFunc is handler.Func, from a package that needs nothing but the
// standard library, so that handlers can name it in a production build
// that links none of explainerr.
type HandlerFunc = handler.Func

// handlerFrame returns the function name, file and line of a handler
// function's entry point; frames, the stack below it, help find a method
// value's method.
func handlerFrame(pc uintptr, frames []report.Frame) (name, file string, line int) {
	fn := runtime.FuncForPC(pc)
	if fn == nil {
		return "", "", 0
	}
	name = fn.Name()
	file, line = fn.FileLine(fn.Entry())
	if strings.HasSuffix(name, "-fm") {
		// A method value: its wrapper is generated code; find the method.
		if method, mfile, mline, ok := locateMethodValue(name, frames); ok {
			return method, mfile, mline
		}
		name = strings.TrimSuffix(name, "-fm")
	}
	return name, file, line
}
