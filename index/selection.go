package index

// picked is a chunk chosen for a result, before its text is read.
type picked struct {
	id     int64
	reason string
	score  float64
}

// selection is the ordered, duplicate-free list of chosen chunks.
type selection struct {
	order []picked
	have  map[int64]bool
}

func newSelection() *selection { return &selection{have: map[int64]bool{}} }

// add appends a chunk unless it was chosen already; it reports whether it
// was added.
func (s *selection) add(id int64, reason string, score float64) bool {
	if s.have[id] {
		return false
	}
	s.have[id] = true
	s.order = append(s.order, picked{id: id, reason: reason, score: score})
	return true
}

func (s *selection) len() int { return len(s.order) }
