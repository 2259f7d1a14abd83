package index

import "fmt"

// bulkRows collects the posting lists of the chunks of a new index, added
// in id order, so that each list is written once, whole, in key order,
// once every chunk is known (flushBulk).
type bulkRows struct {
	terms, idents map[string][]posting
}

func newBulkRows() *bulkRows {
	return &bulkRows{terms: map[string][]posting{}, idents: map[string][]posting{}}
}

// add collects a chunk's postings; chunks must come in increasing id order.
func (b *bulkRows) add(id int64, d *chunkData) {
	for t, n := range d.terms {
		b.terms[t] = append(b.terms[t], posting{id: id, weight: n})
	}
	for _, nr := range d.idents {
		k := identKey(nr[1], nr[0])
		b.idents[k] = append(b.idents[k], posting{id: id, weight: 1})
	}
}

// flushBulk writes the collected posting lists.
func (w *writer) flushBulk() error {
	b := w.bulk
	w.bulk = nil
	for _, c := range []struct {
		pc    *postingCache
		lists map[string][]posting
	}{{w.terms, b.terms}, {w.idents, b.idents}} {
		for key, ps := range c.lists {
			for _, p := range ps {
				if p.weight <= 0 || p.weight >= maxPostingWeight {
					return fmt.Errorf("%s %q has weight %d in chunk %d", c.pc.table.what, key, p.weight, p.id)
				}
			}
		}
		c.pc.lists = c.lists
		if err := w.flushPostings(c.pc); err != nil {
			return err
		}
	}
	return nil
}
