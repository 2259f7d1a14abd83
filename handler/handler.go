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

// ServeHTTP calls f and hands a returned error to the ErrorTaker under w,
// found as Fail finds it. When there is none (a production build, or a
// wrapper such as http.TimeoutHandler that hides it), the client gets a
// plain 500 that says nothing about the error, and the error is logged for
// the server's log, with the wrapper that hid the ErrorTaker when one did
// (see SetErrorLog and SetHandOverLog).
func (f Func) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	err := f(w, r)
	if err == nil {
		return
	}
	t, hider := errorTaker(w)
	if t != nil {
		pcs := make([]uintptr, maxDepth)
		n := runtime.Callers(2, pcs)
		t.TakeHandlerError(err, reflect.ValueOf(f).Pointer(), pcs[:n])
		return
	}
	if log := handOverLog.Load(); hider != "" && log != nil {
		(*log)(r, err, hider)
	} else {
		errorLog.Load().(func(*http.Request, error))(r, err)
	}
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
//
// Fail looks for the ErrorTaker under the framework's writer through
// Unwrap() http.ResponseWriter methods and, for writers without one (echo's
// Response before v4.11, gin's writer before v1.9), through the one
// exported field that holds the writer they wrap. When a wrapper hides the
// writer under it in an unexported field, Fail cannot reach the
// ErrorTaker: in a build that links explainerr, it logs one line naming
// that wrapper, with the error.
func Fail(w http.ResponseWriter, err error, fn any) bool {
	if err == nil {
		return false
	}
	t, hider := errorTaker(w)
	if t == nil {
		if log := handOverLog.Load(); hider != "" && log != nil {
			(*log)(nil, err, hider)
		}
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

// handOverLog holds the function that logs an error a wrapper kept from
// the ErrorTaker under it; nil when no build that links explainerr set one.
var handOverLog atomic.Pointer[func(r *http.Request, err error, hider string)]

// SetHandOverLog sets the function that logs an error Fail or a Func could
// not hand to the ErrorTaker under the response writer, because the
// wrapper hider (its type, as %T prints it, "*http.timeoutWriter" say)
// keeps the writer under it in an unexported field and has no Unwrap()
// http.ResponseWriter method. r is nil when the error came from Fail, which
// is not given the request. explainerr sets one, so that an error is never
// lost without a word; in a build that links none of explainerr, there is
// no ErrorTaker to hand errors to, so Fail logs nothing and a Func logs
// with the function SetErrorLog set. A nil f removes it.
func SetHandOverLog(f func(r *http.Request, err error, hider string)) {
	if f == nil {
		handOverLog.Store(nil)
		return
	}
	handOverLog.Store(&f)
}
