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
		{"condition on a value never tested", "`Ferry.Sail` calls `f.unload` only when `f.capacity` is 40.", true},
		{"condition on a value never named, not a call", "`Ferry.Sail` unloads the deck only when `f.capacity` is 40.", false},
		{"condition on a value tested", "`Ferry.Sail` returns at once when `f.sailing` is already true.", false},
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
		{"length in characters", "`Plated` is true only when the plate is longer than 6 characters.", false},
		{"a chain of fallbacks", "`Ferry.Sail` falls back to `time.Now` and then to `time.Since`.", true},
		{"a chain of fallbacks", "`Ferry.Sail` falls back to `f.unload` and then to `time.Now`.", false},
		{"field held as a value", "The `Ferry` struct holds its `dock` field as a `time.Location` struct value rather than a pointer.", true},
		{"field held as a pointer", "The `Ferry` struct holds its `dock` field as a pointer to a `time.Location`.", false},
		{"field held as a pointer", "`Ferry` keeps its `deckMu` field as a pointer, shared between copies.", true},
		{"field held as a value", "`Ferry` keeps its `deckMu` field as a value, not a pointer.", false},
		{"call returned", "`Ferry.Manifest` returns `f.Prepare(Vehicle{Plate: v.Plate})`.", false},
		{"call returned", "`Ferry.Manifest` returns `f.Prepare(Vehicle{Plate: v.Plate, Weight: 0})`.", true},
		{"call returned, other names", "`Ferry.Manifest` returns `f.Prepare(v)`, the vehicle itself prepared.", false},
		{"argument of a parameter", "`Ferry.Load` calls `weighVehicle` with `round` set to true for each vehicle.", false},
		{"argument of a parameter", "`Ferry.Load` calls `weighVehicle` with `round` set to false, so the weights are exact.", true},
		{"package variable's initial value", "`crossing` is a package variable initialised to `40 * time.Minute`.", false},
		{"package variable's initial value", "`crossing` is a package variable initialised to `2400 * time.Second`.", false},
		{"package variable's initial value", "`crossing` is a package variable initialised to `30 * time.Minute`.", true},
		{"package variable's initial value", "`waitsFull` is a package variable that defaults to true.", false},
		{"package variable's initial value", "`waitsFull` defaults to false.", true},
		{"length in characters", "`Plated` accepts a plate of at least 7 characters.", false},
		{"length in characters, the negation", "`Plated` rejects a plate shorter than 7 characters.", false},
		{"length in characters", "`Plated` is true only when the plate is longer than 7 characters.", true},
	})
}
