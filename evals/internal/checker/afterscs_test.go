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
		{"verb naming the line's call", "`Collect` returns an empty string for an unknown code; otherwise it deletes the parcel at locker.go:29, sets `l.state = Free` and returns it.", false},
		{"verb naming the line's call", "`Collect` returns an empty string for an unknown code; otherwise it deletes the parcel at locker.go:26, sets `l.state = Free` and returns it.", true},
		{"condition naming the if", "`Extend` sets `l.state = Taken` only when the grace time is above zero (locker.go:36).", false},
		{"condition naming the if", "`Extend` sets `l.state = Taken` only when the grace time is above zero (locker.go:39).", true},
		{"appositive quoting code", "`Broken`, the last constant of the `iota` block, is `Slot(2)`.", false},
		{"appositive quoting code", "`Broken`, the last constant of the `iota` block, is `Slot(3)`.", true},
		{"number at a cited line", "After the check, `Extend` sets `l.ttl = -1` at locker.go:39.", false},
		{"number at a cited line", "After the check, `Extend` sets `l.ttl = 0` at locker.go:39.", true},
	})
}
