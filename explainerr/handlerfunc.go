package explainerr

import (
	"net/http"
	"reflect"
	"runtime"
	"strings"

	"github.com/explainerr/explainerr/explainerr/stack"
)

// HandlerFunc is a handler that reports failure by returning an error. It
// implements http.Handler. Under an Explainer's Middleware, a returned error
// becomes a failure report whose innermost app frame is the handler
// function itself; elsewhere it is answered with http.Error and status 500.
//
// An error returned after the response has started is logged, never
// appended to the partial body.
type HandlerFunc func(w http.ResponseWriter, r *http.Request) error

// handlerError is a returned error with where it came from.
type handlerError struct {
	err error
	fn  uintptr   // entry of the handler function
	pcs []uintptr // stack of the adapter's ServeHTTP
}

// ServeHTTP calls f and reports a returned error.
func (f HandlerFunc) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	err := f(w, r)
	if err == nil {
		return
	}
	sink := failureSink(w)
	if sink == nil {
		http.Error(w, err.Error(), http.StatusInternalServerError)
		return
	}
	if sink.handlerErr == nil {
		sink.handlerErr = &handlerError{err: err, fn: reflect.ValueOf(f).Pointer(), pcs: stack.Capture(1)}
	}
}

// handlerFrame returns the function name, file and line of a handler
// function's entry point.
func handlerFrame(pc uintptr) (name, file string, line int) {
	fn := runtime.FuncForPC(pc)
	if fn == nil {
		return "", "", 0
	}
	name = fn.Name()
	file, line = fn.FileLine(fn.Entry())
	if strings.HasSuffix(name, "-fm") {
		// A method value: its wrapper is generated code; find the method.
		if method, mfile, mline, ok := locateMethodValue(name); ok {
			return method, mfile, mline
		}
		name = strings.TrimSuffix(name, "-fm")
	}
	return name, file, line
}
