package index

import (
	"context"
	"database/sql"
	"encoding/binary"
	"fmt"
	"math/bits"
	"sync"
)

// codeWords is the length of a shortlist code in 64-bit words.
const codeWords = shortlistBits / 64

// codeTable holds an index's shortlist codes in memory, read on first use:
// a Hamming scan over them takes well under a millisecond per ten
// thousand chunks.
type codeTable struct {
	once  sync.Once
	err   error
	ids   []int64
	words []uint64 // codeWords per id
}

// shortlistCodes returns the index's codes, reading them the first time:
// one pass over the code pages, a few rows per hundred thousand chunks.
func (r *Retriever) shortlistCodes() (*codeTable, error) {
	t := &r.codes
	t.once.Do(func() {
		// Read without the query's context: a cancelled query must not
		// leave the retriever without codes.
		rows, err := r.db.QueryContext(context.Background(), sqlReadCodePages)
		if err != nil {
			t.err = r.broken(err)
			return
		}
		defer rows.Close()
		t.ids = make([]int64, 0, r.vectors)
		t.words = make([]uint64, 0, r.vectors*codeWords)
		for rows.Next() {
			var page sql.RawBytes
			if err := rows.Scan(&page); err != nil {
				t.err = r.broken(err)
				return
			}
			err := forEachCode(page, func(id int64, code []byte) {
				t.ids = append(t.ids, id)
				for w := range codeWords {
					t.words = append(t.words, binary.LittleEndian.Uint64(code[8*w:]))
				}
			})
			if err != nil {
				t.err = incompatible(r.path, "holds a page of search codes of %d bytes, not a whole number of %d-byte entries", len(page), codeEntryBytes)
				return
			}
		}
		if err := rows.Err(); err != nil {
			t.err = r.broken(err)
		}
	})
	return t, t.err
}

// nearest returns the ids of the m codes nearest to code by Hamming
// distance, nearest first; among codes at the same distance, those read
// first.
func (t *codeTable) nearest(code []byte, m int) ([]int64, error) {
	if len(code) != shortlistBits/8 {
		return nil, fmt.Errorf("a search code of %d bytes, not %d", len(code), shortlistBits/8)
	}
	var q [codeWords]uint64
	for w := range codeWords {
		q[w] = binary.LittleEndian.Uint64(code[8*w:])
	}
	dist := make([]uint16, len(t.ids))
	var count [shortlistBits + 1]int
	for i := range t.ids {
		c := t.words[i*codeWords : (i+1)*codeWords : (i+1)*codeWords]
		d := 0
		for w, x := range c {
			d += bits.OnesCount64(x ^ q[w])
		}
		dist[i] = uint16(d)
		count[d]++
	}
	// start[d] is where distance d begins in the output; codes beyond m
	// are not placed.
	var start [shortlistBits + 1]int
	n := 0
	for d, c := range count {
		start[d] = n
		n += c
	}
	out := make([]int64, min(m, len(t.ids)))
	for i, d := range dist {
		if p := start[d]; p < len(out) {
			out[p] = t.ids[i]
			start[d]++
		}
	}
	return out, nil
}
