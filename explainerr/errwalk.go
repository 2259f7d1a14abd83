package explainerr

import (
	"net/http"
)

// maxChainSteps bounds every walk of an error's Unwrap tree: a cyclic
// chain, or one built to be endless, must not hang the request.
const maxChainSteps = 64

// walkErrors calls visit for err and each error below it in its Unwrap tree
// (Unwrap() error and Unwrap() []error), depth first, outermost first,
// visiting each error value at most once and at most maxChainSteps errors
// in all. It stops when visit returns false. An Unwrap method that panics
// ends the walk where it could be followed; one that gives no result
// through calls (it blocked) is not followed.
func walkErrors(err error, calls *valueCalls, visit func(e error, depth int) bool) {
	type item struct {
		err   error
		depth int
	}
	var seen []error
	todo := []item{{err, 0}}
	for steps := 0; len(todo) > 0 && steps < maxChainSteps; steps++ {
		it := todo[len(todo)-1]
		todo = todo[:len(todo)-1]
		if it.err == nil || seenError(seen, it.err) {
			continue
		}
		seen = append(seen, it.err)
		if !visit(it.err, it.depth) {
			return
		}
		switch u := it.err.(type) {
		case interface{ Unwrap() error }:
			next, panicked, err := callValue(calls, it.err, "Unwrap", u.Unwrap)
			if panicked != nil {
				return
			}
			if err == nil {
				todo = append(todo, item{next, it.depth + 1})
			}
		case interface{ Unwrap() []error }:
			kids, panicked, _ := callValue(calls, it.err, "Unwrap", u.Unwrap)
			if panicked != nil {
				return
			}
			if len(kids) > maxChainSteps {
				kids = kids[:maxChainSteps]
			}
			// Pushed in reverse, so that the first child is visited first.
			for i := len(kids) - 1; i >= 0; i-- {
				todo = append(todo, item{kids[i], it.depth + 1})
			}
		}
	}
}

// seenError reports whether e is one of seen. Values of types that cannot
// be compared are never equal to anything (the step limit still bounds the
// walk).
func seenError(seen []error, e error) bool {
	for _, s := range seen {
		if sameError(s, e) {
			return true
		}
	}
	return false
}

// sameError compares two errors with ==, treating a comparison that panics
// (an error type holding a slice or map) as different.
func sameError(a, b error) (same bool) {
	defer func() {
		if recover() != nil {
			same = false
		}
	}()
	return a == b
}

// isAbort reports whether the panic value v is http.ErrAbortHandler or
// wraps it (through Unwrap, or an Is method that says so). The walk is
// bounded; an Unwrap or Is method that panics, or gives no result through
// calls, means it is not.
func isAbort(v any, calls *valueCalls) (abort bool) {
	err, ok := v.(error)
	if !ok {
		return false
	}
	walkErrors(err, calls, func(e error, _ int) bool {
		abort = sameError(e, http.ErrAbortHandler) || claimsAbort(e, calls)
		return !abort
	})
	return abort
}

// claimsAbort calls e's Is method, if it has one, with http.ErrAbortHandler.
func claimsAbort(e error, calls *valueCalls) bool {
	x, ok := e.(interface{ Is(error) bool })
	if !ok {
		return false
	}
	is, panicked, err := callValue(calls, e, "Is", func() bool { return x.Is(http.ErrAbortHandler) })
	return is && panicked == nil && err == nil
}

// maxChain bounds the messages of an error chain kept in a report.
const maxChain = 16

// chain returns the messages of the errors below err in its Unwrap tree,
// outermost first, at most maxChain of them and never more than 16 levels
// deep.
func chain(err error, calls *valueCalls) []string {
	var out []string
	walkErrors(err, calls, func(e error, depth int) bool {
		if depth == 0 {
			return true
		}
		if depth <= 16 {
			out = append(out, describe(e, calls))
		}
		return len(out) < maxChain
	})
	return out
}
