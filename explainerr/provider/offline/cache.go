package offline

import (
	"regexp"
	"sync"
)

// Caches of the analyzer's repeated work.
//
// The analyzer builds many patterns from names found in the report (a
// field, a receiver, a table). Compiling one costs far more than running
// it on a window of source, and a failing page tends to fail again with
// the same names, so compiled patterns are kept, up to a bound.

// maxCachedPatterns bounds the compiled patterns kept; past it the cache
// starts again empty, so that a long-running server that sees many
// different failures does not grow without limit.
const maxCachedPatterns = 1024

var patternCache struct {
	sync.RWMutex
	byText map[string]*regexp.Regexp
}

// compiled returns expr compiled, panicking like regexp.MustCompile when it
// is not a valid expression. The result is shared: a *regexp.Regexp is
// safe for concurrent use.
func compiled(expr string) *regexp.Regexp {
	patternCache.RLock()
	re := patternCache.byText[expr]
	patternCache.RUnlock()
	if re != nil {
		return re
	}
	re = regexp.MustCompile(expr)
	patternCache.Lock()
	if patternCache.byText == nil || len(patternCache.byText) >= maxCachedPatterns {
		patternCache.byText = make(map[string]*regexp.Regexp)
	}
	patternCache.byText[expr] = re
	patternCache.Unlock()
	return re
}
