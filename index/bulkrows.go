package index

import (
	"fmt"
	"maps"
	"slices"
)

// bulkRows collects the identifiers and terms of the chunks of a new
// index, inserted in id order, to write them with few statements: one per
// chunk and role for idents, one per term for term_postings, in key order.
type bulkRows struct {
	idents []chunkIdents
	terms  map[string][]posting
}

// chunkIdents are a chunk's identifiers, by role.
type chunkIdents struct {
	id    int64
	roles []identRun
}

// identRun is the identifiers of one role of a chunk, as a JSON array.
type identRun struct {
	role, names string
}

// identRuns groups a chunk's identifiers (in role order, as chunk.idents
// gives them) by role, as JSON arrays.
func identRuns(idents [][2]string) []identRun {
	var out []identRun
	var buf []byte
	for i := 0; i < len(idents); {
		role := idents[i][1]
		buf = append(buf[:0], '[')
		for j := i; i < len(idents) && idents[i][1] == role; i++ {
			if i > j {
				buf = append(buf, ',')
			}
			buf = appendJSONString(buf, idents[i][0])
		}
		out = append(out, identRun{role: role, names: string(append(buf, ']'))})
	}
	return out
}

// sqlBulkIdents inserts a chunk's identifiers of one role, given as a
// JSON array.
const sqlBulkIdents = `INSERT INTO idents(chunk_id, name, role) SELECT ?1, value, ?2 FROM json_each(?3)`

func newBulkRows() *bulkRows { return &bulkRows{terms: map[string][]posting{}} }

// add collects a chunk's rows; chunks must come in increasing id order.
func (b *bulkRows) add(id int64, d *chunkData) {
	roles := d.identRuns
	if roles == nil {
		roles = identRuns(d.idents)
	}
	b.idents = append(b.idents, chunkIdents{id: id, roles: roles})
	for t, n := range d.terms {
		b.terms[t] = append(b.terms[t], posting{id: id, weight: n})
	}
}

// flushBulk writes the collected rows.
func (w *writer) flushBulk() error {
	b := w.bulk
	w.bulk = nil
	for _, ci := range b.idents {
		for _, run := range ci.roles {
			if err := w.exec(sqlBulkIdents, ci.id, run.role, run.names); err != nil {
				return fmt.Errorf("storing identifiers: %w", err)
			}
		}
	}
	for _, t := range slices.Sorted(maps.Keys(b.terms)) {
		ps := b.terms[t]
		for _, p := range ps {
			if p.weight <= 0 || p.weight >= maxPostingWeight {
				return fmt.Errorf("term %q has weight %d in chunk %d", t, p.weight, p.id)
			}
		}
		if err := w.exec(sqlPutPostings, t, len(ps), encodePostings(ps)); err != nil {
			return fmt.Errorf("storing terms: %w", err)
		}
	}
	return nil
}
