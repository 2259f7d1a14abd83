package checker

import "testing"

// TestClassesAfterPat drives the classes the first runs on the frozen set
// about bmizerany/pat missed or wrongly flagged through CheckText, on code
// shapes written for them (testdata/shapes/routes.go), true sentences
// beside false ones: a line cited after what a function is said to call;
// a callee it does not call, a local variable of a function it does not
// reach and a string it does not quote whole; a
// receiver named in prose; a declared field of interface type; named
// results; a composite result type.
func TestClassesAfterPat(t *testing.T) {
	c := shapes(t)
	cases := []classCase{
		{"line cited after a call", "`OnGet` calls `t.Route` at routes.go:18.", false},
		{"line cited after a call", "`Drain` calls `io.Copy` at routes.go:55.", true},
		{"line cited after a call", "`Drain` calls `io.Copy` at routes.go:54.", false},
		{"line cited after a call", "`OnGet` calls `t.Route` at routes.go:17.", true},
		{"line cited after a call", "`OnGet` calls `t.Route` at routes.go:13.", false}, // a line of the callee
		{"callee not called", "`OnGet` registers the path by calling `t.OnHead(path)`.", true},
		{"callee not called", "`OnGet` registers the path with `t.Route(\"HEAD\", path)` first.", false},
		{"callee not called", "`OnHead` also registers it through `t.Route`.", false},
		{"local of another function", "`OnGet` collects the paths in `word`.", true},
		{"local of another function", "`Drain` collects the count in `n`.", false},
		{"local of another function", "`OnGet` registers each path under `method`.", false}, // a parameter of Route, which it calls
		{"local of another function", "`OnGet` registers each path under `t.routes`.", false},
		{"string not quoted whole", "`OnDelete` registers with `t.Route(\"DEL\", path)`.", true},
		{"string not quoted whole", "`OnDelete` registers with `t.Route(\"DELETE\", path)`.", false},
		{"string not quoted whole", "`OnGet` registers with `t.Route(\"GE\", path)`.", true},
		{"receiver in prose", "`Size` has a value receiver.", false},
		{"receiver in prose", "`Size` has a pointer receiver.", true},
		{"receiver in prose", "`Table.Size` has a value receiver.", false},
		{"receiver in prose", "`OnGet` has a value receiver, so it registers on a copy.", true},
		{"receiver in prose", "`OnGet` has a pointer receiver, so it registers on the table.", false},
		{"receiver in prose", "`stopAt` has a value receiver.", false}, // not a method: not judged
		{"declared interface field", "`Feed.Source` is a `*strings.Reader`.", true},
		{"declared interface field", "`Feed.Source` is an `io.Reader`.", false},
		{"declared interface field", "`f.Source` in `Drain` is a `*strings.Reader`, which implements it.", false},
		{"named results", "`scan(s string, f func(byte) bool, i int)` has the named results `word string`, `next byte` and `j int`.", false},
		{"named results", "`scan` has the named results `word string`, `next rune` and `j int`.", true},
		{"named results", "`scan` has the named result `count int`.", true},
		{"result type", "`stopAt(b byte)` returns a `func(byte) bool`.", false},
		{"result type", "`stopAt` returns a `func(c byte) bool` that holds for every other byte.", false},
		{"result type", "`stopAt(b byte)` returns a `func(rune) bool`.", true},
		{"result type", "`Sorted` returns a `[]string`.", false},
		{"result type", "`Sorted` returns a `[]int`.", true},
		{"result type", "`PathsOf` returns a `[]string`, its underlying type.", false},
		{"result type", "`PathsOf` returns a `map[string]string`.", true},
		{"result type", "`Any` returns a `func(byte) bool` held in an interface.", false},
		{"result type", "`Find` returns a `*Account` and an error.", false},
		{"result type", "`Find` returns an `*Owner` wrapped in the error.", false}, // a named type: not judged
	}
	checkCases(t, c, cases)
}
