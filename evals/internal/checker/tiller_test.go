package checker

import "testing"

// TestTillerClasses drives the classes of the go-chi/cors set on shapes
// of their own (testdata/shapes/tiller.go): a condition's other parts
// said by the string they test or by the words of a name; a field's or
// an option's type said with "has type", a function type compared with
// its parameters' names aside; a key said set by a literal the sentence
// names, which the function assigns only after it; a type of the module
// said as a value where a pointer is returned; a separator misquoted in
// a call, before a condition with a negation of its own; a field named
// in words, with its case or its exportedness; a list of package
// members one of which the function's own list of as many does not
// hold; and those of the benbjohnson/clock set: a number quoted at a
// cited line, what a type is declared as, and a format's verb quoted
// in a call whose other arguments are elided; and what a sentence says
// happens when a condition holds and otherwise, the branches the wrong
// way round (the slug, go-chi/cors and clock sets each had one).
func TestTillerClasses(t *testing.T) {
	c := shapes(t)
	checkCases(t, c, []classCase{
		{"the other parts of a condition said", "`(*Tiller).steer` accepts a request only when `r.Method == http.MethodPost`, the `X-Tiller-Mode` header is non-empty and the request has a token header (tiller.go:48).", false},
		{"the other parts of a condition said", "`(*Tiller).steer` accepts a request only when `r.Method == http.MethodPost` (tiller.go:48), with no other check.", true},
		{"a field's type said with has type", "The `pause` field of `Tiller` has type `int` and is set in `NewTiller`.", false},
		{"a field's type said with has type", "The `pause` field of `Tiller` has type `time.Duration` and is set in `NewTiller`.", true},
		{"an option's function type", "The `Accept` option has the type `func(req *http.Request, n string) bool`.", false},
		{"an option's function type", "The `Accept` option has the type `func(name string) bool`.", true},
		{"a key said set by the literal", "The `&Tiller{...}` literal in `NewTiller` sets `pause: 3` besides `name`.", false},
		{"a key said set by the literal", "The `&Tiller{...}` literal in `NewTiller` sets `limit: opts.Limit` besides `name` and `pause`.", true},
		{"a value said for a pointer", "`NewTiller` returns a `*Tiller`.", false},
		{"a value said for a pointer", "`NewTiller` returns a `Tiller` value.", true},
		{"a separator in a quoted call", "`(*Tiller).steer` sets `X-Tiller-Names` to `strings.Join(t.names, \", \")` when the list is not empty.", false},
		{"a separator in a quoted call", "`(*Tiller).steer` sets `X-Tiller-Names` to `strings.Join(t.names, \",\")` when the list is not empty.", true},
		{"a field named in words", "The Tiller struct keeps its logger in an exported field named Log.", false},
		{"a field named in words", "The Tiller struct keeps its logger in an unexported field named log.", true},
		{"a field named in words", "The Tiller struct keeps its name in an exported field named name.", true},
		{"a list of package members", "When `Methods` is empty, `NewTiller` allows `http.MethodGet`, `http.MethodPost` and `http.MethodHead`.", false},
		{"a list of package members", "When `Methods` is empty, `NewTiller` allows `http.MethodGet`, `http.MethodPost` and `http.MethodPut`.", true},
		{"a number quoted at a cited line", "`tillerLabel` first sleeps for `2 * time.Millisecond` (tiller.go:64).", false},
		{"a number quoted at a cited line", "`tillerLabel` first sleeps for `20 * time.Millisecond` (tiller.go:64).", true},
		{"what a type is declared as", "A set of tillers is a `tillerSet`, which is declared as `[]*Tiller`.", false},
		{"what a type is declared as", "A set of tillers is a `tillerSet`, which is declared as `map[string]*Tiller`.", true},
		{"a format's verb quoted", "`tillerLabel` writes the name and the pause with `fmt.Sprintf(\"tiller(%s [%d])\", ...)`.", false},
		{"a format's verb quoted", "`tillerLabel` writes the name and the pause with `fmt.Sprintf(\"tiller(%s [%v])\", ...)`.", true},
		{"what happens when a condition holds and otherwise", "`tillerMark` returns `\"busy:\" + label` when `taken[label]` is true, and `label` otherwise.", false},
		{"what happens when a condition holds and otherwise", "`tillerMark` returns `label` when `taken[label]` is true, and `\"busy:\" + label` otherwise.", true},
		{"what happens when a condition holds and otherwise", "`tillerMark` returns `label` when `taken[label]` is false, and `\"busy:\" + label` otherwise.", false},
	})
}
