package checker

import "testing"

// TestClassesOfTrellis drives, on code shapes of their own
// (testdata/shapes/trellis.go): a call, an index and a composite literal
// quoted at a cited line that writes them with other arguments; a field
// named in a slice passed to a variadic parameter ("`other.leaves...`");
// a method call a clause opens after a comma, whose bare argument is the
// caller's variable; and a signature given in words ("takes a `T` and
// returns a `U`", "takes no parameters"); a bare "`name type`" that is
// a parameter where a field elsewhere has the name with another type;
// a builtin's name written as an English word ("the new holder"); a
// condition of comparisons joined by && whose operator is another, at a
// cited line or in the function; a method named in plain prose beside
// the word "method" and the kind of its receiver; a value listed beside
// others the function handles that no string of the module holds; a
// position in a slice quoted of a function that reads another; a named
// type said to be declared as another composite type; a cited line whose
// exported names the prose writes in words; an English word before
// "function" that is no name of the module; and the order of two names
// a function uses, told with "first … then …" beside a cited line; and a
// guard said to be missing where the line cited places the next step;
// a subject named in a leading condition and then called "it"; the
// number of methods a type is said to have; and a function said to
// return nothing, named in prose after its kind and a comma; and a line
// cited right after a function's name and its kind that declares it.
func TestClassesOfTrellis(t *testing.T) {
	c := shapes(t)
	checkCases(t, c, []classCase{
		{"call quoted at its line", "`Graft` returns `t.Add(other.vines...)` at trellis.go:29.", false},
		{"call quoted at its line", "`Graft` returns `t.Add(t.vines...)` at trellis.go:29.", true},
		{"index quoted at its line", "At trellis.go:22 `Grow` calls `t.vines[len(t.vines)-1-i](h)`.", false},
		{"index quoted at its line", "At trellis.go:22 `Grow` calls `t.vines[len(t.vines)-i](h)`.", true},
		{"literal quoted at its line", "`NewTrellis` returns `Trellis{vines: append([]Vine(nil), vines...), label: label}` at trellis.go:16.", false},
		{"literal quoted at its line", "`NewTrellis` keeps the caller's slice with `Trellis{vines: vines, label: label}` at trellis.go:16.", true},
		{"field of a spread slice", "`Graft` passes `other.vines...` to `Add`.", false},
		{"field of a spread slice", "`Graft` returns `t.Add(other.leaves...)`.", true},
		{"method call opening a clause", "Because `Graft` delegates to `Add`, `t.Graft(mine)` copies the vines and leaves `t` unchanged.", false},
		{"signature in words", "`GrowFunc` takes an `http.HandlerFunc` and returns an `http.Handler`.", false},
		{"signature in words", "`GrowFunc` takes an `http.HandlerFunc` and returns an `http.HandlerFunc`.", true},
		{"takes no parameters", "`Bare` takes no parameters and returns an empty `Trellis`.", false},
		{"takes no parameters", "`NewTrellis` takes no parameters and returns an empty `Trellis`.", true},
		{"bare parameter beside a field of its name", "Plant takes `sprout string` and returns a tag.", false},
		{"bare parameter beside a field of its name", "Plant takes `sprout bool` and returns a tag.", true},
		{"builtin's name as an English word", "`Sprout` calls `append` before storing the new holder in `b.last`.", false},
		{"builtin's name as an English word", "`Sprout` calls `append` before it calls `new`.", true},
		{"a joined condition's operator at its line", "`Prune` drops a vine when `max != 0 && len(b.vines) > max` (trellis.go:65).", false},
		{"a joined condition's operator at its line", "`Prune` drops a vine when `max != 0 && len(b.vines) >= max` (trellis.go:65).", true},
		{"a joined condition's operator in the function", "`Prune` drops the oldest vine only if `max != 0 && len(b.vines) > max`.", false},
		{"a joined condition's operator in the function", "`Prune` drops the oldest vine only if `max != 0 && len(b.vines) >= max`.", true},
		{"a method named in prose and its receiver", "The method Span is declared on a value receiver of type Bed.", false},
		{"a method named in prose and its receiver", "The Prune method is declared on a value receiver.", true},
		{"a receiver with the article", "`Span` is declared on the value receiver `Bed`.", false},
		{"a receiver with the article", "`Prune` has the value receiver `Bed`.", true},
		{"a kind's English word is no name", "The same type holds a helper function for the new method.", false},
		{"a listed value the code has not", "`SoilOf` maps both \"clay\" and \"loam\" to `SoilClay`.", false},
		{"a listed value the code has not", "`SoilOf` maps both \"clay\" and \"silt\" to `SoilClay`.", true},
		{"a position quoted in the function", "`FirstVine` returns the first entry, `fields[0]`.", false},
		{"a position quoted in the function", "`FirstVine` returns the last entry, `fields[len(fields)-1]`.", true},
		{"a named type's declared type", "`Labels` (trellis.go:98) is declared as `map[string]any`.", false},
		{"a named type's declared type", "`Labels` (trellis.go:98) is declared as `map[string]string`.", true},
		{"a line named in words", "The helper kinds returns true only for the SoilClay and SoilSand kinds (trellis.go:103).", false},
		{"a line named in words", "The helper kinds returns true only for the SoilClay and SoilSand kinds (trellis.go:101).", true},
		{"first and then of names, a line cited", "`Uproot` first shortens `b.vines`, then clears `b.last` (trellis.go:112).", false},
		{"first and then of names, a line cited", "`Uproot` first clears `b.last`, then shortens `b.vines` (trellis.go:112).", true},
		{"a guard said missing, a later step's line cited", "`Water` calls `hook()` only when `hook` is not nil, then clears the holder, as its declaration at trellis.go:116 shows.", false},
		{"a guard said missing, a later step's line cited", "`Water` calls `hook` without checking whether it is nil, then clears the holder, as its declaration at trellis.go:116 shows.", true},
		{"a subject named in a leading condition, then it", "When `Water` is given a hook, it calls `hook()` before it forgets the holder.", false},
		{"a subject named in a leading condition, then it", "When `Water` is given no hook, it falls back to `Bare()`.", true},
		{"a type's method count", "The Bed type has three methods: Sprout, Prune and Uproot.", true},
		{"a type's method count", "The `Bed` type has five methods.", false},
		{"returns nothing, in words", "The Bed type has the method, Prune, which takes an int and returns nothing.", false},
		{"returns nothing, in words", "`Uproot` returns nothing.", false},
		{"returns nothing, in words", "The function, Bare, which takes no input and returns nothing, makes an empty trellis.", true},
		{"a function's declaration cited after its kind", "The `Prune` method (trellis.go:64) drops the first vine with `b.vines[1:]`.", false},
		{"a function's declaration cited after its kind", "The `Prune` method (trellis.go:71) drops the first vine with `b.vines[1:]`.", true},
		{"a kind's word before a quoted name", "The package function `FirstVine` (trellis.go:95) returns `fields[0]`.", false},
	})
}
