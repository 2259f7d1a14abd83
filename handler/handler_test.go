package handler_test

import (
	"errors"
	"net/http"
	"net/http/httptest"
	"reflect"
	"strings"
	"testing"

	"github.com/explainerr/explainerr/handler"
)

// taker is a response writer that takes returned errors over.
type taker struct {
	http.ResponseWriter
	err     error
	fn      uintptr
	callers []uintptr
}

func (t *taker) TakeHandlerError(err error, fn uintptr, callers []uintptr) {
	t.err, t.fn, t.callers = err, fn, callers
}

// wrapper is another middleware's writer that hides the taker but unwraps.
type wrapper struct{ http.ResponseWriter }

func (w wrapper) Unwrap() http.ResponseWriter { return w.ResponseWriter }

var errSecret = errors.New("db password rejected: hunter2")

func failing(w http.ResponseWriter, r *http.Request) error { return errSecret }

func TestReturnedErrorGoesToTheTakerUnderWrappers(t *testing.T) {
	rec := httptest.NewRecorder()
	tk := &taker{ResponseWriter: rec}
	handler.Func(failing).ServeHTTP(wrapper{wrapper{tk}}, httptest.NewRequest(http.MethodGet, "/", nil))
	if tk.err != errSecret {
		t.Fatalf("taker got %v, want the returned error", tk.err)
	}
	if tk.fn != reflect.ValueOf(failing).Pointer() {
		t.Error("taker did not get the handler function's entry")
	}
	if len(tk.callers) == 0 {
		t.Error("taker got no callers")
	}
	if rec.Code != http.StatusOK || rec.Body.Len() != 0 {
		t.Errorf("Func wrote %d %q itself; the taker answers", rec.Code, rec.Body)
	}
}

func TestWithoutATakerTheClientGetsAPlain500(t *testing.T) {
	rec := httptest.NewRecorder()
	handler.Func(failing).ServeHTTP(rec, httptest.NewRequest(http.MethodGet, "/", nil))
	if rec.Code != http.StatusInternalServerError || rec.Body.String() != "Internal Server Error\n" {
		t.Errorf("status %d, body %q: want a plain 500", rec.Code, rec.Body)
	}
	if strings.Contains(rec.Body.String(), "hunter2") {
		t.Error("the error reached the client")
	}
}

func TestNoErrorWritesNothingMore(t *testing.T) {
	rec := httptest.NewRecorder()
	ok := func(w http.ResponseWriter, r *http.Request) error { w.Write([]byte("fine")); return nil }
	handler.Func(ok).ServeHTTP(rec, httptest.NewRequest(http.MethodGet, "/", nil))
	if rec.Code != http.StatusOK || rec.Body.String() != "fine" {
		t.Errorf("status %d, body %q", rec.Code, rec.Body)
	}
}

// errorHandler stands for a framework's error handler: it hands the error
// its route handler returned to Fail.
func errorHandler(w http.ResponseWriter, err error, route any) bool {
	return handler.Fail(w, err, route)
}

func TestFailHandsAnErrorToTheTaker(t *testing.T) {
	rec := httptest.NewRecorder()
	tk := &taker{ResponseWriter: rec}
	if !errorHandler(wrapper{tk}, errSecret, failing) || tk.err != errSecret || tk.fn != reflect.ValueOf(failing).Pointer() || len(tk.callers) == 0 {
		t.Fatalf("taker got %v, fn %#x, %d callers", tk.err, tk.fn, len(tk.callers))
	}
	// Without a route handler, no handler is named; the stack is the
	// error handler's.
	if !errorHandler(tk, errSecret, nil) || tk.fn != 0 || len(tk.callers) == 0 {
		t.Errorf("fn %#x with %d callers, want 0 and the error handler's stack", tk.fn, len(tk.callers))
	}
	if rec.Body.Len() != 0 {
		t.Errorf("Fail wrote %q itself; the taker answers", rec.Body)
	}
}

func TestFailWithoutATakerLeavesTheAnswerToTheCaller(t *testing.T) {
	rec := httptest.NewRecorder()
	if handler.Fail(rec, errSecret, failing) || rec.Body.Len() != 0 || rec.Code != http.StatusOK {
		t.Errorf("Fail took the error, or wrote %d %q, with no taker", rec.Code, rec.Body)
	}
}
