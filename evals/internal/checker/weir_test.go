package checker

import "testing"

// TestWeirClasses drives more classes of the retry-go, slug, gobreaker
// and env sets on shapes of their own (testdata/shapes/weir.go): a flag's
// value said right before the if that tests it, a field's type said
// beside it, a package variable's type in prose, a literal said with or
// without its address, what a loop ranges over and the kind of value a
// function returns said in words.
func TestWeirClasses(t *testing.T) {
	c := shapes(t)
	checkCases(t, c, []classCase{
		{"a flag's value at the if that tests it", "`weirName` lower-cases the name only when `Strict` is false (weir.go:31).", true},
		{"a flag's value at the if that tests it", "`weirName` lower-cases the name only when `Strict` is true (weir.go:31).", false},
		{"a field's type said beside it", "In `weir`, `Height` is an `int64`.", true},
		{"a field's type said beside it", "In `weir`, `Height` is a `uint32`.", false},
		{"a field's type said beside it", "`weir` keeps its levels in `marks`, a `[]int`.", true},
		{"a field's type said beside it", "`weir` keeps its levels in `marks`, a `map[string]int`.", false},
		{"a list that gives each type its field after it", "The `weir` struct holds a `uint32` in `Height`, a `[]string` in `gates` and a `map[string]int` in `marks`.", false},
		{"a package variable's type in prose", "MaxDepth is a package variable of type uint that starts at zero.", true},
		{"a package variable's type in prose", "MaxDepth is a package variable of type int that starts at zero.", false},
		{"a literal said with its address", "`holdError` wraps the error as `&held{err}`.", true},
		{"a literal said with its address", "`holdError` wraps the error as `held{err}`.", false},
		{"what a loop ranges over", "The `levels` function ranges over a `map[string]int` of gates.", true},
		{"what a loop ranges over", "The `levels` function ranges over a `[]string` of gates.", false},
		{"the kind of value returned, in words", "`levels` returns a map from each gate to its level.", true},
		{"the kind of value returned, in words", "`levels` returns a slice of the gates' levels.", false},
	})
}
