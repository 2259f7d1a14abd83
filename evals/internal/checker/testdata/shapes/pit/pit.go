// Package pit is a quarry's pit, a second package with names of the
// shapes package's own.
package pit

import "sync"

// blockStock is where a pit keeps its blocks.
type blockStock interface {
	take(k int) (int, bool)
}

// Quarry is a pit's quarry.
type Quarry struct {
	stock blockStock
}

// Haul takes block k out of the pit's stock.
func (q *Quarry) Haul(k int) (int, bool) {
	return q.stock.take(k)
}

// pit is a pit's own state, a type named as its package is.
type pit struct {
	mu      sync.Mutex
	blocks  map[string]int
	onEmpty func(string)
}

// Empty takes every block of name out, and then tells onEmpty.
func (p *pit) Empty(name string) {
	p.mu.Lock()
	delete(p.blocks, name)
	p.mu.Unlock()
	if p.onEmpty != nil {
		p.onEmpty(name)
	}
}

// Empty empties the pit of a quarry; a function named as the method.
func Empty(q *Quarry) { q.stock = nil }
