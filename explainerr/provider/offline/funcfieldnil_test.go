package offline

import "testing"

// TestCalledFuncFieldSetByItsConstructor: a func field called on the
// failing line (s.clock()) that the constructor sets from its parameter
// is not said to be left unset there.
func TestCalledFuncFieldSetByItsConstructor(t *testing.T) {
	files := map[string]string{
		"go.mod": "module example.com/ledger\n\ngo 1.22\n",
		"main.go": `package main

import "time"

// Ledger stamps entries.
type Ledger struct {
	clock func() time.Time
}

// NewLedger makes a ledger that reads the time from clock.
func NewLedger(clock func() time.Time) *Ledger {
	return &Ledger{clock: clock}
}

// Stale reports whether an entry made at t is a day old.
func (l *Ledger) Stale(t time.Time) bool {
	return l.clock().Sub(t) > 24*time.Hour //!call
}

var ledger = NewLedger(nil)
`,
	}
	app := writeMarkedApp(t, files)
	r := panicReport("runtime.Error", "runtime error: invalid memory address or nil pointer dereference", app.frame(t, "call", "(*Ledger).Stale"))
	text := Analyze(r)
	mustLack(t, text, "built without setting")
	assertGroundedIn(t, r, text, files)
}
