package checker

import "testing"

// TestClassesOfLoom drives, on code shapes of their own
// (testdata/shapes/loom.go): a cited line whose return statement gives
// the literal the prose says is returned ("returns false when `l` is
// nil (loom.go:64)"), a package constant named like a method and placed
// by its clause's line, a call given as a caller's use of the module's
// API with arguments of the caller's own, a default a constructor is said
// to leave at zero, a constant said to be a number times a unit, a
// decimal value that is not read as its whole part, a quoted comparison
// of a function with no cited line (its operator, and an operand the code
// compares as part of a sum), a step named by the words of the function
// that does it, the receiver kind of a method ("a `Fray` method on a
// value receiver"), the type a function takes a value as, a field said to
// be set by a method that writes nothing, a call said to be made when a
// value is nil, a constant said to be returned under a condition, and a
// method said to do only one thing.
func TestClassesOfLoom(t *testing.T) {
	c := shapes(t)
	checkCases(t, c, []classCase{
		{"literal returned at the cited line", "`Taut` returns false when `l` is nil (loom.go:64), and otherwise whether it has tension.", false},
		{"literal returned at the cited line", "`Taut` returns true when `l` is nil (loom.go:64).", true},
		{"package constant placed by its clause", "`bobbins.Next` returns `Halt` when `b.max <= b.spent` (loom.go:92), and only otherwise counts the row.", false},
		{"package constant placed by its clause", "`bobbins.Next` returns `Halt` when `b.max <= b.spent` (loom.go:95).", true},
		{"a caller's use of the API", "`Watch` halts once its context is done; so `WithBobbins(Watch(s, ctx), rowCap)` still halts under `ctx`.", false},
		{"a caller's use of the API", "`WithBobbins` is called as `WithBobbins(s, rowCap)` in `Watch`.", true},
		{"default left at zero", "By default NewLoom leaves Tension at zero.", false},
		{"default left at zero", "By default NewLoom leaves MaxRows at zero, so a loom never runs out of rows.", true},
		{"constant as a number times a unit", "`DefaultPause` is `40 * time.Millisecond`.", false},
		{"constant as a number times a unit", "`DefaultPause` is `0.04 * time.Second`.", false},
		{"constant as a number times a unit", "`DefaultPause` is `50 * time.Millisecond` at loom.go:14.", true},
		{"a decimal value", "`DefaultMaxRows` is 120.", false},
		{"a decimal value", "`DefaultMaxRows` is 120.5, so half rows count.", true},
		{"quoted comparison of a function", "`Loom.tighten` stops adding threads when `len(l.warp) >= l.MaxRows/2`.", false},
		{"quoted comparison of a function, its negation", "`Loom.tighten` appends a thread only while `len(l.warp) < l.MaxRows/2`.", false},
		{"quoted comparison of a function", "`Loom.tighten` stops adding threads when `len(l.warp) > l.MaxRows/2`.", true},
		{"operand of a sum", "`Loom.Next` returns `Halt` when `l.MaxRows-l.done < next`.", false},
		{"operand of a sum", "`Loom.Next` returns `Halt` when `l.MaxRows < next`, whatever rows are done.", true},
		{"step named by its function's words", "`Loom.Next` takes the warp width before it calls `l.tighten()`.", false},
		{"step named by its function's words", "`Loom.Next` calls `l.tighten()` before it takes the warp width.", true},
		{"receiver kind", "`Snag` has its `Knot` and `Fray` methods on pointer receivers.", false},
		{"receiver kind", "`Snag` gives its cause through a `Fray` method on a value receiver.", true},
		{"parameter type", "`WithBobbins` takes its limit as a `uint32` and the wrapped shuttle as a `Shuttle`.", false},
		{"parameter type", "`WithBobbins` takes the wrapped shuttle as a `Shuttle`.", false},
		{"parameter type", "`WithBobbins` takes its limit as an `int`.", true},
		{"side effect of a method", "`bobbins.Rewind` sets `spent` back to zero.", false},
		{"side effect of a method", "`Frame.Rewind` sets `Width` back to zero.", true},
		{"side effect of a method", "`Frame.Next` returns `f.Width`, and `Frame.Rewind` sets `Width` back to zero.", true},
		{"call under a nil test", "`spool.Wind` calls `s.c.add(n)` when `s.c` is not nil.", false},
		{"call under a nil test", "`spool.Wind` calls `s.c.add(n)` when `s.c` is nil.", true},
		{"constant returned under a condition", "`watched.Next` returns -1 when `w.ctx.Done()` is ready, and otherwise `w.Shuttle.Next()`.", false},
		{"constant returned under a condition", "`watched.Next` returns 0 when `w.ctx.Done()` is ready, and otherwise `w.Shuttle.Next()`.", true},
		{"only one thing", "Rewinding a shuttle made by `Watch` only rewinds the inner shuttle through `w.Shuttle.Rewind()`.", false},
		{"only one thing", "Rewinding a shuttle made by WithBobbins only rewinds the inner shuttle through inner.Rewind; the count of rows is kept.", true},
		{"only one thing", "`bobbins.Rewind` only rewinds the inner shuttle through `b.inner.Rewind()`.", true},
		{"only one thing, under a condition", "`bobbins.Next` only asks the inner shuttle through `b.inner.Next()` while bobbins are left.", false},
	})
}
