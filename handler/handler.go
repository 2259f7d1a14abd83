// Package handler holds Func, the error-returning HTTP handler type that
// explainerr.HandlerFunc names. It needs nothing but the standard library,
// so handlers written against it keep compiling, and keep failing safely,
// in a production build that links none of explainerr (see the README,
// "Production builds").
package handler

import (
	"log/slog"
	"net/http"
	"reflect"
	"runtime"
	"sync/atomic"
)

// maxDepth bounds the program counters recorded for a returned error.
const maxDepth = 512

// Func is a handler that reports failure by returning an error. It
// implements http.Handler. Under explainerr's middleware, a returned error
// becomes a failure report whose innermost app frame is the handler
// function itself; elsewhere it is answered with a plain 500 that says
// nothing about the error.
type Func func(w http.ResponseWriter, r *http.Request) error

// ErrorTaker is implemented by a response writer that takes over the
// errors Func handlers return, as explainerr's middleware's writer does.
// Func finds it under other middleware's wrappers through their
// Unwrap() http.ResponseWriter methods.
type ErrorTaker interface {
	// TakeHandlerError receives err, the entry program counter of the
	// handler function that returned it, and the stack of the Func's
	// callers (as runtime.Callers records it).
	TakeHandlerError(err error, fn uintptr, callers []uintptr)
}

// ServeHTTP calls f and hands a returned error to the ErrorTaker under w.
// When there is none (a production build, or a wrapper such as
// http.TimeoutHandler that hides it), the client gets a plain 500 that
// says nothing about the error, and the error goes to slog.Default() for
// the server's log.
func (f Func) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	err := f(w, r)
	if err == nil {
		return
	}
	if t := errorTaker(w); t != nil {
		pcs := make([]uintptr, maxDepth)
		n := runtime.Callers(2, pcs)
		t.TakeHandlerError(err, reflect.ValueOf(f).Pointer(), pcs[:n])
		return
	}
	errorLog.Load().(func(*http.Request, error))(r, err)
	http.Error(w, http.StatusText(http.StatusInternalServerError), http.StatusInternalServerError)
}

// errorLog holds the function that logs an error no ErrorTaker took.
var errorLog atomic.Value

func init() { errorLog.Store(logError) }

// logError is the default error log: one record on slog.Default().
func logError(r *http.Request, err error) {
	slog.ErrorContext(r.Context(), "handler returned an error", "method", r.Method, "path", r.URL.Path, "error", err.Error())
}

// SetErrorLog replaces the function that logs an error a Func returned
// when no ErrorTaker took it (the default writes one record to
// slog.Default()). explainerr sets one that hides secrets first; a nil f
// restores the default.
func SetErrorLog(f func(r *http.Request, err error)) {
	if f == nil {
		f = logError
	}
	errorLog.Store(f)
}

// errorTaker finds the ErrorTaker under w, or nil.
func errorTaker(w http.ResponseWriter) ErrorTaker {
	for i := 0; i < 16 && w != nil; i++ {
		if t, ok := w.(ErrorTaker); ok {
			return t
		}
		u, ok := w.(interface{ Unwrap() http.ResponseWriter })
		if !ok {
			return nil
		}
		w = u.Unwrap()
	}
	return nil
}
