package offline

import (
	"strings"
	"testing"
)

// TestIndexCandidates checks that an index out of range on a line with
// two variable indexes names both and blames neither, and that an index
// written as another number is ruled out.
func TestIndexCandidates(t *testing.T) {
	src := `
package main

func pair(names, emails []string, i, j int) string {
	return names[i] + " <" + emails[j] + ">" //!
}
`
	r := panicReport("runtime.boundsError", "runtime error: index out of range [3] with length 2",
		appFrame(t, "example.com/app.pair", "pair.go", src))
	text := Analyze(r)
	if !strings.Contains(text, "one of `names[i]`, `emails[j]`") {
		t.Errorf("both candidates not named:\n%s", text)
	}
	if _, culprit := Recognize(r); culprit != "" {
		t.Errorf("culprit %q named without evidence", culprit)
	}
	for _, bad := range []string{"Index out of range: `names[i]`", "Index out of range: `emails[j]`"} {
		if strings.Contains(text, bad) {
			t.Errorf("blames one index without evidence (%q):\n%s", bad, text)
		}
	}

	fixed := strings.Replace(src, "names[i]", "names[0]", 1)
	r = panicReport("runtime.boundsError", "runtime error: index out of range [3] with length 2",
		appFrame(t, "example.com/app.pair", "pair.go", fixed))
	if _, culprit := Recognize(r); culprit != "emails[j]" {
		t.Errorf("culprit %q, want emails[j]: names[0] cannot read index 3", culprit)
	}
}

// TestSliceAndAssertionCandidates checks that two slice expressions, or
// two type assertions none of which names the type in the error, are all
// named and none is blamed.
func TestSliceAndAssertionCandidates(t *testing.T) {
	r := panicReport("runtime.boundsError", "runtime error: slice bounds out of range [:9] with length 4",
		appFrame(t, "example.com/app.clip", "clip.go", `
package main

func clip(a, b string, n int) string {
	return a[:n] + b[:n] //!
}
`))
	text := Analyze(r)
	if !strings.Contains(text, "one of `a[:n]`, `b[:n]`") || strings.Contains(text, "Slice bounds out of range: `") {
		t.Errorf("slice candidates:\n%s", text)
	}
	r = panicReport("*runtime.TypeAssertionError", "interface conversion: interface {} is string, not int",
		appFrame(t, "example.com/app.pick", "pick.go", `
package main

func pick(m map[string]any) (float64, bool) {
	return m["n"].(float64), m["ok"].(bool) //!
}
`))
	text = Analyze(r)
	for _, bad := range []string{"`m[\"n\"].(float64)`", "`m[\"ok\"].(bool)`"} {
		if strings.Contains(text, bad) {
			t.Errorf("blames %s though the error names neither type:\n%s", bad, text)
		}
	}
}
