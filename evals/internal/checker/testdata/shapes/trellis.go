package shapes

import "net/http"

// Vine wraps a handler.
type Vine func(http.Handler) http.Handler

// Trellis holds vines, outermost first.
type Trellis struct {
	vines []Vine
	label string
}

// NewTrellis copies the vines it is given.
func NewTrellis(label string, vines ...Vine) Trellis {
	return Trellis{vines: append([]Vine(nil), vines...), label: label}
}

// Grow wraps h in the vines, the last one innermost.
func (t Trellis) Grow(h http.Handler) http.Handler {
	for i := range t.vines {
		h = t.vines[len(t.vines)-1-i](h)
	}
	return h
}

// Graft adds the vines of another trellis after t's own.
func (t Trellis) Graft(other Trellis) Trellis {
	return t.Add(other.vines...)
}

// Add returns a trellis with more vines.
func (t Trellis) Add(vines ...Vine) Trellis {
	return NewTrellis(t.label, append(append([]Vine(nil), t.vines...), vines...)...)
}

// Bare returns a trellis without vines or label.
func Bare() Trellis { return Trellis{} }

// GrowFunc is Grow for a function.
func (t Trellis) GrowFunc(fn http.HandlerFunc) http.Handler { return t.Grow(fn) }

// VineTag marks a vine.
type VineTag struct{ sprout int }

// Plant tags a vine with its sprout's length.
func Plant(sprout string) VineTag { return VineTag{sprout: len(sprout)} }

// Bed holds sprouts.
type Bed struct {
	vines []Vine
	last  *[]Vine
}

// Sprout makes a holder, then adds a vine and keeps the holder.
func (b *Bed) Sprout() *[]Vine {
	p := new([]Vine)
	b.vines = append(b.vines, nil)
	b.last = p
	return p
}

// Prune drops the oldest vine once the bed holds more than max.
func (b *Bed) Prune(max int) {
	if max != 0 && len(b.vines) > max {
		b.vines = b.vines[1:]
	}
}

// Span is the number of vines.
func (b Bed) Span() int { return len(b.vines) }

// Soil is a kind of soil.
type Soil int

// The soils.
const (
	SoilUnknown Soil = iota
	SoilClay
	SoilSand
)

// SoilOf maps a name to its soil.
func SoilOf(s string) Soil {
	switch s {
	case "clay", "loam":
		return SoilClay
	case "sand":
		return SoilSand
	}
	return SoilUnknown
}

// FirstVine is the first of the names.
func FirstVine(fields []string) string { return fields[0] }

// Labels holds a bed's labels.
type Labels map[string]interface{}

// kinds lists the soils a bed may hold.
func kinds(s Soil) bool {
	switch s {
	case SoilClay, SoilSand:
		return true
	}
	return false
}

// Uproot takes the last vine out of the bed, then forgets the holder.
func (b *Bed) Uproot() {
	b.vines = b.vines[:len(b.vines)-1]
	b.last = nil
}

// Water calls the bed's hook when it is set, then forgets the holder.
func (b *Bed) Water(hook func()) {
	if hook != nil {
		hook()
	}
	b.last = nil
}
