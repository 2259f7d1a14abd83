// Package leakcheck finds goroutines that tests leave running. It is a
// small, standard-library stand-in for go.uber.org/goleak, so that a test
// dependency does not become a requirement of every app that adopts
// explainerr.
package leakcheck

import (
	"fmt"
	"os"
	"strings"
	"testing"
	"time"
)

// Option changes what VerifyNone ignores.
type Option func(*config)

// config is what a check ignores and how long it waits.
type config struct {
	ignored map[int]bool
	wait    time.Duration
}

// patience is how long a check waits for goroutines that are finishing
// (a server's connection handlers after Close, say) before it calls them
// leaked; generous, because a loaded machine schedules them late.
const patience = 10 * time.Second

// IgnoreCurrent ignores the goroutines running when it is called: call it
// at the start of a test (defer leakcheck.VerifyNone(t,
// leakcheck.IgnoreCurrent())) so that only the test's own count.
func IgnoreCurrent() Option {
	ids := make(map[int]bool)
	for _, g := range goroutines() {
		ids[g.id] = true
	}
	return func(c *config) {
		for id := range ids {
			c.ignored[id] = true
		}
	}
}

// VerifyNone fails t when goroutines other than the caller's, the testing
// package's and the runtime's are still running once they have had time to
// finish, listing their stacks.
func VerifyNone(t testing.TB, opts ...Option) {
	t.Helper()
	if leaked := find(opts); leaked != "" {
		t.Errorf("goroutines left running:\n%s", leaked)
	}
}

// VerifyTestMain runs m's tests and then, when they passed, fails the run
// if they left goroutines running. Call it from TestMain.
func VerifyTestMain(m *testing.M) {
	code := m.Run()
	if code == 0 {
		if leaked := find(nil); leaked != "" {
			fmt.Fprintf(os.Stderr, "leakcheck: the tests left goroutines running:\n%s", leaked)
			code = 1
		}
	}
	os.Exit(code)
}

// find waits until no goroutine but the ignored ones runs, or patience is
// spent, and returns the stacks of those still running.
func find(opts []Option) string {
	c := &config{ignored: make(map[int]bool), wait: patience}
	for _, o := range opts {
		o(c)
	}
	return findWith(c)
}

// findWith is find with its configuration made.
func findWith(c *config) string {
	deadline := time.Now().Add(c.wait)
	for sleep := time.Millisecond; ; sleep = min(2*sleep, 100*time.Millisecond) {
		var leaked []string
		self := current()
		for _, g := range goroutines() {
			if g.id != self && !c.ignored[g.id] && !g.expected() {
				leaked = append(leaked, g.stack)
			}
		}
		if len(leaked) == 0 {
			return ""
		}
		if time.Now().After(deadline) {
			return strings.Join(leaked, "\n\n") + "\n"
		}
		time.Sleep(sleep)
	}
}
