package checker

import "testing"

// TestSluiceClasses drives the classes the retry-go and slug sets (and
// the misses of gobreaker and env) showed, on shapes of their own
// (testdata/shapes/sluice.go): a call or a comparison quoted before the
// line that writes it otherwise, a line cited after an expression, rune
// literals said at a line, a declaration quoted whole, a parameter list
// said whole, a literal's key said left out or set, the order of a
// counter and a call in loops, a returned comparison's operator, and
// the value returned when a condition or a nil input holds.
func TestSluiceClasses(t *testing.T) {
	c := shapes(t)
	checkCases(t, c, []classCase{
		{"a call's argument at a cited line", "In its loop, `cycleSluice` calls `s.fill(n, boat, now)` (sluice.go:44).", false},
		{"a call's argument at a cited line", "In its loop, `cycleSluice` calls `s.fill(level, boat, now)` (sluice.go:44).", true},
		{"a comparison cut short at a cited line", "`cycleSluice` stops when `n == s.maxLevel-1` (sluice.go:45).", false},
		{"a comparison cut short at a cited line", "`cycleSluice` stops when `n == s.maxLevel` (sluice.go:45).", true},
		{"a line cited after an expression", "A failure is kept with `s.log = append(s.log, shut(err))` (sluice.go:122), so an error given to `shut(e)` is kept as `e`.", false},
		{"rune literals said at a cited line", "In its `for _, c := range name` loop, `validGate` returns false for any rune outside 'a' to 'z' and '0' to '9' that is not '-' (sluice.go:70), so an upper-case letter fails.", false},
		{"a declaration quoted whole", "`altGates` is declared as `var altGates = mainGates`, so both name one list.", false},
		{"a declaration quoted whole", "`altGates` is declared as `var altGates = otherGates`, so both name one list.", true},
		{"a parameter list said whole", "`openSluice` takes only `level int` and `gate string`.", false},
		{"a parameter list said whole", "`openSluice` takes only `level int`.", true},
		{"an interface method's parameters said whole", "The `gatekeeper` interface's `admit` method takes only `n int`.", true},
		{"an interface method's parameters said whole", "The `gatekeeper` interface's `admit` method takes only `name string` and `n int`.", false},
		{"a literal's key said left out", "The `lockState` literal that `openSluice` returns sets `Level` and `Gate` but not `Since`.", true},
		{"a literal's key said left out", "The `lockState` literal that `closedState` returns sets `Level` and `Gate` but not `Since`.", false},
		{"a literal's key that only a reached function reads", "The `&sluiceConfig{...}` literal returned by `newSluiceConfig` sets `maxLevel: 10` alongside `rise: 2`.", true},
		{"a literal's key that only a reached function reads", "The `&sluiceConfig{...}` literal returned by `newSluiceConfig` sets `rise: 2`.", false},
		{"a counter and a call in a loop", "In its loop, `cycleSluice` increments `n` before it calls `s.report(n)`.", true},
		{"a counter and a call in a loop", "In its loop, `cycleSluice` calls `s.report(n)` before it increments `n`.", false},
		{"a returned comparison's operator", "`deep` (sluice.go:60) returns `s.level >= 5`, so a boat needs five.", true},
		{"a returned comparison's operator", "`deep` (sluice.go:60) returns `s.level > 5`, so a boat needs six.", false},
		{"a boolean returned when one term of a condition holds", "`validGate` returns `true` when `name == \"\"`.", true},
		{"a boolean returned when one term of a condition holds", "`validGate` returns `false` when `name == \"\"`.", false},
		{"the value returned for a nil input", "`copyGates` returns `nil` for a nil `gates` slice.", true},
		{"the value returned for a nil input", "`copyGates` returns `nil` when `gates` is empty.", false},
	})
}
