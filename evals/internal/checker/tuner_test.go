package checker

import "testing"

// TestValueAndDeclarationClasses drives, on code shapes of their own
// (testdata/shapes/tuner.go), what a sentence says of values and
// declarations: a literal's "key: value" spans and "sets `x` to
// `expr`" (constants evaluated, a field the literal leaves out at its
// zero value), the call a package variable is made with, a package
// variable's type, an interface's method count and parameter types, a
// message quoted with words left out, a count of a unit in a quoted call,
// a quoted assignment a loop leaves right after, and a return line
// described in words.
func TestValueAndDeclarationClasses(t *testing.T) {
	c := shapes(t)
	checkCases(t, c, []classCase{
		{"with pairs", "`NewTuner` returns a `Tuner` with `Retries: 2` and `Dwell: defaultDwell`.", false},
		{"with pairs", "`NewTuner` returns a `Tuner` with `Retries: 3` and `Dwell: defaultDwell`.", true},
		{"with pairs, constant", "`NewTuner` returns a `Tuner` with `Dwell: 3 * time.Second`.", false},
		{"with pairs, constant", "`NewTuner` returns a `Tuner` with `Dwell: 5 * time.Second`.", true},
		{"with pairs, zero", "`NewTuner` creates the tuner with `Muted: false`.", false},
		{"with pairs, zero", "`NewTuner` creates the tuner with `Muted: true`.", true},
		{"sets to expr", "`NewTuner` sets `Retries` to `2` and `Dwell` to `3 * time.Second`.", false},
		{"sets to expr", "`NewTuner` sets `Retries` to `2` and `Dwell` to `30 * time.Second`.", true},
		{"var init", "`errNoStation` is made with `errors.New(\"shapes: no station is tuned to that name\")`.", false},
		{"var init", "`errNoStation` is made with `errors.New(\"shapes: station not found\")`.", true},
		{"var type", "`stationsMu` is a package-level `*sync.Mutex` that `register` locks.", false},
		{"var type", "`stationsMu` is a package-level `*sync.RWMutex` that `register` locks.", true},
		{"var type, a value", "`defaultDwell` is `3 * time.Second`.", false},
		{"interface count", "The `Band` interface has two methods, `Next(after float64) float64` and `Contains(freq float64) bool`.", false},
		{"interface count", "The `Band` interface requires three methods, `Next`, `Contains` and `Reset`.", true},
		{"interface params", "The unexported `Band` interface has the methods `Next(after float64) float64` and `Contains(freq int) bool`.", true},
		{"message words", "`register` never fails, and `errNoStation` carries `\"shapes: no station tuned to the name\"`.", true},
		{"message words", "The lookup fails with `\"shapes: no station is tuned to that name\"`.", false},
		{"unit count", "`waitDwell` returns `withDwell(time.Second)` (tuner.go:84).", false},
		{"unit count", "`waitDwell` returns `withDwell(2 * time.Second)` (tuner.go:84).", true},
		{"loop left after", "In `firstLoud`, the loop over `tuners` sets `found = true` at the first loud tuner and then leaves the loop.", false},
		{"loop left after", "In `firstLoud`, the loop over `tuners` sets `found = true` at a loud tuner but keeps looking instead of breaking.", true},
		{"return in words", "`pickPreset` goes through `asked` in the listener's order and returns, at tuner.go:55, the preset freq of the first matching name.", false},
		{"return in words", "`pickPreset` goes through `asked` and returns the frequency at tuner.go:53.", true},
	})
}
