package checker

import "testing"

// TestTapClasses drives, on code shapes of their own
// (testdata/shapes/tap*.go), what was wrongly flagged: a condition whose
// other part is named in a code span of its own ("when the state is
// `tapOpen` and …"); a second function's return after ", while", which is
// said of that function, not of the sentence's first; a message quoted
// whole that an error type writes after a prefix of its own; a name
// made up as an example ("a field named PullCount"); and a function
// placed in the file for another platform that declares it.
func TestTapClasses(t *testing.T) {
	c := shapes(t)
	checkCases(t, c, []classCase{
		{"a condition's other part named in code", "`pull` returns `errTapDry` only when the state is `tapOpen` and `t.pulls >= t.limit` (tap.go:25).", false},
		{"a condition's other part named in code", "`pull` returns `errTapDry` only when `t.pulls >= t.limit` (tap.go:25).", true},
		{"a condition's other part not named by the quoted one's selector", "`drain` empties the tap whenever `t.pulls > t.limit` (tap.go:50), with no other check.", true},
		{"a second function's return after while", "`tapKey` returns `\"tap:state:\" + name`, while `lockKey` returns `\"tap:lock:\" + name`.", false},
		{"a message written after an error type's prefix", "The error \"barrel: the cask is empty now\" is `errCask` as `barrelErrors.Error` writes it.", false},
		{"a message written after an error type's prefix", "The error \"barrel: the cask is empty today\" is `errCask` as `barrelErrors.Error` writes it.", true},
		{"a name made up as an example", "`tap` counts its pours in `pulls`, so a field named PullCount would only repeat it.", false},
		{"a function in the other platform's file", "The Windows version of spout in tap_windows.go names the spout.", false},
	})
}
