package pattern

import (
	"regexp"
	"sync"
)

// maxCachedPatterns bounds the compiled patterns kept; past it the cache
// starts again empty, so that a long-running server that sees many
// different failures does not grow without limit.
const maxCachedPatterns = 1024

// patternCache holds the compiled patterns by their text.
var patternCache struct {
	sync.RWMutex
	byText map[string]*regexp.Regexp
}

// Compiled returns expr compiled, panicking like regexp.MustCompile when it
// is not a valid expression. The result is shared: a *regexp.Regexp is
// safe for concurrent use.
func Compiled(expr string) *regexp.Regexp {
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
