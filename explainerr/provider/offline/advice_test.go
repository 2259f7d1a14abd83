package offline

import (
	"strings"
	"testing"

	"github.com/explainerr/explainerr/explainerr/report"
)

// TestNilMapAdviceIsWhole checks that retrieved source which declares the
// map but shows no constructor still gives a first fix, not only the
// "Or create it lazily" alternative.
func TestNilMapAdviceIsWhole(t *testing.T) {
	r := panicReport("runtime.plainError", "assignment to entry in nil map",
		appFrame(t, "example.com/blog.(*Stats).Add", "stats.go", `
package main

func (s *Stats) Add(tag string) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.counts[tag]++ //!
}
`))
	r.Context = []report.Chunk{chunk("stats.go", "Stats", 20, `
type Stats struct {
	mu     sync.Mutex
	counts map[string]int
}
`)}
	r.Mode = report.ModeRAG
	text := Analyze(r)
	_, fixes, ok := strings.Cut(text, "**How to fix it:**\n\n")
	if !ok {
		t.Fatalf("no fixes:\n%s", text)
	}
	if strings.HasPrefix(fixes, "- Or ") {
		t.Errorf("the first fix is an alternative to nothing:\n%s", text)
	}
	for _, want := range []string{"Create `s.counts` with `make(map[string]int)` where the value holding it is built", "Or create it lazily"} {
		if !strings.Contains(fixes, want) {
			t.Errorf("fixes lack %q:\n%s", want, text)
		}
	}
}
