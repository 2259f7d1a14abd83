package pattern

import (
	"strconv"
	"testing"
)

// Compiled compiles once per text and shares the result.
func TestCompiledSharesOnePatternPerText(t *testing.T) {
	a, b := Compiled(`^\s*var\s+cache\b`), Compiled(`^\s*var\s+cache\b`)
	if a != b {
		t.Error("the same text compiled twice")
	}
	if !a.MatchString("  var cache map[int]int") || a.MatchString("var caches []int") {
		t.Errorf("%s matches the wrong lines", a)
	}
}

// Past its bound the cache starts again: it never holds more.
func TestCompiledStaysWithinItsBound(t *testing.T) {
	for i := range maxCachedPatterns + 10 {
		Compiled(`x` + strconv.Itoa(i))
	}
	patternCache.RLock()
	n := len(patternCache.byText)
	patternCache.RUnlock()
	if n > maxCachedPatterns {
		t.Errorf("the cache holds %d patterns, more than %d", n, maxCachedPatterns)
	}
}

// An invalid expression panics, as regexp.MustCompile does.
func TestCompiledPanicsOnAnInvalidExpression(t *testing.T) {
	defer func() {
		if recover() == nil {
			t.Error("no panic for an invalid expression")
		}
	}()
	Compiled(`(`)
}
