package explainerr

import (
	"context"
	"fmt"
	"reflect"
	"sync"
	"time"
)

// DefaultValueDeadline is how long the methods explainerr calls on one
// failure's values (Error, String, Format, Unwrap, Is) may take in all
// before what is left of them is not shown; WithValueDeadline changes it.
const DefaultValueDeadline = 100 * time.Millisecond

// Bounds of the calls on app values left running after their deadline.
const (
	// maxCallsPerType is how many calls on values of one type may run at
	// once; a type one of whose calls did not return is not called again
	// while this many are still running.
	maxCallsPerType = 4
	// maxCallsInAll bounds the calls running at once over all types.
	maxCallsInAll = 64
)

// valueCalls runs the methods explainerr calls on the app's values for one
// failure. The app's code may block in them (on a lock, a channel, the
// network): each runs on a goroutine of its own, and the calls share one
// deadline, past which the caller goes on without the result and the call
// is left running, counted against its type. The failure's report says
// what was not shown and why (blocked).
type valueCalls struct {
	limit  time.Duration
	ctx    context.Context // made on the first call: the shared deadline
	cancel context.CancelFunc
	// blocked lists, in order, each type and method whose call did not
	// return in time or was not made.
	blocked []blockedCall
}

// blockedCall is a method of a type whose result is not shown, and why.
type blockedCall struct {
	typ, method string
	// why: "did not return within 100ms", or why it was not called.
	why string
}

// notShown is what a call that gave no result returns: the text that takes
// the result's place.
type notShown struct{ text string }

func (n *notShown) Error() string { return n.text }

// newValueCalls returns the calls of one failure, sharing a deadline of
// limit (DefaultValueDeadline when it is not positive) from the first call.
func newValueCalls(limit time.Duration) *valueCalls {
	if limit <= 0 {
		limit = DefaultValueDeadline
	}
	return &valueCalls{limit: limit}
}

// done ends the failure's calls: its deadline is released. Calls left
// running go on and release their type's slot when they return.
func (c *valueCalls) done() {
	if c.cancel != nil {
		c.cancel()
	}
}

// deadline returns the channel closed when the failure's calls have used
// up their time.
func (c *valueCalls) deadline() <-chan struct{} {
	if c.ctx == nil {
		c.ctx, c.cancel = context.WithTimeout(context.Background(), c.limit)
	}
	return c.ctx.Done()
}

// typeCalls is what is running of one type's methods.
type typeCalls struct {
	slots   chan struct{} // maxCallsPerType
	stalled int           // calls left running after their deadline
}

// running holds the calls on app values in progress, over all failures:
// calls left running after their deadline stay counted until they return.
var running = struct {
	sync.Mutex
	byType map[reflect.Type]*typeCalls
	all    chan struct{} // maxCallsInAll
}{byType: map[reflect.Type]*typeCalls{}, all: make(chan struct{}, maxCallsInAll)}

// typeSlots returns the record of t's running calls.
func typeSlots(t reflect.Type) *typeCalls {
	running.Lock()
	defer running.Unlock()
	tc := running.byType[t]
	if tc == nil {
		tc = &typeCalls{slots: make(chan struct{}, maxCallsPerType)}
		running.byType[t] = tc
	}
	return tc
}

// callOutcome is what a call on an app value gave.
type callOutcome[T any] struct {
	v        T
	panicked any
	returned bool
}

