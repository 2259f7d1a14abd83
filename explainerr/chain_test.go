package explainerr_test

import (
	"errors"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/explainerr/explainerr/explainerr"
	"github.com/explainerr/explainerr/explainerr/report"
)

// loopError's Unwrap chain is a cycle: a → b → a → …
type loopError struct {
	name string
	next *loopError
}

func (e *loopError) Error() string { return "loop " + e.name }
func (e *loopError) Unwrap() error { return e.next }

func newLoop() error {
	a, b := &loopError{name: "a"}, &loopError{name: "b"}
	a.next, b.next = b, a
	return a
}

// fanError's Unwrap() []error returns itself twice: a cycle that also
// doubles at every step.
type fanError struct{ msg string }

func (e *fanError) Error() string   { return e.msg }
func (e *fanError) Unwrap() []error { return []error{e, errors.New("cause under " + e.msg), e} }

// freshError makes a new value on every Unwrap: no value repeats, so only
// a step limit ends the walk.
type freshError struct{ n int }

func (e freshError) Error() string { return "fresh" }
func (e freshError) Unwrap() error { return freshError{e.n + 1} }

// sliceError is not comparable: == on it panics.
type sliceError struct{ parts []string }

func (e sliceError) Error() string   { return strings.Join(e.parts, ", ") }
func (e sliceError) Unwrap() []error { return []error{e, e} }

// TestCyclicErrorChainsFinish: panic values and returned errors whose
// Unwrap chains never end are reported, and the request finishes.
func TestCyclicErrorChainsFinish(t *testing.T) {
	cases := map[string]func() error{
		"cyclic Unwrap() error":   newLoop,
		"cyclic Unwrap() []error": func() error { return &fanError{msg: "fan"} },
		"endless fresh values":    func() error { return freshError{} },
		"uncomparable cycle":      func() error { return sliceError{parts: []string{"x", "y"}} },
	}
	for name, mk := range cases {
		t.Run(name, func(t *testing.T) {
			ex := newExplainer(t)
			handlers := map[string]http.Handler{
				"panic": http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) { panic(mk()) }),
				"returned": explainerr.HandlerFunc(func(w http.ResponseWriter, r *http.Request) error {
					return mk()
				}),
			}
			for how, h := range handlers {
				done := make(chan report.Report, 1)
				go func() {
					rec := get(ex.Middleware(h), "GET", "/", "application/json")
					done <- decodeReport(t, rec)
				}()
				select {
				case rep := <-done:
					if rep.Error.Message != mk().Error() {
						t.Errorf("%s: message %q", how, rep.Error.Message)
					}
					if len(rep.Error.Chain) == 0 || len(rep.Error.Chain) > 16 {
						t.Errorf("%s: chain of %d messages, want a bounded non-empty one", how, len(rep.Error.Chain))
					}
				case <-time.After(10 * time.Second): // a hang, not a speed limit
					t.Fatalf("%s: the request did not finish", how)
				}
			}
		})
	}
}

// abortInCycle wraps http.ErrAbortHandler in a chain that then cycles: the
// abort is still recognised.
type abortInCycle struct{ self *abortInCycle }

func (e *abortInCycle) Error() string   { return "aborting" }
func (e *abortInCycle) Unwrap() []error { return []error{e.self, http.ErrAbortHandler} }

func TestAbortFoundInCyclicChain(t *testing.T) {
	v := &abortInCycle{}
	v.self = v
	h := newExplainer(t).Middleware(http.HandlerFunc(func(http.ResponseWriter, *http.Request) { panic(v) }))
	if got := catchPanic(func() { get(h, "GET", "/", "application/json") }); got != v {
		t.Fatalf("recovered %v, want the abort re-panicked", got)
	}
}
