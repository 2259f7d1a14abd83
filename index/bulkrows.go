package index

import (
	"fmt"
	"slices"
	"strconv"
)

// bulkRows collects the identifiers and terms of the chunks of a new
// index, inserted in id order, to write them with few statements: one per
// chunk and role for idents, one per term for chunk_terms, in key order.
type bulkRows struct {
	idents []chunkIdents
	terms  map[string][]posting
}

// chunkIdents are a chunk's identifiers, by role.
type chunkIdents struct {
	id     int64
	byRole map[string][]string
}

// posting is a chunk's weight for a term.
type posting struct {
	id     int64
	weight int
}

// Statements of flushBulk: the rows come as JSON arrays. A posting is
// packed into one integer, id<<postingWeightBits | weight.
const (
	postingWeightBits  = 16
	sqlBulkIdents      = `INSERT INTO idents(chunk_id, name, role) SELECT ?1, value, ?2 FROM json_each(?3)`
	sqlBulkTermPosting = `INSERT INTO chunk_terms(term, chunk_id, weight) SELECT ?1, value >> 16, value & 65535 FROM json_each(?2)`
	sqlInsertTermRow   = `INSERT INTO chunk_terms(term, chunk_id, weight) VALUES(?, ?, ?)`
)

func newBulkRows() *bulkRows { return &bulkRows{terms: map[string][]posting{}} }

// add collects a chunk's rows; chunks must come in increasing id order.
func (b *bulkRows) add(id int64, d *chunkData) {
	ci := chunkIdents{id: id, byRole: map[string][]string{}}
	for _, nr := range d.idents {
		ci.byRole[nr[1]] = append(ci.byRole[nr[1]], nr[0])
	}
	b.idents = append(b.idents, ci)
	for t, n := range d.terms {
		b.terms[t] = append(b.terms[t], posting{id: id, weight: n})
	}
}

// flushBulk writes the collected rows.
func (w *writer) flushBulk() error {
	b := w.bulk
	w.bulk = nil
	var buf []byte
	for _, ci := range b.idents {
		for _, role := range []string{roleDeclares, roleReferences, roleCalls, roleReturns} {
			names := ci.byRole[role]
			if len(names) == 0 {
				continue
			}
			buf = append(buf[:0], '[')
			for i, n := range names {
				if i > 0 {
					buf = append(buf, ',')
				}
				buf = appendJSONString(buf, n)
			}
			buf = append(buf, ']')
			if err := w.exec(sqlBulkIdents, ci.id, role, string(buf)); err != nil {
				return fmt.Errorf("storing identifiers: %w", err)
			}
		}
	}
	terms := make([]string, 0, len(b.terms))
	for t := range b.terms {
		terms = append(terms, t)
	}
	slices.Sort(terms)
	for _, t := range terms {
		buf = append(buf[:0], '[')
		n := 0
		for _, p := range b.terms[t] {
			if p.weight >= 1<<postingWeightBits || p.weight < 0 {
				if err := w.exec(sqlInsertTermRow, t, p.id, p.weight); err != nil {
					return fmt.Errorf("storing terms: %w", err)
				}
				continue
			}
			if n > 0 {
				buf = append(buf, ',')
			}
			n++
			buf = strconv.AppendInt(buf, p.id<<postingWeightBits|int64(p.weight), 10)
		}
		if n == 0 {
			continue
		}
		buf = append(buf, ']')
		if err := w.exec(sqlBulkTermPosting, t, string(buf)); err != nil {
			return fmt.Errorf("storing terms: %w", err)
		}
	}
	return nil
}
