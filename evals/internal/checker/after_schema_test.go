package checker

import "testing"

// TestClassesAfterSchema drives the classes the run on the frozen set
// about gorilla/schema missed or wrongly flagged through CheckText, on
// code shapes written for them (testdata/shapes/depot.go and
// depot_rack.go), true sentences beside false ones: a line cited in
// parentheses after a name other than the first of its clause (the false
// flag); a quoted call said of a function that writes the callee with
// other literals; a string said to be returned or split on that the
// function does not write; a struct literal said to be stored by a
// function that never names its type; names listed as declared in a file
// that does not declare them; embedding by value or by pointer; the order
// of two quoted statements of a method named with its unexported type;
// the order of two steps named by their callees in plain prose; the
// value of a flag an if tests around what a function is said to do; and
// the line of a store, which must hold the value stored.
func TestClassesAfterSchema(t *testing.T) {
	c := shapes(t)
	cases := []classCase{
		{"citation after a later name", "`Depot.Load` calls `d.racks.find(key, raw)` for each key of `src` (depot.go:22) and, when it finds a place, calls `d.place(at, raw)`.", false},
		{"citation after a later name", "`Depot.Load` calls `d.racks.find(key, raw)` for each key of `src` (depot.go:30) and, when it finds a place, calls `d.place(at, raw)`.", true},
		{"citation after a later name", "`Depot.Load` ranges over `src` (depot.go:21) and calls `d.racks.find(key, raw)`.", false},

		{"quoted call with other literals", "When `dst` is nil, `Depot.Load` returns `errors.New(\"depot: target must be a non-nil pointer\")`.", false},
		{"quoted call with other literals", "When `dst` is nil, `Depot.Load` returns `errors.New(\"depot: target must be a struct\")`.", true},
		{"quoted call with other literals", "When `dst` is nil, `Depot.Load` returns `errors.New(\"depot: target must be\")`, shortened.", false},
		{"quoted call with other literals", "`weigh` formats with `strconv.FormatFloat(v, 'f', 3, 64)`.", false},
		{"quoted call with other literals", "`weigh` formats with `strconv.FormatFloat(v, 'f', -1, 64)`.", true},
		{"quoted call with other literals", "`weigh` should format with `strconv.FormatFloat(v, 'f', -1, 64)`.", false}, // a fix
		{"quoted call with other literals", "`weigh` formats with `strconv.FormatFloat(w, 'g', -1, 32)`.", false},       // other names: not read

		{"string returned", "`fallback` returns `strings.Split(s, \":\")[1]` for the first option with the prefix `fallback:`, and `\"\"` when there is none.", false},
		{"string returned", "`fallback` returns `strings.Split(s, \":\")[1]` for the first option with the prefix `fallback:`, and `\"-\"` when there is none.", true},
		{"string split on", "`fillDefaults` splits each default on `\"|\"` and records an empty one.", false},
		{"string split on", "`fillDefaults` splits each default on `\",\"` and records an empty one.", true},

		{"struct literal stored", "For a key left empty, `verifyRequired` stores a `MissingKeyError{Key: key}` under it.", false},
		{"struct literal stored", "For a key left empty, `verifyRequired` stores a `StrayKeyError{Key: key}` under it.", true},
		{"struct literal stored", "`Depot.Load` stores a `StrayKeyError{Key: key}` for a key no rack finds.", false},

		{"declared in a file", "The depotErrs type and its absorb method are declared in depot_rack.go.", false},
		{"declared in a file", "The depotErrs type and its absorb method are declared in depot.go.", true},
		{"declared in a file", "The `Depot` type and `weigh` are declared in depot.go, next to `rackOptions`.", false},

		{"embedded pointer", "`crate` embeds `*rack` and adds a `label` string.", false},
		{"embedded pointer", "`crate` embeds `rack` by value and adds a `label` string.", true},
		{"embedded pointer", "`labelled` embeds `rackOptions` by value.", false},
		{"embedded pointer", "`labelled` embeds `*rackOptions`.", true},
		{"embedded pointer", "`crate` embeds `sync.Mutex`.", true},

		{"order of a lower-case type's method", "`rack.get` calls `r.build(key, \"\")` before it takes the write lock with `r.mu.Lock()`.", false},
		{"order of a lower-case type's method", "`rack.get` takes the write lock with `r.mu.Lock()` before it calls `r.build(key, \"\")`.", true},

		{"order of steps named in prose", "After the loop, Load absorbs the errors of fillDefaults before those of verifyRequired.", false},
		{"order of steps named in prose", "After the loop, Load absorbs the errors of verifyRequired before those of fillDefaults.", true},

		{"condition's direction", "`Depot.Load` records a `StrayKeyError` for a key that `find` rejects only when `strict` is true.", false},
		{"condition's direction", "`Depot.Load` records a `StrayKeyError` for a key that `find` rejects unless `d.strict` is false.", false},
		{"condition's direction", "`Depot.Load` records a `StrayKeyError` for a key that `find` rejects only when `strict` is false.", true},
		{"condition's direction", "`Depot.Load` records a `StrayKeyError` for a key that `find` rejects unless `strict` is set.", true},
		{"condition's direction", "`Depot.Load` returns `errs` when `strict` is false.", false}, // not under the flag: not read

		{"line of a store", "`Depot.Load` stores `StrayKeyError{Key: key}` in `errs[key]` at depot.go:25 when `find` fails.", false},
		{"line of a store", "`Depot.Load` stores `StrayKeyError{Key: key}` in `errs[key]` at depot.go:23 when `find` fails.", true},
		{"line of a store", "`Depot.Load` stores `StrayKeyError{key}` in `errs[key]` at depot.go:23.", false}, // a value the code never writes: not read
	}
	checkCases(t, c, cases)
}
