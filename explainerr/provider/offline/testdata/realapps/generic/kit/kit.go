// Package kit holds small generic helpers.
package kit

// First returns the first element of xs.
func First[T any](xs []T) T {
	return xs[0]
}

// Filter returns the elements of xs that keep accepts.
func Filter[T any](xs []T, keep func(T) bool) []T {
	var out []T
	for _, x := range xs {
		if keep(x) {
			out = append(out, x)
		}
	}
	return out
}

// Cache maps keys to values.
type Cache[K comparable, V any] struct {
	items map[K]V
	hits  int
}

// NewCache returns an empty cache.
func NewCache[K comparable, V any]() *Cache[K, V] {
	return &Cache[K, V]{}
}

// Put stores v under k.
func (c *Cache[K, V]) Put(k K, v V) {
	c.items[k] = v
}
