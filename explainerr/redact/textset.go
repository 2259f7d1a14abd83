package redact

import "sync"

// textSet is a set of texts safe for concurrent use, which only grows. It
// is a map under a mutex rather than a sync.Map on purpose: a sync.Map
// reachable from the middleware's types makes every package that imports
// explainerr compile the generic map behind it again (about a tenth of a
// second of each rebuild of an app's main package).
type textSet struct {
	mu sync.Mutex
	m  map[string]struct{}
}

// has reports whether s is in the set.
func (t *textSet) has(s string) bool {
	t.mu.Lock()
	defer t.mu.Unlock()
	_, ok := t.m[s]
	return ok
}

// add puts s in the set.
func (t *textSet) add(s string) {
	t.mu.Lock()
	defer t.mu.Unlock()
	if t.m == nil {
		t.m = map[string]struct{}{}
	}
	t.m[s] = struct{}{}
}
