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

// Statements of the posting lists.
const (
	sqlPutPostings   = `INSERT OR REPLACE INTO term_postings(term, df, postings) VALUES(?, ?, ?)`
	sqlDropPostings  = `DELETE FROM term_postings WHERE term = ?`
	sqlReadPostings  = `SELECT postings FROM term_postings WHERE term = ?`
	sqlScanPostings  = `SELECT term, postings FROM term_postings`
	sqlTermDF        = `SELECT df FROM term_postings WHERE term = ?`
	sqlTermPostings  = sqlReadPostings
	maxPostingWeight = 1 << 31
)

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

// postings returns the posting list of a term as the build sees it: read
// from the index the first time, then as changed by setPosting and
// removePosting until flushTerms writes it.
func (w *writer) postings(term string) ([]posting, error) {
	if ps, ok := w.terms[term]; ok {
		return ps, nil
	}
	s, err := w.stmt(sqlReadPostings)
	if err != nil {
		return nil, err
	}
	var blob []byte
	switch err := s.QueryRow(term).Scan(&blob); {
	case errors.Is(err, sql.ErrNoRows):
	case err != nil:
		return nil, fmt.Errorf("reading the chunks of term %q: %w", term, err)
	}
	ps, err := decodePostings(nil, blob)
	if err != nil {
		return nil, fmt.Errorf("reading the chunks of term %q: %w", term, err)
	}
	w.terms[term] = ps
	return ps, nil
}

// setPosting gives chunk id the weight for term.
func (w *writer) setPosting(term string, id int64, weight int) error {
	if weight <= 0 || weight >= maxPostingWeight {
		return fmt.Errorf("term %q has weight %d in chunk %d", term, weight, id)
	}
	ps, err := w.postings(term)
	if err != nil {
		return err
	}
	i, found := slices.BinarySearchFunc(ps, id, func(p posting, id int64) int { return cmp.Compare(p.id, id) })
	if found {
		ps[i].weight = weight
	} else {
		ps = slices.Insert(ps, i, posting{id: id, weight: weight})
	}
	w.terms[term] = ps
	return nil
}

// removePosting takes chunk id off the posting list of term, returning
// the weight it had (0 when it was not there).
func (w *writer) removePosting(term string, id int64) (int, error) {
	ps, err := w.postings(term)
	if err != nil {
		return 0, err
	}
	i, found := slices.BinarySearchFunc(ps, id, func(p posting, id int64) int { return cmp.Compare(p.id, id) })
	if !found {
		return 0, nil
	}
	weight := ps[i].weight
	w.terms[term] = slices.Delete(ps, i, i+1)
	return weight, nil
}

// removeEverywhere takes chunk id off every posting list, stored or
// changed by this build: a scan of the whole table, for terms that the
// current computation would not give the chunk.
func (w *writer) removeEverywhere(id int64) error {
	rows, err := w.tx.Query(sqlScanPostings)
	if err != nil {
		return err
	}
	var holding []string
	var buf []posting
	for rows.Next() {
		var term string
		var blob sql.RawBytes
		if err := rows.Scan(&term, &blob); err != nil {
			rows.Close()
			return err
		}
		if _, cached := w.terms[term]; cached {
			continue
		}
		if buf, err = decodePostings(buf[:0], blob); err != nil {
			rows.Close()
			return fmt.Errorf("reading the chunks of term %q: %w", term, err)
		}
		if slices.ContainsFunc(buf, func(p posting) bool { return p.id == id }) {
			holding = append(holding, term)
		}
	}
	rows.Close()
	if err := rows.Err(); err != nil {
		return err
	}
	for term := range w.terms {
		holding = append(holding, term)
	}
	for _, term := range holding {
		if _, err := w.removePosting(term, id); err != nil {
			return err
		}
	}
	return nil
}

// flushTerms writes the posting lists changed since the last flush, in
// term order; an empty list's row is deleted.
func (w *writer) flushTerms() error {
	for _, t := range slices.Sorted(maps.Keys(w.terms)) {
		ps := w.terms[t]
		var err error
		if len(ps) == 0 {
			err = w.exec(sqlDropPostings, t)
		} else {
			err = w.exec(sqlPutPostings, t, len(ps), encodePostings(ps))
		}
		if err != nil {
			return fmt.Errorf("storing terms: %w", err)
		}
	}
	clear(w.terms)
	return nil
}
