package checker

import "testing"

// TestQuotedCodeAtItsPlace drives, on code shapes of their own
// (testdata/shapes/lamp.go), what a sentence quotes as written: a call
// whose argument differs in numbers deep inside it or in the words of
// its message, with a negation reaching only the quote it leads to; a
// statement, a call or a literal's key quoted right before the line it
// cites, or a package's chain through another member there; a
// declaration quoted without its keyword; "built with" a function, which
// is no build constraint; the fields listed for a struct named, the type
// a method is said to be on or the receiver quoted for it; and the value
// a variable starts at or a constant is set to by its line.
func TestQuotedCodeAtItsPlace(t *testing.T) {
	c := shapes(t)
	checkCases(t, c, []classCase{
		{"numbers deep in an argument", "`Glow` returns `binary.BigEndian.Uint16(l.bright[2:4])`.", false},
		{"numbers deep in an argument", "`Glow` returns `binary.BigEndian.Uint16(l.bright[3:5])`.", true},
		{"message misquoted", "`Check` returns `fmt.Errorf(\"shapes: lamp %q has no power: %T\", l.label, v)` for a lamp at zero watts.", false},
		{"message misquoted", "`Check` returns `fmt.Errorf(\"shapes: lamp %q lacks any power: %T\", l.label, v)` for a lamp at zero watts.", true},
		{"message shortened", "`Check` returns `fmt.Errorf(\"shapes: lamp %q\", l.label, v)` for a lamp at zero watts.", false},
		{"negation elsewhere in the sentence", "For a lamp that is not powered, `Check` returns `fmt.Errorf(\"shapes: lamp %q lacks any power: %T\", l.label, v)`.", true},
		{"negation of the quote", "`Check` never returns `fmt.Errorf(\"shapes: lamp %q lacks any power: %T\", l.label, v)`.", false},
		{"statement at its line", "`Dim` lowers the power with `l.watts -= by` at lamp.go:62.", false},
		{"statement at its line", "`Dim` lowers the power with `l.watts -= by` at lamp.go:63.", true},
		{"call at its line", "`Dim` puts the lamp back with `lampPool.Put(l)` at lamp.go:66.", false},
		{"call at its line", "`Dim` puts the lamp back with `lampPool.Put(l)` at lamp.go:65.", true},
		{"statement with more", "`lampSteady` is declared as `lampMode = iota + 1` at lamp.go:26.", false},
		{"statement with more", "`lampSteady` is declared as `lampMode = iota` at lamp.go:26.", true},
		{"key of a literal at its line", "`defaultLamp` returns a lamp with `watts: 60` in the literal at lamp.go:44.", false},
		{"key of a literal at its line", "`defaultLamp` returns a lamp with `watts: 75` in the literal at lamp.go:44.", true},
		{"bare signature", "`Dim(by int, hard bool)` lowers the power and returns the lamp to the pool.", false},
		{"bare signature", "`Dim(by int)` lowers the power and returns the lamp to the pool.", true},
		{"bare method signature", "`(*lamp).Check(v any) error` reports a lamp without power.", false},
		{"bare method signature", "`(*lamp).Check(v any, strict bool) error` reports a lamp without power.", true},
		{"bare method expression", "`lamp.Dim(by int, hard bool)` puts the lamp back.", false},
		{"built with a function", "`Check` returns an error built with `fmt.Errorf`.", false},
		{"fields of the struct named", "The `lamp` struct has three fields: `watts int`, `bright [6]byte` and `label string`.", false},
		{"fields of the struct named", "The `lamp` struct has three fields: `watts int`, `bright [6]byte` and `dwell time.Duration`.", true},
		{"field count of the struct named", "The `lamp` struct has four fields.", true},
		{"method on a type", "`Glow` (lamp.go:48) is a method on `*lamp`.", false},
		{"method on a type", "`Glow` (lamp.go:48) is a method on `*gauge`.", true},
		{"receiver quoted", "`Code` is declared on the value receiver `(l lamp)`.", false},
		{"receiver quoted", "`Dim` is declared on the value receiver `(l lamp)`.", true},
		{"starts at a value", "`lampCount` starts at 1 and counts the lamps made.", false},
		{"starts at a value", "`lampCount` starts at zero and counts the lamps made.", true},
		{"constant set by its line", "`lampCap`, the constant that lamp.go:73 sets to 12, bounds the shop.", false},
		{"constant set by its line", "`lampCap`, the constant that lamp.go:73 sets to 16, bounds the shop.", true},
		{"another member of a package's chain", "`Code` encodes the label with `base64.StdEncoding.EncodeToString` (lamp.go:77).", false},
		{"another member of a package's chain", "`Code` encodes the label with `base64.URLEncoding.EncodeToString` (lamp.go:77).", true},
	})
}
