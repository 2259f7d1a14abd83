package checker

import "testing"

// TestClassesOfPlume drives, on code shapes of their own
// (testdata/shapes/plume.go): a function named after "like" as a
// comparison, not as code the subject uses; a break cited as "breaking
// out at"; a line cited after the second of several subjects listed with
// commas ("`A` returns x, `B` returns y (f.go:N)"); a variable of a call
// the sentence writes as an example of the module's functions; a line
// that holds the step named before it, where a step named after it gives
// another literal; a rune a quoted call is said to be given that the
// subject never gives that call; a method's receiver said as "the `M`
// method of the `T` type is declared on a value receiver"; a type said
// to be embedded by value after another field is declared; "has no nil
// check" of a function that compares with nil; a quoted expression whose
// operands the subject combines only with another operator; a line in
// the value a literal gives a field named like a method ("the `Flush`
// hook"); another interface named after a list of methods; a generated
// function named at its generator's line; and a composite literal the
// subject writes as text; "has no check for an empty string" of a
// function that compares with ""; and a quoted assignment whose target
// and value the function assigns only with another operator.
func TestClassesOfPlume(t *testing.T) {
	c := shapes(t)
	checkCases(t, c, []classCase{
		{"like as a comparison", "`Plumef` formats its label with `fmt.Sprintf(format, args...)` at plume.go:31 and, like `Plume`, returns nil when `err` is nil.", false},
		{"like as a comparison", "`Plumef` formats its label with `fmt.Sprintf(format, args...)` at plume.go:31 and calls `Plume` when `err` is not nil.", true},
		{"break cited in words", "`Unplume` loops while `err != nil`, breaking out at plume.go:39 as soon as `err` is not a `*plumeErr`.", false},
		{"break cited in words", "`Unplume` loops while `err != nil`, breaking out at plume.go:38 as soon as `err` is not a `*plumeErr`.", true},
		{"subjects listed with commas", "When `q` is not positive, `Quill.path` returns \"nowhere\", `Quill.row` returns -1 (plume.go:58) and `Quill.owner` returns \"nowhere\".", false},
		{"subjects listed with commas", "When `q` is not positive, `Quill.path` returns \"nowhere\", `Quill.row` returns -1 (plume.go:51) and `Quill.owner` returns \"nowhere\".", true},
		{"variable of an example call", "`Unplume(Plume(e, \"ctx\"))` takes the label off and returns `e`, since `e` is no `*plumeErr`.", false},
		{"variable of an example call", "`Unplume(Plume(e, \"ctx\"))` calls `peelLabel` on `e`.", true},
		{"step named before the line", "`Quill.Format` handles 'v' by calling `q.Format(s, 's')` at plume.go:81, writing \"#\", and then calling `q.Format(s, 'd')`.", false},
		{"step named before the line", "`Quill.Format` handles 'v' by calling `q.Format(s, 'd')` at plume.go:81, writing \"#\", and then calling `q.Format(s, 's')`.", true},
		{"rune given to a call", "`Quill.Format` writes the owner before the path for 's' only when `s.Flag('+')` is set.", false},
		{"rune given to a call", "`Quill.Format` writes the owner before the path for 's' only when `s.Flag('#')` is set.", true},
		{"receiver of a method of a type", "The `Len` method of the `quillRing` type is declared on a pointer receiver.", false},
		{"receiver of a method of a type", "The `Len` method of the `quillRing` type is declared on a value receiver (`r quillRing`).", true},
		{"embedded after another field", "`plumeBox` declares a `name string` field and embeds `quillRing` as a pointer.", false},
		{"embedded after another field", "`plumeBox` declares a `name string` field and embeds `quillRing` by value, not as `*quillRing`.", true},
		{"has no nil check", "`Quill.Prev` has no nil check: it returns `q - 1`.", false},
		{"has no nil check", "`Relabel` has no nil check: it calls `Plume` even when `err` is nil.", true},
		{"operator of a quoted expression", "`Quill.Prev` returns `q - 1`.", false},
		{"operator of a quoted expression", "`Quill.Prev` returns `q + 1`.", true},
		{"hook of a literal", "The `Flush` hook of `NewNib` sets `st.flushed = true` at plume.go:137.", false},
		{"hook of a literal", "The `Flush` hook of `NewNib` sets `st.flushed = true` at plume.go:141.", true},
		{"another subject after a list of methods", "`penHolder` (plume.go:148) declares `Hold() error` and `Drop() error`, and `inkWell` declares the single method `Fill() error`.", false},
		{"another subject after a list of methods", "`penHolder` (plume.go:148) declares `Hold() error` and `Fill() error`.", true},
		{"a generated name at its generator's line", "`PrintStamp` writes the declaration `var n int` for the generated `Stamp` at plume.go:164.", false},
		{"a generated name at its generator's line", "`PrintStamp` writes the declaration `var n int` for the generated `Stamp` at plume.go:137.", true},
		{"a literal written as text", "`PrintStamp` writes `Stamp(Quill{})` as the generated body's return.", false},
		{"a literal written as text", "`PrintStamp` writes `Stamp(plumeBox{})` as the generated body's return.", true},
		{"no check for a state", "`Quill.owner` has no check for an empty string: it compares `q` with 0 only.", false},
		{"no check for a state", "`label` has no check for an empty string: it always returns `string(s[0]|0x20) + s[1:]`.", true},
		{"operator of a quoted assignment", "`Blot` adds with `*total += used`.", false},
		{"operator of a quoted assignment", "`Blot` assigns `*total = used`, dropping the total it had.", true},
	})
}
