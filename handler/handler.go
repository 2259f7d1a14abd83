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
	// handler function that returned it (0 when Fail was not told), and
	// the stack of the Func's (or Fail's) callers (as runtime.Callers
	// records it).
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

// Fail hands err, an error a framework's error handler got from a route
// handler (echo's HTTPErrorHandler, say), to the ErrorTaker under w, as a
// Func's returned error is: under explainerr's middleware the request's
// report then has the error's message and chain, and the handler's place
// when fn (the route handler, a func value) is not nil; with a nil fn
// (frameworks wrap their handlers), the stack of Fail's caller. Fail reports
// whether an ErrorTaker took err; when none did (a production build), it
// wrote nothing and the caller answers as it would without explainerr.
func Fail(w http.ResponseWriter, err error, fn any) bool {
	t := errorTaker(w)
	if t == nil || err == nil {
		return false
	}
	pcs := make([]uintptr, maxDepth)
	n := runtime.Callers(2, pcs)
	var entry uintptr // 0: the handler that returned err is not known
	if v := reflect.ValueOf(fn); v.Kind() == reflect.Func && !v.IsNil() {
		entry = v.Pointer()
	}
	t.TakeHandlerError(err, entry, pcs[:n])
	return true
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
