package checker

import "testing"

// TestClassesOfFerry drives, on code shapes of their own
// (testdata/shapes/ferry.go), a value said to be returned when another is
// nil by a function that tests nothing, nil said to be returned by a
// function whose result cannot be nil, an unlock said to be deferred
// where it is not (and the other way round), a loop said to skip an
// element with `continue` where it leaves, a range loop that reads its
// slice from the end, and a threshold stated against the constant the
// code compares with.
func TestClassesOfFerry(t *testing.T) {
	c := shapes(t)
	checkCases(t, c, []classCase{
		{"condition never tested", "`Ferry.Dock` returns `time.UTC` when `f.dock` is nil and `f.dock` otherwise.", true},
		{"condition never tested", "`Ferry.Dock` returns `f.dock`, which is nil when the ferry was never given a time zone.", false},
		{"condition tested", "`Ferry.Board` returns `errOverweight` when `v.Weight` is over 3500.", false},
		{"nil of a struct result", "`Ferry.Find` returns nil when no vehicle has the plate.", true},
		{"nil of a struct result", "`Ferry.Find` returns the zero `Vehicle` when no vehicle has the plate.", false},
		{"nil of an int result", "`Ferry.Count` returns nil for an empty deck.", true},
		{"nil of a pointer result", "`Ferry.Dock` returns nil when no zone was set.", false},
		{"deferred unlock", "`Ferry.Sail` releases `deckMu` with a deferred unlock.", true},
		{"deferred unlock", "`Ferry.Board` releases `deckMu` with a deferred unlock, so the lock is held until it returns.", false},
		{"explicit unlock", "`Ferry.Sail` unlocks `deckMu` explicitly before calling `f.unload`, not with defer.", false},
		{"explicit unlock", "`Ferry.Board` unlocks `deckMu` explicitly, without `defer`.", true},
		{"continue where it breaks", "In `unload`, the loop over `f.deck` skips a vehicle whose `Due` is after `now` with `continue` and goes on checking the vehicles after it.", true},
		{"break", "In `unload`, the loop over `f.deck` stops at the first vehicle whose `Due` is after `now`.", false},
		{"reverse index", "`Ferry.Prepare` applies `f.stages` from the last to the first.", false},
		{"reverse index", "`Ferry.Prepare` applies `f.stages` from the first to the last.", true},
		{"threshold", "`Delayed` logs \"delayed\" only when the crossing took more than `time.Minute`.", false},
		{"threshold", "`Delayed` logs \"delayed\" only when the crossing took more than `time.Second`.", true},
		{"threshold of a named operand", "`Heavy` is true when `len(f.deck)` is at least `2*f.capacity` or more than `40`.", false},
		{"threshold of a named operand", "`Heavy` is true when `len(f.deck)` is more than `20`.", true},
	})
}
