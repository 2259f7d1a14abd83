package checker

import "testing"

// TestStepAndUseClassesOfCourier drives, on code shapes of their own
// (testdata/shapes/courier.go), the order of two steps told with "first
// ... afterwards" or in the passive voice ("In `F` the label is checked
// before ..."), a builtin as a step (`append`), a quoted header tried
// "first" through the package variable that holds it, a value said to be
// used without a nil check or "even when" empty where the check holds
// the use, the callee of a verb the use clauses did not
// read ("upper-cases with", "falls back to"), and an algorithm named in
// prose (MD5, hex).
func TestStepAndUseClassesOfCourier(t *testing.T) {
	c := shapes(t)
	checkCases(t, c, []classCase{
		{"first and afterwards", "AddStop appends the stop first and calls replan afterwards.", false},
		{"first and afterwards", "AddStop calls replan first and appends the stop to the slice afterwards.", true},
		{"passive order", "In `Accept` the sender is allowed before the label is validated.", false},
		{"passive order", "In `Accept` the label is validated before the sender is allowed.", true},
		{"passive order, several names", "In Accept, the label is validated before the sender is checked.", false},
		{"quoted first, through a variable", "`routeOf` looks at `X-Courier-Route` first and falls back to `X-Old-Route`.", false},
		{"quoted first, through a variable", "`routeOf` looks at `X-Old-Route` first and falls back to `X-Courier-Route`.", true},
		{"nil unchecked", "`Deliver` calls `c.onDelivery(p)` without checking whether `c.onDelivery` is nil.", false},
		{"nil unchecked", "`Halt` sends `true` on `c.halt` at courier.go:44 without first checking whether the channel is nil.", true},
		{"nil unchecked", "`Halt` never checks `c.halt` for nil before sending on it.", true},
		{"even when empty", "`labelLine` always runs `line = line + \" (\" + note + \")\"`, even when `note` is empty.", true},
		{"even when empty", "`labelLine` runs `return line` even when `note` is empty.", false},
		{"callee of a new verb", "`upperStops` upper-cases each stop with `strings.ToUpper`.", false},
		{"callee of a new verb", "`upperStops` upper-cases each stop with `strings.Title`.", true},
		{"falls back to", "When no `logger` is set, `Courier.logf` falls back to `log.Println`.", false},
		{"falls back to", "When no `logger` is set, `Courier.logf` falls back to `log.Printf`.", true},
		{"algorithm in prose", "`parcelTag` computes the MD5 digest of the label and returns its hex encoding.", false},
		{"algorithm in prose", "`parcelTag` computes the SHA-256 digest of the label and returns its hex encoding.", true},
		{"algorithm in prose", "`parcelTag` computes the MD5 digest of the label and returns its base64 encoding.", true},
	})
}

// TestDeclarationClassesOfCourier drives, on code shapes of their own
// (testdata/shapes/courier.go), a loop said to go on past a failure
// behind an "In the ... case," lead, what a function returns or stores
// in the branch it takes when a quoted value is nil, empty or true, the
// values it accepts, listed, against the set it compares one value with,
// a recursive call quoted at the line that
// makes it, a standard-library type of a package the module does not
// import (a name of Go's, while a function of it stays unknown), a type
// said to have no method it has, a call said not to be made before a
// return that follows it, a constant stated as arithmetic, and the
// values a function returns named after a noun phrase.
func TestDeclarationClassesOfCourier(t *testing.T) {
	c := shapes(t)
	checkCases(t, c, []classCase{
		{"recursive call at its line", "For a nested list, `Manifest.Load` calls itself with `m.Load(src[0])` at courier.go:123.", false},
		{"recursive call at its line", "For a nested list, `Manifest.Load` calls itself with `m.Load(src[0])` at courier.go:133.", true},
		{"standard type not imported", "A `*Manifest` has a `Load` method like the `Scan` of `sql.Scanner`, though it does not satisfy it.", false},
		{"standard function not imported", "`Manifest.Text` joins the parcels with `sql.JoinNames`.", true},
		{"method absent", "`Manifest` has no `Load` method, so it cannot be filled.", true},
		{"method absent", "`Manifest` has no `Save` method.", false},
		{"without unlocking", "When `ok` is false, `Refill` returns `errLabel` at courier.go:133 without unlocking `crateMu`.", true},
		{"without unlocking", "`Refill` takes `crateMu` and unlocks it on both paths.", false},
		{"loop goes on past, behind an \"In the ... case\" lead", "In the plain case, `parseCodes` carries on past a code that `strconv.Atoi` rejects and returns the error only after the loop has visited all codes.", true},
		{"loop goes on past, behind an \"In the ... case\" lead", "In the plain case, `parseCodes` returns at the first code that `strconv.Atoi` rejects.", false},
		{"branch effect", "When `slot` is nil, `Courier.Take` returns `errNoParcel`.", false},
		{"branch effect", "When `slot` is nil, `Courier.Take` returns `nil`.", true},
		{"branch effect", "When `slot` is nil, `Courier.Take` sets the slot to `\"gone\"` and returns.", true},
		{"branch effect", "When `*slot` is empty, `Courier.Take` sets the slot to `\"taken\"` and returns nil.", false},
		{"branch effect", "When `reset` is true, `Courier.Take` clears the slot and returns the parcel.", false},
		{"accepted set", "`Route` accepts `\"van\"`, `\"bike\"` or `\"drone\"` as the kind and answers 400 for any other.", false},
		{"accepted set", "`Route` accepts `van`, `bike`, `drone` and `truck` as kinds.", true},
		{"accepted set", "`Route` accepts `\"van\"` and `\"bike\"` alike.", false},
		{"arithmetic constant", "`crateSize` is declared as `4 * 8`.", false},
		{"arithmetic constant", "`crateSize` is declared as `4 * 16`.", true},
		{"returns after a noun", "When the label is bad, `Courier.Accept` returns the sentinel `errLabel`.", false},
		{"returns after a noun", "When the label is bad, `Courier.Accept` returns the sentinel `errSender`.", false},
		{"returns after a noun", "`Refill` returns the sentinel `errSender` when `ok` is false.", true},
		{"returns after a noun", "`parcelTag` returns the result of `hex.EncodeToString`.", false},
	})
}
