// Package pit is a quarry's pit, a second package with names of the
// shapes package's own.
package pit

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
