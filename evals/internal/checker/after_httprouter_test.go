package checker

import "testing"

// TestClassesAfterHttprouter drives the classes the run on the frozen set
// about julienschmidt/httprouter missed or wrongly flagged through
// CheckText, on code shapes written for them (testdata/shapes/relay.go),
// true sentences beside false ones: a literal's keys quoted without
// gofmt's alignment at a cited line; a standard-library name the sentence
// says the code does not use; a package-qualified call put at a line that
// holds another's method of that name; a panic's message; the constant a
// function redirects with, after a condition that opens the sentence;
// parameter types written in a call span; one call as the arguments of
// another (found by a probe of generated true sentences, not by the
// set); the flag a constructor leaves a field at; the variable a function
// keeps a value in; the means of a check; the bound a cited line
// compares with; the order of two steps named by the fields they use.
func TestClassesAfterHttprouter(t *testing.T) {
	c := shapes(t)
	cases := []classCase{
		{"literal keys at a line", "`NewRelay` builds the relay at relay.go:28 with `hops: n - 1` and `kind: direct`.", false},
		{"literal keys at a line", "`NewRelay` builds the relay at relay.go:34 with `hops: n - 1`.", true},

		{"negated standard name", "`Order` sorts the names by hand rather than with `slices.Sort`.", false},
		{"negated standard name", "`Order` sorts the names by hand, not with `slices.Sort(names)`.", false},
		{"negated standard name", "`Order` sorts the names with `slices.Sort(names)`.", true},
		{"negated standard name", "`Order` sorts the names rather than `slices.Arrange`.", false}, // the member is not looked up
		{"negated standard name", "`Order` sorts the names rather than `relaysort.Strings`.", true},

		{"qualified call at a line", "`Gate.Serve` falls back to `http.NotFound(w, r)` at relay.go:72 when `g.NoRoute` is nil.", false},
		{"qualified call at a line", "`Gate.Serve` falls back to `http.NotFound(w, r)` at relay.go:70 when `g.NoRoute` is nil.", true},
		{"qualified call at a line", "`Gate.Serve` hands the request to `g.NoRoute.ServeHTTP(w, r)` at relay.go:70.", false},

		{"panic message", "`Relay.Hop` panics with `\"relay: no hops left for \" + name` when no hop is left.", false},
		{"panic message", "`Relay.Hop` panics with `\"relay: no hop left for \" + name` when no hop is left.", true},
		{"panic message", "`Relay.Hop` panics at relay.go:43 when no hop is left.", false},
		{"panic message", "`Relay.Hop` panics in `strings.TrimSpace` when no hop is left.", false}, // where, not with what

		{"redirect constant", "When the path ends in a slash, `Gate.Serve` redirects with `http.StatusFound`.", false},
		{"redirect constant", "When the path ends in a slash, `Gate.Serve` redirects with `http.StatusSeeOther`.", true},
		{"redirect constant", "`Gate.Serve` redirects with `http.StatusSeeOther` rather than `http.StatusFound`.", true},
		{"redirect constant", "`Gate.Serve` redirects to `/home` when the path ends in a slash.", false}, // a target: not judged

		{"parameter types", "`NewRelay(n int)` builds a relay.", false},
		{"parameter types", "`NewRelay(n int64)` builds a relay.", true},
		{"parameter types", "`NewRelay(n)` builds a relay.", false},
		{"parameter types", "`NewRelay(n*2)` builds a relay twice as long.", false}, // a product
		{"parameter types", "`Accept(path string)` reports whether the path is absolute.", false},
		{"parameter types", "`Accept(p []byte)` reports whether the path is absolute.", true},

		{"one call as the arguments", "`Tag(Parts(t))` names the relay again.", false}, // f(g()): g gives both
		{"one call as the arguments", "`Tag(n)` names the relay.", true},
		{"one call as the arguments", "`Tag(n, Parts(t))` names the relay.", false},

		{"flag left", "`NewRelay` leaves `open` false.", true},
		{"flag left", "`NewRelay` leaves `quiet` false, so the relay logs.", false}, // never set: the zero value
		{"flag left", "`NewRelay` sets `open` to true.", false},
		{"flag left", "`NewRelay` sets `open` to false.", true},
		{"flag left", "`NewRelay` leaves `open` true.", false},

		{"variable kept in", "`Gate.Route` keeps the tidied name in `tidyName`.", false},
		{"variable kept in", "`Gate.Route` keeps the tidied name in `trimmedName`.", true}, // tidy's, which it calls
		{"variable kept in", "`Gate.tidy` keeps the trimmed name in `trimmedName`.", false},
		{"variable kept in", "`Gate.Route` keeps the tidied name in `name`.", false}, // its parameter
		{"variable kept in", "`Accept` keeps the name in `ctx`.", false},             // one word: not judged
		{"variable kept in", "`Gate.Route` keeps the name in `Relay.label`.", false},

		{"means of a check", "`Absolute` checks that `path` starts with a slash with `strings.HasPrefix(path, \"/\")`.", false},
		{"means of a check", "`Accept` checks that `path` starts with a slash with `strings.HasPrefix(path, \"/\")`.", true},
		{"means of a check", "`Accept` checks that `path` starts with a slash, unlike `strings.HasPrefix`.", false},

		{"bound at a line", "Line 34 of `relay.go` makes the pool only when `n` is greater than 0.", false},
		{"bound at a line", "Line 34 of `relay.go` makes the pool only when `n` is at least 1.", false},
		{"bound at a line", "relay.go:34 skips the pool unless `n` is at most 0.", false}, // the negation
		{"bound at a line", "Line 34 of `relay.go` makes the pool only when `n` is greater than 1.", true},
		{"bound at a line", "relay.go:34 makes the pool once `n` is at least 2.", true},
		{"bound at a line", "Line 42 of `relay.go` panics when `r.hops` is less than 1.", false}, // compared by ==: not read

		{"order of named steps", "`Gate.Serve` tries the trailing slash before it calls the NoRoute handler.", false},
		{"order of named steps", "`Gate.Serve` calls the NoRoute handler before it tries the trailing slash.", true},
		{"order of named steps", "`Gate.Serve` calls the NoRoute handler after it tries the trailing slash.", false},
		{"order of named steps", "`Gate.Serve` calls the handler before it tries the slash.", false}, // one word each: not read
	}
	checkCases(t, c, cases)
}
