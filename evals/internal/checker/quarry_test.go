package checker

import "testing"

// TestClassesOfQuarry drives, on code shapes of their own
// (testdata/shapes/quarry.go and testdata/shapes/pit): a name the
// sentence says is commented out, a quoted call of a function with one
// argument changed or a literal argument left out, a method call the
// function does not make (a wrong callee on an operand it uses, a side
// effect it has not), the values returned when a call the leading
// condition quotes succeeds, a quoted assignment or arithmetic
// expression of a function, a field named with its type ("a field `mu`
// of type `sync.Mutex`"), a quoted comparison at a cited line with
// another field as an operand, the value a cited line assigns, the order
// of two quoted calls told by "first … then", a call said to be made
// under a leading condition that the code makes only when it does not
// hold, and a subject named with its package ("The pit `Quarry.Haul`").
func TestClassesOfQuarry(t *testing.T) {
	c := shapes(t)
	checkCases(t, c, []classCase{
		{"commented out", "A quarry cannot be opened again, since `Reopen` is commented out.", false},
		{"commented out", "A quarry cannot be opened again, since `Reseal` is commented out.", true},
		{"argument changed", "`Quarry.Trim` calls `q.drop(true)` once for each block over `n`.", false},
		{"argument changed", "`Quarry.Trim` calls `q.drop(false)` once for each block over `n`.", true},
		{"literal argument left out", "`newCart` allocates the cart with `make([]int, 0, quarryCart)`.", false},
		{"literal argument left out", "`newCart` allocates the cart with `make([]int, quarryCart)`, eight blocks.", true},
		{"wrong callee", "On a miss, `Quarry.Look` looks the block up with `q.stock.peek(k)`.", false},
		{"wrong callee", "On a miss, `Quarry.Look` looks the block up with `q.stock.take(k)`.", true},
		{"side effect it has not", "`Quarry.Fetch` moves the slab to the front with `q.toFront(s)` before it takes the block.", false},
		{"side effect it has not", "`Quarry.Look` holds the lock and moves the slab to the front with `q.toFront(s)`.", true},
		{"returned under a condition", "When `q.stock.peek(k)` finds the block, `Quarry.LookOrCut` unlocks and returns `size, true, false`.", false},
		{"returned under a condition", "When `q.stock.peek(k)` finds the block, `Quarry.LookOrCut` unlocks and returns `size, false, false`.", true},
		{"quoted assignment", "For a new block, `Quarry.Cut` computes `full := q.limit > 0 && len(q.blocks) > q.limit` and drops one when it holds.", false},
		{"quoted assignment", "For a new block, `Quarry.Cut` computes `full := q.limit > 0 && len(q.blocks) >= q.limit` and drops one when it holds.", true},
		{"quoted expression", "`Quarry.place` puts the slab on seam `(seams + q.seam - 1) % seams`.", false},
		{"quoted expression", "`Quarry.place` puts the slab on seam `(q.seam + 1) % seams`.", true},
		{"field type", "`Quarry` keeps its lock in a field `mu` of type `sync.Mutex`.", false},
		{"field type", "`Quarry` keeps its lock in a field `mu` of type `sync.RWMutex`.", true},
		{"operand at a cited line", "`slab.detach` does nothing when `s.owner == nil` or when `s.behind == s` (quarry.go:134).", false},
		{"operand at a cited line", "`slab.detach` does nothing when `s.owner == nil` or when `s.ahead == s` (quarry.go:134).", true},
		{"value at a cited line", "`NewQuarry` replaces a negative `limit` with 0 at quarry.go:53.", false},
		{"value at a cited line", "`NewQuarry` replaces a negative `limit` with 1 at quarry.go:53.", true},
		{"first, then", "`Quarry.remove` first unlinks the slab with `q.unlink(s)`, then forgets its key with `q.forget(s.key)`.", false},
		{"first, then", "`Quarry.remove` first forgets the key with `q.forget(s.key)`, then unlinks the slab with `q.unlink(s)`.", true},
		{"swapped branches", "When the quarry holds more than `q.limit` blocks, `Quarry.makeRoom` calls `q.shed()`; otherwise it calls `q.unload()`.", false},
		{"swapped branches", "When the quarry holds more than `q.limit` blocks, `Quarry.makeRoom` calls `q.unload()`; otherwise it calls `q.shed()`.", true},
		{"subject named with its package", "The pit `Quarry.Haul` takes the block with `q.stock.take(k)`.", false},
		{"subject named with its package", "The shapes `Quarry.Haul` takes the block with `q.stock.take(k)`.", true},
	})
}
