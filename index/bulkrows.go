package index

import (
	"fmt"
	"maps"
	"slices"
)

// bulkRows collects the terms of the chunks of a new index, added in id
// order, to write them with one statement per term (term_postings), in
// key order, once every chunk is known. Their identifiers are written as
// they come, one statement per chunk and role (addChunkTerms).
type bulkRows struct {
	terms map[string][]posting
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
	for t, n := range d.terms {
		b.terms[t] = append(b.terms[t], posting{id: id, weight: n})
	}
}

// flushBulk writes the collected posting lists.
func (w *writer) flushBulk() error {
	b := w.bulk
	w.bulk = nil
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
