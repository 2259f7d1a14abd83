package checker

import "testing"

// TestProseSaysWhatTheLineDoes drives the classes the thirteenth blind
// set (scs) showed misread through CheckText, on code shapes of their own
// (testdata/shapes/locker.go): a line cited for what the prose says
// happens there (a verb naming its call, a condition naming what its if
// tests), a value stated after an appositive that quotes code, and a
// number assigned at a cited line.
func TestProseSaysWhatTheLineDoes(t *testing.T) {
	checkCases(t, shapes(t), []classCase{
		{"verb naming the line's call", "`Collect` returns an empty string for an unknown code; otherwise it deletes the parcel at locker.go:32, sets `l.state = Free` and returns it.", false},
		{"verb naming the line's call", "`Collect` returns an empty string for an unknown code; otherwise it deletes the parcel at locker.go:29, sets `l.state = Free` and returns it.", true},
		{"condition naming the if", "`Extend` sets `l.state = Taken` only when the grace time is above zero (locker.go:39).", false},
		{"condition naming the if", "`Extend` sets `l.state = Taken` only when the grace time is above zero (locker.go:42).", true},
		{"appositive quoting code", "`Broken`, the last constant of the `iota` block, is `Slot(2)`.", false},
		{"appositive quoting code", "`Broken`, the last constant of the `iota` block, is `Slot(3)`.", true},
		{"number at a cited line", "After the check, `Extend` sets `l.ttl = -1` at locker.go:42.", false},
		{"number at a cited line", "After the check, `Extend` sets `l.ttl = 0` at locker.go:42.", true},
	})
}

// TestShapesAfterMux drives the classes the fourteenth blind set (mux)
// showed misread through CheckText, on code shapes of their own
// (testdata/shapes/locker.go): a field said to be a variable of the
// module is what it holds, not its type; a constant said to have a plain
// number as its value after an appositive that quotes code.
func TestShapesAfterMux(t *testing.T) {
	checkCases(t, shapes(t), []classCase{
		{"field said to hold a variable", "After `Jam`, `d.Fault` is `ErrJammed`, so the next open fails.", false},
		{"plain number after an appositive", "`Taken`, the second constant of the `iota` block that starts with `Free`, has the value 1.", false},
		{"plain number after an appositive", "`Taken`, the second constant of the `iota` block that starts with `Free`, has the value 2.", true},
	})
}
