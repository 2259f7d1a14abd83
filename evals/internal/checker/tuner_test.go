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
		{"unit count", "`waitDwell` returns `withDwell(time.Second)` (tuner.go:85).", false},
		{"unit count", "`waitDwell` returns `withDwell(2 * time.Second)` (tuner.go:85).", true},
		{"loop left after", "In `firstLoud`, the loop over `tuners` sets `found = true` at the first loud tuner and then leaves the loop.", false},
		{"loop left after", "In `firstLoud`, the loop over `tuners` sets `found = true` at a loud tuner but keeps looking instead of breaking.", true},
		{"return in words", "`pickPreset` goes through `asked` in the listener's order and returns, at tuner.go:56, the preset freq of the first matching name.", false},
		{"return in words", "`pickPreset` goes through `asked` and returns the frequency at tuner.go:54.", true},
	})
}

// TestLineAndLiteralClassesAfterHandlers drives, on shapes of their own
// (testdata/shapes/tuner.go), what a sentence places at a cited range or
// after a separator it quotes, a labelled break quoted as a statement, a
// value stated after a noun phrase or a cited place, a composite literal
// quoted of the function that returns it (keyed or not), and a format
// quoted without its quotes.
func TestLineAndLiteralClassesAfterHandlers(t *testing.T) {
	c := shapes(t)
	checkCases(t, c, []classCase{
		{"range", "`clampVolume` caps the volume at 11 at tuner.go:103-105 before returning it.", false},
		{"range", "`clampVolume` caps the volume at 11 at tuner.go:110-112 before returning it.", true},
		{"separator", "`firstSeparated` keeps what comes before the first `\", \"` (tuner.go:115).", false},
		{"labelled break", "`scanLabels` leaves the labelled loop with `break L` (tuner.go:126) at the first preset label.", false},
		{"noun value", "`presetKey` is the form key `\"_preset\"`.", false},
		{"noun value", "`presetKey` is the form key `\"preset\"`.", true},
		{"noun value, relative", "`presetKey` is the key under which `presetName` is read.", false},
		{"placed value", "The package variable `defaultVolume` (tuner.go:99) is 7.", false},
		{"placed value", "The package variable `defaultVolume` (tuner.go:99) is 8.", true},
		{"quoted literal", "`tuneLoud` returns `station{name, freq, true}`.", false},
		{"quoted literal", "`tuneLoud` returns `station{name, freq, false}`.", true},
		{"quoted literal, keyed", "`tuneQuiet` returns `station{name, freq, false}`.", false},
		{"unquoted format", "`badPreset` makes the message `unknown preset %q; expected one of %q`.", false},
		{"unquoted format", "`badPreset` makes the message `unknown station %q; expected one of %q`.", true},
		{"unquoted format, negated", "For a name that is not known, the message is not `unknown station %q; expected one of %q`.", false},
	})
}
