package explainerr

import (
	"errors"
	"fmt"
	"reflect"
	"testing"
)

// TestStandardErrorsRunInline: the runtime's errors, errors.New's and
// fmt.Errorf's wrappers are called where they are, even after the
// failure's deadline has passed; an app's type, and errors.Join's (whose
// Error calls the app's errors), are not.
func TestStandardErrorsRunInline(t *testing.T) {
	var runtimeErr error
	func() {
		defer func() { runtimeErr = recover().(error) }()
		var m map[string]int
		m["x"]++
	}()
	c := newValueCalls(1)
	defer c.done()
	<-c.deadline() // the deadline has passed
	for _, err := range []error{runtimeErr, errors.New("plain"), fmt.Errorf("wrapped: %w", errors.New("inner")), fmt.Errorf("two: %w %w", errors.New("a"), errors.New("b"))} {
		got, _, callErr := callValue(c, err, "Error", err.Error)
		if callErr != nil || got != err.Error() {
			t.Errorf("%T: %q, %v; want it called inline", err, got, callErr)
		}
	}
	for _, v := range []any{errors.Join(errors.New("a")), appError{}} {
		if runsNoAppCode(reflect.TypeOf(v)) {
			t.Errorf("%T is called inline, but its methods may run the app's code", v)
		}
	}
	got, panicked, _ := callValue(c, errors.New("x"), "Error", func() string { panic("boom") })
	if got != "" || panicked != "boom" {
		t.Errorf("a panicking inline call gave %q, %v", got, panicked)
	}
}

type appError struct{}

func (appError) Error() string { return "app" }
