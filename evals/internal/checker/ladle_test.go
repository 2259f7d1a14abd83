package checker

import "testing"

// TestLadleClasses drives, on code shapes of their own
// (testdata/shapes/ladle.go), what a quoted condition, a constant, a
// variable's default, a list of fields, a declared type, a set value, a
// quoted call and a message quoted in prose say against the code: a
// condition with one selector swapped, or one comparison of a chain
// negated, beside the line that tests it; a constant's value with its
// place between; a package variable's default, and the same words as a
// case supposed ("when `StrictLadles` is `false`"); the type of several
// fields said at once; two steps joined by "only after that"; a type or a
// variable "declared at f.go:N as" something; a name set to a literal
// at a cited line; a call quoted with another constant of the same
// package; a message quoted between plain double quotes. And what was
// wrongly flagged: a condition said with the others in words, values a
// sentence lists as an example sequence, and a string literal returned;
// and a negative number said to be returned under a condition, after the
// function's place; a field's type in an appositive ("the field `name`, a
// `string`"), a type "declared as" after a comma, and a parameter's type
// after a possessive ("takes the soup's name as a `string`"); a literal
// returned after "and", the verb said once before it; a line cited for
// a second action joined by "and"; and two things said to be compared at
// a line that does not compare them; and a call quoted with the
// subject's own parameter, which the subject does not make itself.
func TestLadleClasses(t *testing.T) {
	c := shapes(t)
	checkCases(t, c, []classCase{
		{"a quoted condition with a selector swapped", "`Serve` returns nothing when `!l.warm && !l.spilled` (ladle.go:38).", false},
		{"a quoted condition with a selector swapped", "`Serve` returns nothing when `!l.warm && !l.served` (ladle.go:38).", true},
		{"a comparison of a chain negated", "`Serve` returns nothing when `!l.warm && l.spilled` (ladle.go:38).", true},
		{"a quoted condition with a selector swapped", "`Serve` returns nothing when `l.warm || l.spilled` is false at ladle.go:38.", false},
		{"a comparison of a chain negated", "`Serve` picks the broth separator when `soup == \"broth\"` (ladle.go:42).", false},
		{"a comparison of a chain negated", "`strict` refuses a soup when `soup != \"\"` at ladle.go:54.", false},
		{"a constant with its place between", "`ladleLimit`, declared at ladle.go:9, is 400, and `Serve` refuses more.", false},
		{"a constant with its place between", "`ladleLimit`, declared at ladle.go:9, is 500, and `Serve` refuses more.", true},
		{"a variable's default", "The package variable `StrictLadles` is declared at ladle.go:12 with a default of `true`.", false},
		{"a variable's default", "The package variable `StrictLadles` is declared at ladle.go:12 with a default of `false`.", true},
		{"a variable's value supposed", "When `StrictLadles` is `false`, `Serve` does not call `strict`.", false},
		{"several fields' type", "The `small`, `medium` and `large` fields of `ladle` are declared together as `uint32`.", false},
		{"several fields' type", "The `small`, `medium` and `large` fields of `ladle` are declared together as `int32`.", true},
		{"steps joined by only after that", "`Serve` first compares `amount` with `ladleLimit` to return an error, and only after that branch calls `l.strict(soup)`.", false},
		{"steps joined by only after that", "`Serve` first branches on `StrictLadles` and returns `l.strict(soup)`, and only after that branch compares `amount` with `ladleLimit` to return an error.", false},
		{"a type declared at its line", "`ladleSizes` is declared at ladle.go:24 as `[]*ladle`.", false},
		{"a type declared at its line", "`ladleSizes` is declared at ladle.go:24 as `[]ladle`.", true},
		{"a variable declared at its line", "`ladleClock` is declared at ladle.go:27 as `fmt.Sprint(time.Time{})`.", false},
		{"a variable declared at its line", "`ladleClock` is declared at ladle.go:27 as `fmt.Sprint(&time.Time{})`.", true},
		{"a name set at a cited line", "For stew, `Serve` sets `sep` to \";\" at ladle.go:45.", false},
		{"a name set at a cited line", "For stew, `Serve` sets `sep` to \"|\" at ladle.go:45.", true},
		{"a call with another constant of its package", "`Serve` writes the time with `l.served.Format(time.RFC3339)`.", false},
		{"a call with another constant of its package", "`Serve` writes the time with `l.served.Format(time.RFC1123)`.", true},
		{"a call with another constant of its package", "`Serve` should write the time with `l.served.Format(time.RFC1123)`.", false},
		{"a message quoted in prose", "`strict` fails with \"ladle: soup %q is not on the menu today\" for an empty soup.", false},
		{"a message quoted in prose", "`strict` fails with \"ladle: soup %q is not on the daily menu today\" for an empty soup.", true},
		{"quotes paired in order", "`Serve` joins \"broth\" and \",\" and then writes the time after \"stew\" and \";\" in every case.", false},
		{"a condition said with the others in words", "`Serve` returns nothing only when `!l.warm` and the ladle has not spilled (ladle.go:38).", false},
		{"values listed as an example sequence", "`portions` names the bowls with `fmt.Sprintf(\"bowl%d\", i)`, so they are `bowl0`, `bowl1` and so on.", false},
		{"a negative number returned under a condition", "`compareBowls(a, b uint32)` (ladle.go:70) returns -1 when `a < b` and 1 when `a > b`.", false},
		{"a negative number returned under a condition", "`compareBowls(a, b uint32)` (ladle.go:70) returns 1 when `a < b`.", true},
		{"a field's type in an appositive", "A `ladle` keeps its soup's name in the field `name`, a `string`.", false},
		{"a field's type in an appositive", "A `ladle` keeps its soup's name in the field `name`, a `[]byte`.", true},
		{"a type declared as, after a comma", "Pouring has the type `pourFunc`, declared as `func(l *ladle, amount int, hot bool) (string, error)`.", false},
		{"a type declared as, after a comma", "Pouring has the type `pourFunc`, declared as `func(l *ladle, amount int) (string, error)`.", true},
		{"a parameter's type after a possessive", "`labelOf` takes the soup's name as a `string`.", false},
		{"a parameter's type after a possessive", "`labelOf` takes the soup's name as a `[]byte`.", true},
		{"a literal returned after and, its verb said once", "`firstWarm` returns `l.name` for the first warm ladle, and \"\" when none is (ladle.go:93).", false},
		{"a line cited for a second action", "`stir` adds `compareUnit()` to the turns and increments the count when the sum wraps to zero (ladle.go:99).", false},
		{"two things compared at a line", "`Serve` compares `amount` with `ladleLimit` at ladle.go:32 and fails over it.", false},
		{"two things compared at a line", "`Serve` compares `amount` with `ladleLimit` at ladle.go:33 and fails over it.", true},
		{"a call made with the subject's own parameter", "`pourInto` builds the label with `describe(name)`.", false},
		{"a call made with the subject's own parameter", "`pourInto` builds the label with `labelOf(name)`.", true},
		{"a string literal returned", "`strict` returns \"\" and an error for an empty soup (ladle.go:55).", false},
	})
}
