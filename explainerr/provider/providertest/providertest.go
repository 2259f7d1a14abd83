// Package providertest checks that a provider keeps the contract package
// provider documents, in the manner of testing/fstest.TestFS: a provider's
// own tests call TestProvider with a request it can answer, and get back
// every way the provider breaks the contract.
//
// The checks: Name is a short lower-case name; Explain answers with a
// text or an error, never with neither; the pieces it streams to onDelta,
// when it streams, concatenate to the result's text; it is safe to call
// from many goroutines at once; and it returns once its context is done.
package providertest

import (
	"context"
	"errors"
	"fmt"
	"regexp"
	"strings"
	"sync"
	"time"

	"github.com/explainerr/explainerr/explainerr/provider"
)

// hangAfter is how long a call may run before TestProvider calls it a
// hang: a bound no working provider meets, not a speed limit.
const hangAfter = 30 * time.Second

// concurrentCalls is how many calls TestProvider makes at once.
const concurrentCalls = 8

// reName is what a provider's name looks like.
var reName = regexp.MustCompile(`^[a-z][a-z0-9-]{0,31}$`)

// TestProvider checks p against the contract of provider.Provider with
// req, a request p can answer. It makes 2+concurrentCalls+1 calls of
// Explain and returns an error listing every broken part of the
// contract, nil when none is.
func TestProvider(p provider.Provider, req provider.Request) error {
	var errs []string
	fail := func(format string, args ...any) { errs = append(errs, fmt.Sprintf(format, args...)) }

	if name := p.Name(); !reName.MatchString(name) {
		fail("Name() = %q: want a short lower-case name", name)
	}

	res, err := call(context.Background(), p, req, nil)
	switch {
	case errors.Is(err, errHang):
		fail("Explain did not return within %s", hangAfter)
	case err == nil && strings.TrimSpace(res.Text) == "":
		fail("Explain returned neither a text nor an error")
	}

	var pieces []string
	res, err = call(context.Background(), p, req, func(s string) { pieces = append(pieces, s) })
	switch {
	case errors.Is(err, errHang):
		fail("Explain with onDelta did not return within %s", hangAfter)
	case err == nil && len(pieces) > 0 && strings.Join(pieces, "") != res.Text:
		fail("the %d pieces given to onDelta make %q, not the result's text %q", len(pieces), clip(strings.Join(pieces, "")), clip(res.Text))
	}

	var wg sync.WaitGroup
	var mu sync.Mutex
	for range concurrentCalls {
		wg.Go(func() {
			res, err := call(context.Background(), p, req, nil)
			mu.Lock()
			defer mu.Unlock()
			switch {
			case errors.Is(err, errHang):
				fail("a concurrent call of Explain did not return within %s", hangAfter)
			case err == nil && strings.TrimSpace(res.Text) == "":
				fail("a concurrent call of Explain returned neither a text nor an error")
			}
		})
	}
	wg.Wait()

	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, err := call(ctx, p, req, nil); errors.Is(err, errHang) {
		fail("Explain with a cancelled context did not return within %s", hangAfter)
	}

	if len(errs) == 0 {
		return nil
	}
	return fmt.Errorf("provider %q breaks the contract:\n\t%s", p.Name(), strings.Join(errs, "\n\t"))
}

// errHang is a call that did not return within hangAfter.
var errHang = errors.New("no return")

// call runs one Explain, giving up on it after hangAfter.
func call(ctx context.Context, p provider.Provider, req provider.Request, onDelta func(string)) (provider.Result, error) {
	type outcome struct {
		res provider.Result
		err error
	}
	done := make(chan outcome, 1)
	go func() {
		res, err := p.Explain(ctx, req, onDelta)
		done <- outcome{res, err}
	}()
	select {
	case o := <-done:
		return o.res, o.err
	case <-time.After(hangAfter):
		return provider.Result{}, errHang
	}
}

// clip shortens a text for a message.
func clip(s string) string {
	if len(s) > 80 {
		return s[:80] + "…"
	}
	return s
}
