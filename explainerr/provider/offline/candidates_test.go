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