// callValue calls fn, a method of recv's named by method ("Error",
// "Unwrap"…), on a goroutine of its own, and waits for it until c's
// deadline. It returns fn's result, or what fn panicked with, or a
// *notShown error when fn did not return in time (it is left running) or
// was not called: the deadline had passed, or recv's type already has
// maxCallsPerType calls running, one of which did not return in time.
func callValue[T any](c *valueCalls, recv any, method string, fn func() T) (v T, panicked any, err error) {
	t := reflect.TypeOf(recv)
	if runsNoAppCode(t) {
		return callInline(fn)
	}
	typ := fmt.Sprint(t)
	expired := c.deadline()
	select {
	case <-expired:
		return v, nil, c.block(typ, method, fmt.Sprintf("was not called: the %s for this failure's method calls had run out", c.limit))
	default:
	}
	tc := typeSlots(t)
	select {
	case tc.slots <- struct{}{}:
	default:
		running.Lock()
		stalled := tc.stalled
		running.Unlock()
		if stalled > 0 {
			return v, nil, c.block(typ, method, fmt.Sprintf("was not called: %d calls of its methods have not returned", len(tc.slots)))
		}
		select {
		case tc.slots <- struct{}{}:
		case <-expired:
			return v, nil, c.block(typ, method, fmt.Sprintf("was not called within %s: %d calls of its methods were running", c.limit, maxCallsPerType))
		}
	}
	select {
	case running.all <- struct{}{}:
	default:
		<-tc.slots
		return v, nil, c.block(typ, method, fmt.Sprintf("was not called: %d calls on the app's values have not returned", maxCallsInAll))
	}

	out := make(chan callOutcome[T], 1)
	var mu sync.Mutex // guards abandoned and finished
	var abandoned, finished bool
	go func() {
		var o callOutcome[T]
		defer func() {
			if !o.returned {
				o.panicked = recover()
			}
			mu.Lock()
			finished = true
			if abandoned {
				running.Lock()
				tc.stalled--
				running.Unlock()
			}
			mu.Unlock()
			<-running.all
			<-tc.slots
			out <- o
		}()
		o.v = fn()
		o.returned = true
	}()
	select {
	case o := <-out:
		return o.v, o.panicked, nil
	case <-expired:
	}
	mu.Lock()
	if finished {
		mu.Unlock()
		o := <-out
		return o.v, o.panicked, nil
	}
	abandoned = true
	running.Lock()
	tc.stalled++
	running.Unlock()
	mu.Unlock()
	return v, nil, c.block(typ, method, fmt.Sprintf("did not return within %s", c.limit))
}

// runsNoAppCode reports whether the methods explainerr calls on values of
// type t (Error, String, Unwrap, Is) run no code of the app, and so cannot
// block: the runtime's errors (a nil dereference, an index out of range),
// errors.New's, and fmt.Errorf's wrappers, whose Error and Unwrap only
// return what they hold. They are called where they are, with no
// goroutine and no deadline, so that a loaded machine, slow to schedule a
// goroutine, never hides the message of the commonest failures.
func runsNoAppCode(t reflect.Type) bool {
	if t == nil {
		return false
	}
	for t.Kind() == reflect.Pointer {
		t = t.Elem()
	}
	switch t.PkgPath() {
	case "runtime":
		return true
	case "errors":
		return t.Name() == "errorString"
	case "fmt":
		return t.Name() == "wrapError" || t.Name() == "wrapErrors"
	}
	return false
}

// callInline calls fn where it is, returning what it panicked with.
func callInline[T any](fn func() T) (v T, panicked any, err error) {
	returned := false
	defer func() {
		if !returned {
			panicked = recover()
		}
	}()
	v = fn()
	returned = true
	return v, nil, nil
}

// block records that typ's method gave no result, and why, and returns the
// error that says so in the result's place.
func (c *valueCalls) block(typ, method, why string) error {
	if len(c.blocked) < maxChain && !c.named(typ, method) {
		c.blocked = append(c.blocked, blockedCall{typ: typ, method: method, why: why})
	}
	return &notShown{text: fmt.Sprintf("(not shown: %s() of %s %s)", method, typ, why)}
}

// named reports whether typ's method is already listed as blocked: the
// first reason is the one told.
func (c *valueCalls) named(typ, method string) bool {
	for _, b := range c.blocked {
		if b.typ == typ && b.method == method {
			return true
		}
	}
	return false
}
