package checker

import "testing"

// TestLoopExitClaims: what a sentence says a function's one loop does
// with a failing element, on code shapes of their own
// (testdata/shapes/sieve.go): a loop left by a return contradicts "goes
// on with the next"; a loop with a continue does not; a loop nothing
// leaves (a break inside a switch leaves only the switch, a continue
// goes on) contradicts "stops at the first" and "leaves the loop"; a fix
// ("should go on") is not judged.
func TestLoopExitClaims(t *testing.T) {
	c := shapes(t)
	checkCases(t, c, []classCase{
		{"goes on", "When an element is no number, `parseAll` records the error and goes on with the next element instead of leaving the loop.", true},
		{"goes on", "When an element is no number, `parseSome` records the error and goes on with the next element instead of leaving the loop.", false},
		{"goes on", "`parseAll` returns `errBadNumber` at the first element that is no number, leaving the loop.", false},
		{"goes on", "`parseAll` should go on with the next element.", false},
		{"goes on, placed in", "In `parseAll`, when an element is no number, the loop goes on to the next one instead of leaving.", true},
		// Nested loops, the outer one continuing: which loop the sentence
		// means is not told, so neither sentence is judged.
		{"goes on, nested", "When a default is no number, `fillAll` goes on with the next default.", false},
		{"goes on, nested", "When a slot has no defaults, `fillAll` goes on with the next slot.", false},
		{"leaves", "`sumAll` stops at the first negative number.", true},
		{"leaves", "`parseAll` stops at the first element that is no number.", false},
		{"leaves", "`parseSome` leaves the loop when an element is no number.", true}, // a continue goes on
	})
}

// TestCitedBranchAndLoopLines: a line cited after a loop's clause written
// in a code span with its semicolons holds that clause; a line cited
// after the verb of a bare branch statement ("breaks (f.go:64)", "goes
// on at f.go:32") holds that statement; another line does not
// (testdata/shapes/sieve.go).
func TestCitedBranchAndLoopLines(t *testing.T) {
	c := shapes(t)
	checkCases(t, c, []classCase{
		{"loop clause", "`sumAll` walks the numbers with `for i := 0; i < len(nums); i++` (sieve.go:42).", false},
		{"loop clause", "`sumAll` walks the numbers with `for i := 0; i < len(nums); i++` (sieve.go:50).", true},
		{"branch verb", "In `fillAll`, the loop over `defs` breaks (sieve.go:64) at the first default that is no number.", false},
		{"branch verb", "`parseSome` goes on at sieve.go:32 when an element is no number.", false},
		{"branch verb", "In `fillAll`, the loop over a slot's defaults breaks (sieve.go:50) at the first default that is no number.", true},
	})
}
