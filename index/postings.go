package index

import (
	"cmp"
	"database/sql"
	"encoding/binary"
	"errors"
	"fmt"
	"maps"
	"slices"
)

// The lexical terms of the chunks are stored as one row per term in
// term_postings: the number of chunks with the term (df) and its posting
// list, the chunks with their weights for the term in id order, each
// encoded as two unsigned varints: the id's difference from the previous
// id (from 0 for the first) and the weight. A row per term rather than per
// (term, chunk) makes a build write a few thousand rows instead of a few
// hundred thousand, and a search read one row per query term.

// Statements of the lexical posting lists read by searches.
const (
	sqlTermDF        = `SELECT df FROM term_postings WHERE term = ?`
	sqlTermPostings  = `SELECT postings FROM term_postings WHERE term = ?`
	maxPostingWeight = 1 << 31
)

// postingTable is a table of posting lists, one row per key, as a build
// reads and writes it: its statements and the encoding of its lists.
type postingTable struct {
	what                  string // what a key is, for errors: "term"
	put, drop, read, scan string // statements: (key, length, list); (key); (key) gives the list; all (key, list)
	encode                func([]posting) any
	decode                func(dst []posting, stored []byte) ([]posting, error)
}

// termTable holds the lexical terms' posting lists, with weights, as
// encodePostings writes them.
var termTable = &postingTable{
	what:   "term",
	put:    `INSERT OR REPLACE INTO term_postings(term, df, postings) VALUES(?, ?, ?)`,
	drop:   `DELETE FROM term_postings WHERE term = ?`,
	read:   sqlTermPostings,
	scan:   `SELECT term, postings FROM term_postings`,
	encode: func(ps []posting) any { return encodePostings(ps) },
	decode: decodePostings,
}

// postingCache holds the posting lists of one table a build has read or
// changed since it last wrote them, by key.
type postingCache struct {
	table *postingTable
	lists map[string][]posting
}

func newPostingCache(t *postingTable) *postingCache {
	return &postingCache{table: t, lists: map[string][]posting{}}
}

// posting is a chunk's weight for a term.
type posting struct {
	id     int64
	weight int
}

// errBadPostings is returned for a stored posting list that
// encodePostings did not write.
var errBadPostings = errors.New("stored posting list is malformed")

// encodePostings encodes a posting list sorted by id.
func encodePostings(ps []posting) []byte {
	out := make([]byte, 0, 3*len(ps))
	var prev int64
	for _, p := range ps {
		out = binary.AppendUvarint(out, uint64(p.id-prev))
		out = binary.AppendUvarint(out, uint64(p.weight))
		prev = p.id
	}
	return out
}

// decodePostings decodes a posting list written by encodePostings,
// appending to dst.
func decodePostings(dst []posting, b []byte) ([]posting, error) {
	var id int64
	for len(b) > 0 {
		delta, n := binary.Uvarint(b)
		if n <= 0 {
			return dst, errBadPostings
		}
		weight, m := binary.Uvarint(b[n:])
		if m <= 0 || weight >= maxPostingWeight {
			return dst, errBadPostings
		}
		id += int64(delta)
		dst = append(dst, posting{id: id, weight: int(weight)})
		b = b[n+m:]
	}
	return dst, nil
}

// postings returns the posting list of key as the build sees it: read
// from the index the first time, then as changed by setPosting and
// removePosting until flushPostings writes it.
func (w *writer) postings(pc *postingCache, key string) ([]posting, error) {
	if ps, ok := pc.lists[key]; ok {
		return ps, nil
	}
	s, err := w.stmt(pc.table.read)
	if err != nil {
		return nil, err
	}
	var stored []byte
	switch err := s.QueryRow(key).Scan(&stored); {
	case errors.Is(err, sql.ErrNoRows):
	case err != nil:
		return nil, fmt.Errorf("reading the chunks of %s %q: %w", pc.table.what, key, err)
	}
	ps, err := pc.table.decode(nil, stored)
	if err != nil {
		return nil, fmt.Errorf("reading the chunks of %s %q: %w", pc.table.what, key, err)
	}
	pc.lists[key] = ps
	return ps, nil
}

// setPosting gives chunk id the weight for key.
func (w *writer) setPosting(pc *postingCache, key string, id int64, weight int) error {
	if weight <= 0 || weight >= maxPostingWeight {
		return fmt.Errorf("%s %q has weight %d in chunk %d", pc.table.what, key, weight, id)
	}
	ps, err := w.postings(pc, key)
	if err != nil {
		return err
	}
	i, found := slices.BinarySearchFunc(ps, id, func(p posting, id int64) int { return cmp.Compare(p.id, id) })
	if found {
		ps[i].weight = weight
	} else {
		ps = slices.Insert(ps, i, posting{id: id, weight: weight})
	}
	pc.lists[key] = ps
	return nil
}

// removePosting takes chunk id off the posting list of key, returning
// the weight it had (0 when it was not there).
func (w *writer) removePosting(pc *postingCache, key string, id int64) (int, error) {
	ps, err := w.postings(pc, key)
	if err != nil {
		return 0, err
	}
	i, found := slices.BinarySearchFunc(ps, id, func(p posting, id int64) int { return cmp.Compare(p.id, id) })
	if !found {
		return 0, nil
	}
	weight := ps[i].weight
	pc.lists[key] = slices.Delete(ps, i, i+1)
	return weight, nil
}

// removeEverywhere takes chunk id off every posting list of the table,
// stored or changed by this build: a scan of the whole table, for keys
// that the current computation would not give the chunk.
func (w *writer) removeEverywhere(pc *postingCache, id int64) error {
	rows, err := w.tx.Query(pc.table.scan)
	if err != nil {
		return err
	}
	var holding []string
	var buf []posting
	for rows.Next() {
		var key string
		var stored sql.RawBytes
		if err := rows.Scan(&key, &stored); err != nil {
			rows.Close()
			return err
		}
		if _, cached := pc.lists[key]; cached {
			continue
		}
		if buf, err = pc.table.decode(buf[:0], stored); err != nil {
			rows.Close()
			return fmt.Errorf("reading the chunks of %s %q: %w", pc.table.what, key, err)
		}
		if slices.ContainsFunc(buf, func(p posting) bool { return p.id == id }) {
			holding = append(holding, key)
		}
	}
	rows.Close()
	if err := rows.Err(); err != nil {
		return err
	}
	for key := range pc.lists {
		holding = append(holding, key)
	}
	for _, key := range holding {
		if _, err := w.removePosting(pc, key, id); err != nil {
			return err
		}
	}
	return nil
}

// flushPostings writes the posting lists changed since the last flush, in
// key order; an empty list's row is deleted.
func (w *writer) flushPostings(pc *postingCache) error {
	for _, key := range slices.Sorted(maps.Keys(pc.lists)) {
		ps := pc.lists[key]
		var err error
		if len(ps) == 0 {
			err = w.exec(pc.table.drop, key)
		} else {
			err = w.exec(pc.table.put, key, len(ps), pc.table.encode(ps))
		}
		if err != nil {
			return fmt.Errorf("storing %ss: %w", pc.table.what, err)
		}
	}
	clear(pc.lists)
	return nil
}
