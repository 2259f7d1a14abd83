package checker

import "testing"

// TestClassesOfKiln drives, on code shapes of their own
// (testdata/shapes/kiln.go and kiln_remote.go, a file no default build
// holds): a build constraint quoted for a file, a standard-library name of
// a package only such a file imports, the code a cited line is said to
// hold ("declared at … as `…`"), a package's function said to be called
// at the line cited right after it, a comparison quoted with a cited line,
// the type a field is said to be declared with, the direction of the loop
// a sentence cites among several, the order of two steps pinned to what
// they are done to inside one loop, a string quoted in prose that the
// cited line writes, two steps named by the types their calls get ("looks
// for a `Sealer` before a `Painter`"), and what a loop does when a call in
// it fails, a flag named in prose, a rune literal or a logical operator
// quoted with a cited line, and an example of input the prose gives.
func TestClassesOfKiln(t *testing.T) {
	c := shapes(t)
	checkCases(t, c, []classCase{
		{"build constraint", "`remoteHeat` is in kiln_remote.go, a file built only under `kilnremote`.", false},
		{"build constraint", "kiln_remote.go is built only under `!kilnremote`.", true},
		{"standard name of a file outside the build", "kiln_remote.go reads the heat with `syscall.Getenv`.", false},
		{"standard name of a file outside the build", "kiln_remote.go reads the heat with `syscall.Getheat`.", true},
		{"declared as", "`errKilnCold` is declared at kiln.go:10 as `errors.New(\"kiln is below firing heat\")`.", false},
		{"declared as", "`errKilnCold` is declared at kiln.go:10 as `errors.New(\"kiln is too cold\")`.", true},
		{"package call at the cited line", "`Kiln.Fire` trims each name with `strings.TrimSpace(n)` at kiln.go:32.", false},
		{"package call at the cited line", "When `prefix` is empty, `Kiln.Fire` trims each name with `strings.TrimLeft(n)` at kiln.go:32.", true},
		{"quoted comparison", "`Stack` fails with `fmt.Errorf(\"bad stack %q\", desc)` when `len(parts) != 2` (kiln.go:45).", false},
		{"quoted comparison, its negation", "`Stack` goes on only when `len(parts) == 2` (kiln.go:45).", false},
		{"quoted comparison", "`Stack` fails with `fmt.Errorf(\"bad stack %q\", desc)` when `len(parts) < 2` (kiln.go:45).", true},
		{"field type", "`Glaze` declares `Cone` as an `int`.", false},
		{"field type", "The `Glaze` struct declares `Cone` as a `string`.", true},
		{"field type", "`Glaze` has the string field `Name` and an `error` field `Notes`.", false},
		{"field types", "`Glaze` has the string fields `Name` and `Notes`.", true},
		{"cited loop", "`Kiln.Unload` takes the pieces out backwards, from the last to the first (kiln.go:59).", false},
		{"cited loop", "`Kiln.Unload` counts the pieces backwards, from the last to the first (kiln.go:55).", true},
		{"steps pinned in one loop", "`Kiln.Fire` prefixes `key` with `fmt.Sprintf` before it lower-cases `key` with `strings.ToLower`.", false},
		{"steps pinned in one loop", "`Kiln.Fire` lower-cases `key` with `strings.ToLower` before it prefixes `key` with `fmt.Sprintf`.", true},
		{"string quoted in prose", "`Stack` reports the description as \"bad stack %q\" at kiln.go:46.", false},
		{"steps named by the type they get", "`Finish` looks for a `Sealer` before a `Painter`.", false},
		{"steps named by the type they get", "`Finish` looks for a `Painter` before a `Sealer`.", true},
		{"loop on a call's failure", "When `glazeOne` fails, `GlazeAll` returns its error at once instead of going on.", false},
		{"loop on a call's failure", "When `glazeOne` fails, `GlazeAll` goes on with the next piece.", true},
		{"loop on a call's failure", "When `dryOne` fails, `GlazeAll` goes on with the next piece.", false},
		{"loop on a call's failure", "When `dryOne` fails, `GlazeAll` leaves the loop.", true},
		{"flag name", "`Options` reads the glaze from the `-g` flag and firing from the `-hot` flag.", false},
		{"flag name", "`Options` reads the glaze from the `-glaze` flag.", true},
		{"rune literal at the cited line", "`Shelf` accepts a character when `unicode.IsLetter(r) || unicode.IsDigit(r) || r == '.'` at kiln_opts.go:20.", false},
		{"rune literal at the cited line", "`Shelf` accepts a character when `unicode.IsLetter(r) || unicode.IsDigit(r) || r == '-'` at kiln_opts.go:20.", true},
		{"logical operator at the cited line", "`Shelf` returns true at the end when `label != \"\" || !strict` (kiln_opts.go:24).", false},
		{"logical operator at the cited line", "`Shelf` returns true at the end when `label != \"\" && !strict` (kiln_opts.go:24).", true},
		{"an example of input", "`Shelf` rejects a label such as `shelfA-2`, since `-` is no letter, digit or `_`.", false},
		{"an example of input", "`Shelf` rejects a label with `shelfLabelRe`.", true},
		{"result as a basic type", "`firstMark` returns the label's first character as a `byte` together with a bool.", false},
		{"result as a basic type", "`firstMark` returns the label's first character as a `uint8` and a bool.", false},
		{"result as a basic type", "`firstMark` returns the label's first character as a `rune` together with a bool.", true},
		{"a value made in the function is never nil", "`Marks` returns `out, err`, the marks found so far.", false},
		{"a value made in the function is never nil", "`Marks` returns `nil, err` when a mark is bad.", true},
	})
}
