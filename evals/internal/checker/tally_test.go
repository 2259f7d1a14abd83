package checker

import "testing"

// TestClassesOfTally drives, on code shapes of their own
// (testdata/shapes/tally.go): a cited line that tests the result of the
// call the clause quotes, which the statement before assigns; a quoted
// expression at a cited line whose last name only starts the line's; a
// string quoted in prose as returned or panicked with, one character or
// one word off the module's; a field's type said as "the `F` field of
// `T` is a `X`"; an argument said as "passes a p of N to `G`"; the
// string returned under a quoted condition, swapped with the other
// branch's; the value a map literal gives a key; a field of the entry of
// a table of struct literals that holds a string; the type a quoted call
// scans into; a quoted assignment of a function named by "In `F`,"; a
// default a function starts a local variable at, said in words; a string
// given when a predicate holds that the code gives when it does not; and
// a return said to come without a check the code makes before it.
func TestClassesOfTally(t *testing.T) {
	c := shapes(t)
	checkCases(t, c, []classCase{
		{"cited line tests the quoted call's result", "`ParseTally` returns `errTally` when `tallyLine.FindStringSubmatch(line)` does not give exactly 4 strings (tally.go:19).", false},
		{"cited line tests the quoted call's result", "`ParseTally` returns `errTally` when `tallyLine.FindStringSubmatch(line)` does not give exactly 4 strings (tally.go:22).", true},
		{"last name of a quoted expression", "`Tally` appends `n/notch.Atom` to the arguments at tally.go:64.", false},
		{"last name of a quoted expression", "`Tally` appends `n/notch.At` to the arguments at tally.go:64.", true},
		{"string in prose, a word off", "`CheckNotch` panics with \"CheckNotch(): empty notch label\" when the label is empty.", false},
		{"string in prose, a word off", "`CheckNotch` panics with \"CheckNotch(): empty label\" when the label is empty.", true},
		{"string in prose, a character off", "`TallySign` returns \"nothing\" for a zero count.", false},
		{"string in prose, a character off", "`TallySign` returns \"nothings\" for a zero count.", true},
		{"field of a struct is a type", "The `Atom` field of `Notch` is an `int64`.", false},
		{"field of a struct is a type", "The `Atom` field of `Notch` (tally.go:31) is an `int`.", true},
		{"passes a parameter of a value", "`ScoreBar` passes a base of 20 to `tallyMark`, and a pad of 2.", false},
		{"passes a parameter of a value", "`FiveBar` passes a base of 20 to `tallyMark`.", true},
		{"string returned under a condition", "`TallySign` returns \"owed\" when `n < 0`, and \"held\" for a positive count.", false},
		{"string returned under a condition", "`TallySign` returns \"held\" when `n < 0`, and \"owed\" otherwise.", true},
		{"value a map gives a key", "`tallyUnits` maps the suffix \"dz\" to `12`, and \"s\" to `20`.", false},
		{"value a map gives a key", "`tallyUnits` maps the suffix \"g\" to `12`.", true},
		{"entry of a table", "In `tallyNotches`, the entry with the label \"a gross\" has `Atom` equal to `144`.", false},
		{"entry of a table", "In `tallyNotches`, the entry with the label \"a gross\" has `Atom` equal to `12 * 12`.", false},
		{"entry of a table", "In `tallyNotches`, the entry with the label \"a gross\" has `Atom` equal to `12 * 10`.", true},
		{"type scanned into", "`ReadTally` reads `s` with `fmt.Sscanf(s, \"%g\", &v)` into a `float64`.", false},
		{"type scanned into", "`ReadTally` reads `s` with `fmt.Sscanf(s, \"%g\", &v)` into an `int`.", true},
		{"quoted assignment after In", "In `Groups`, the loop starts at the end of `row` with `i := len(row)`.", false},
		{"quoted assignment after In", "In `Groups`, the loop starts at the front of `row` with `i := 5`.", true},
		{"default said in words", "With no flags, `TallyFormat` keeps its defaults: a width of 6 and a fill of \".\".", false},
		{"default said in words", "With no flags, `TallyFormat` keeps its defaults: a width of 8 and a fill of \".\".", true},
		{"predicate branch", "`TallyEnd` appends \"//\" to a row whose last byte is not a stroke according to `isStroke`.", false},
		{"predicate branch", "`TallyEnd` appends \"//\" to a row when its last byte is a stroke according to `isStroke`.", true},
		{"check before a return", "`cutTally` cuts the row to `row[:i+keep]` after `i++`, once it has checked that `keep` is below `len(row)-i`.", false},
		{"check before a return, said of another value", "`cutTally` returns `row[:i+keep]` only after checking `keep >= len(row)-i`, and `row[:i]` without checking anything else when `keep <= 0`.", false},
		{"check before a return", "`cutTally` cuts the row to `row[:i+keep]` after `i++` without checking how many strokes follow the bar.", true},
	})
}
