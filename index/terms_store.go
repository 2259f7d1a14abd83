package index

import (
	"fmt"
)

// deletePostings takes a stored chunk off the posting lists of its terms
// and identifiers. The lists are keyed by term and identifier, so the
// chunk's identifiers are read from its row and its terms computed again
// from them and its text, the same way they were when it was inserted. The
// weights taken off must add up to the chunk's term_count, and every
// identifier must have been found; if not (lists written by another
// version of the computation), the chunk is taken off every posting list
// of the table by a scan instead.
func (w *writer) deletePostings(id int64) error {
	c, termCount, err := w.storedChunk(id)
	if err != nil {
		return err
	}
	w.termDelta -= int64(termCount)
	deleted := 0
	for t := range chunkTerms(&c) {
		n, err := w.removePosting(w.terms, t, id)
		if err != nil {
			return err
		}
		deleted += n
	}
	if deleted != termCount {
		if err := w.removeEverywhere(w.terms, id); err != nil {
			return err
		}
	}
	idents := c.idents()
	found := 0
	for _, nr := range idents {
		n, err := w.removePosting(w.idents, identKey(nr[1], nr[0]), id)
		if err != nil {
			return err
		}
		found += n
	}
	if found != len(idents) {
		return w.removeEverywhere(w.idents, id)
	}
	return nil
}

// storedChunk reads back what chunkTerms needs of a stored chunk, and its
// term_count. A type chunk's terms were computed from its declaration,
// before its methods were listed.
func (w *writer) storedChunk(id int64) (chunk, int, error) {
	var c chunk
	var decl string
	var termCount int
	var stored string
	s, err := w.stmt(sqlChunkForTerms)
	if err != nil {
		return c, 0, err
	}
	if err := s.QueryRow(id).Scan(&c.File, &c.Package, &c.Symbol, &c.Kind, &c.Receiver, &c.Signature, &decl, &c.Text, &termCount, &stored); err != nil {
		return c, 0, fmt.Errorf("reading chunk %d: %w", id, err)
	}
	if c.Kind == KindType {
		c.Text = decl
	}
	if err := c.setIdents(stored); err != nil {
		return c, 0, err
	}
	return c, termCount, nil
}
