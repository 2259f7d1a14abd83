package shapes

import (
	"context"
	"time"
)

// Halt is what a shuttle's Next gives when the weaving stops; Courier
// has a method of the same name.
const Halt = -1

// The loom's defaults.
const (
	DefaultPause   = 40 * time.Millisecond
	DefaultMaxRows = 120
)

// Shuttle hands out the width of each next row.
type Shuttle interface {
	Next() int
	Rewind()
}

// Loom weaves rows on a warp.
type Loom struct {
	MaxRows int
	Tension int
	Pause   time.Duration
	warp    []int
	done    int
}

// NewLoom returns a loom with the defaults.
func NewLoom() *Loom {
	return &Loom{MaxRows: DefaultMaxRows, Pause: DefaultPause}
}

// Next returns the width of the next row, or Halt once the rows are
// used up.
func (l *Loom) Next() int {
	next := measureWarpWidth(l)
	l.tighten()
	if l.MaxRows-l.done < next {
		return Halt
	}
	l.done += next
	return next
}

// tighten adds a thread to the warp until half the rows are threaded.
func (l *Loom) tighten() {
	if len(l.warp) >= l.MaxRows/2 {
		return
	}
	l.warp = append(l.warp, l.Tension)
}

// measureWarpWidth is the width of the loom's warp.
func measureWarpWidth(l *Loom) int { return len(l.warp) + 1 }

// Taut reports whether a loom has any tension.
func Taut(l *Loom) bool {
	if l == nil {
		return false
	}
	return l.Tension > 0
}

// Snag is a thread that caught.
type Snag struct{ Err error }

// Knot says where the thread caught.
func (s *Snag) Knot() string { return "knot: " + s.Err.Error() }

// Fray returns what caught.
func (s *Snag) Fray() error { return s.Err }

// bobbins stops a shuttle after a number of rows.
type bobbins struct {
	inner Shuttle
	max   uint32
	spent uint32
}

// WithBobbins wraps a shuttle so that it halts after max rows.
func WithBobbins(s Shuttle, max uint32) Shuttle {
	return &bobbins{inner: s, max: max}
}

// Next halts once every bobbin is spent.
func (b *bobbins) Next() int {
	if b.max <= b.spent {
		return Halt
	}
	b.spent++
	return b.inner.Next()
}

// Rewind starts counting again.
func (b *bobbins) Rewind() {
	b.spent = 0
	b.inner.Rewind()
}

// watched stops a shuttle once its context is done.
type watched struct {
	Shuttle
	ctx context.Context
}

// Watch wraps a shuttle so that it halts once ctx is done.
func Watch(s Shuttle, ctx context.Context) Shuttle {
	return &watched{Shuttle: s, ctx: ctx}
}

// Next halts once the context is done.
func (w *watched) Next() int {
	select {
	case <-w.ctx.Done():
		return Halt
	default:
		return w.Shuttle.Next()
	}
}

// Rewind rewinds the wrapped shuttle.
func (w *watched) Rewind() {
	w.Shuttle.Rewind()
}

// Frame is a shuttle of one width.
type Frame struct{ Width int }

// Next returns the frame's width.
func (f *Frame) Next() int { return f.Width }

// Rewind does nothing: a frame has no state.
func (f *Frame) Rewind() {}

// spool winds thread onto a core it makes on the first call.
type spool struct{ c *core }

// core holds the turns of a spool.
type core struct{ turns []int }

// add winds n more turns.
func (c *core) add(n int) { c.turns = append(c.turns, n) }

// Wind adds n turns, making the core on the first call.
func (s *spool) Wind(n int) {
	if s.c != nil {
		s.c.add(n)
		return
	}
	s.c = newCore(n)
}

// newCore makes a core with n turns.
func newCore(n int) *core { return &core{turns: []int{n}} }
