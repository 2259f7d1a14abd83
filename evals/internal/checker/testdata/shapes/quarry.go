package shapes

import "sync"

// quarryCart is how many blocks a quarry's cart holds at first.
const quarryCart = 8

// seams is how many seams a quarry cuts along, in turn.
const seams = 12

// blockStock is where a quarry keeps the blocks it has cut.
type blockStock interface {
	peek(k int) (int, bool)
	take(k int) (int, bool)
}

// pile is the quarry's stock of blocks by key.
type pile map[int]int

func (p pile) peek(k int) (int, bool) { v, ok := p[k]; return v, ok }

func (p pile) take(k int) (int, bool) {
	v, ok := p[k]
	delete(p, k)
	return v, ok
}

// slab is one block in a quarry's line, newest first.
type slab struct {
	key           int
	ahead, behind *slab
	owner         *Quarry
	seam          uint8
}

// Quarry cuts blocks and keeps them until they are hauled.
type Quarry struct {
	limit  int
	blocks []int
	cart   []int
	front  *slab
	stock  blockStock
	onDrop func(k int)

	// the quarry's lock
	mu   sync.Mutex
	seam uint8
}

// NewQuarry returns a quarry that keeps at most limit blocks.
func NewQuarry(limit int) *Quarry {
	if limit < 0 {
		limit = 0
	}
	return &Quarry{limit: limit, stock: pile{}, cart: newCart()}
}

// newCart makes an empty cart.
func newCart() []int {
	return make([]int, 0, quarryCart)
}

// Cut cuts block k and reports whether one was dropped for it.
func (q *Quarry) Cut(k int) bool {
	q.blocks = append(q.blocks, k)
	full := q.limit > 0 && len(q.blocks) > q.limit
	if full {
		q.drop(false)
	}
	return full
}

// Trim drops blocks until no more than n are left.
func (q *Quarry) Trim(n int) {
	for len(q.blocks) > n {
		q.drop(true)
	}
	q.limit = n
}

// drop lets the oldest block go.
func (q *Quarry) drop(hauled bool) {
	if hauled {
		q.cart = append(q.cart, q.blocks[0])
	}
	q.blocks = q.blocks[1:]
}

// Look gives block k's size without moving it.
func (q *Quarry) Look(k int) (int, bool) {
	q.mu.Lock()
	defer q.mu.Unlock()
	return q.stock.peek(k)
}

// Fetch gives block k's size and moves its slab to the front.
func (q *Quarry) Fetch(k int, s *slab) (int, bool) {
	q.mu.Lock()
	defer q.mu.Unlock()
	q.toFront(s)
	return q.stock.take(k)
}

// Haul gives block k's size, leaving it in the stock.
func (q *Quarry) Haul(k int) (int, bool) { return q.stock.peek(k) }

// toFront puts s first in the line.
func (q *Quarry) toFront(s *slab) { q.front = s }

// LookOrCut gives block k's size when the quarry has it, and cuts it
// otherwise.
func (q *Quarry) LookOrCut(k int) (size int, found, made bool) {
	q.mu.Lock()
	size, found = q.stock.peek(k)
	if found {
		q.mu.Unlock()
		return size, true, false
	}
	made = q.Cut(k)
	q.mu.Unlock()
	return
}

// nextSeam is the seam after the current one.
func (q *Quarry) nextSeam() uint8 { return (q.seam + 1) % seams }

// place puts s on the seam before the current one.
func (q *Quarry) place(s *slab) {
	s.seam = (seams + q.seam - 1) % seams
}

// detach takes s out of its line.
func (s *slab) detach() {
	if s.owner == nil || s.behind == s {
		return
	}
	s.behind.ahead = s.ahead
}

// remove takes s out of the quarry.
func (q *Quarry) remove(s *slab) {
	q.unlink(s)
	q.forget(s.key)
	if q.onDrop != nil {
		q.onDrop(s.key)
	}
}

// unlink takes s out of the line.
func (q *Quarry) unlink(s *slab) { s.detach() }

// forget drops block k from the stock.
func (q *Quarry) forget(k int) { q.stock.take(k) }

// makeRoom lets a block go when the quarry is full.
func (q *Quarry) makeRoom() {
	if len(q.blocks) > q.limit {
		q.shed()
		return
	}
	q.unload()
}

// shed drops the oldest block.
func (q *Quarry) shed() { q.blocks = q.blocks[1:] }

// unload empties the cart.
func (q *Quarry) unload() { q.cart = q.cart[:0] }

// Reopen opens a sealed quarry again.
// func (q *Quarry) Reopen() {
//	q.mu.Lock()
//	defer q.mu.Unlock()
//	q.limit = 1
// }
