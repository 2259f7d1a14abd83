package engine

import (
	"container/list"

	"github.com/explainerr/explainerr/explainerr/report"
)

// lru keeps the most recently used explanations by key. It is not safe for
// concurrent use: the engine's mutex guards it.
type lru struct {
	size  int
	order *list.List // front is the most recently used
	items map[string]*list.Element
}

type lruEntry struct {
	key string
	ex  report.Explanation
}

// newLRU returns a cache of size entries; size < 1 makes a cache that
// keeps nothing.
func newLRU(size int) *lru {
	return &lru{size: size, order: list.New(), items: map[string]*list.Element{}}
}

// get returns a copy of the explanation under key.
func (c *lru) get(key string) (report.Explanation, bool) {
	el, ok := c.items[key]
	if key == "" || !ok {
		return report.Explanation{}, false
	}
	c.order.MoveToFront(el)
	return cloneExplanation(el.Value.(*lruEntry).ex), true
}

// put stores a copy of ex under key, evicting the least recently used
// entry when full. An empty key is not stored.
func (c *lru) put(key string, ex report.Explanation) {
	if key == "" || c.size < 1 {
		return
	}
	ex = cloneExplanation(ex)
	if el, ok := c.items[key]; ok {
		el.Value.(*lruEntry).ex = ex
		c.order.MoveToFront(el)
		return
	}
	c.items[key] = c.order.PushFront(&lruEntry{key: key, ex: ex})
	for c.order.Len() > c.size {
		last := c.order.Back()
		c.order.Remove(last)
		delete(c.items, last.Value.(*lruEntry).key)
	}
}
