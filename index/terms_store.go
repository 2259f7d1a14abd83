package index

import (
	"fmt"
)

// deleteTerms takes a stored chunk off the posting lists of its terms.
// The lists are keyed by term, so the chunk's terms are computed again
// from its stored identifiers and text, the same way they were when it was
// inserted. The weights taken off must add up to the chunk's term_count;
// if they do not (terms written by another version of the computation),
// the chunk is taken off every posting list by a scan instead.
func (w *writer) deleteTerms(id int64) error {
	c, termCount, err := w.storedChunk(id)
	if err != nil {
		return err
	}
	w.termDelta -= int64(termCount)
	deleted := 0
	for t := range chunkTerms(&c) {
		n, err := w.removePosting(t, id)
		if err != nil {
			return err
		}
		deleted += n
	}
	if deleted == termCount {
		return nil
	}
	return w.removeEverywhere(id)
}

// storedChunk reads back what chunkTerms needs of a stored chunk, and its
// term_count. A type chunk's terms were computed from its declaration,
// before its methods were listed.
func (w *writer) storedChunk(id int64) (chunk, int, error) {
	var c chunk
	var decl string
	var termCount int
	s, err := w.stmt(sqlChunkForTerms)
	if err != nil {
		return c, 0, err
	}
	if err := s.QueryRow(id).Scan(&c.File, &c.Package, &c.Symbol, &c.Kind, &c.Receiver, &c.Signature, &decl, &c.Text, &termCount); err != nil {
		return c, 0, fmt.Errorf("reading chunk %d: %w", id, err)
	}
	if c.Kind == KindType {
		c.Text = decl
	}
	s, err = w.stmt(sqlChunkIdents)
	if err != nil {
		return c, 0, err
	}
	rows, err := s.Query(id)
	if err != nil {
		return c, 0, err
	}
	defer rows.Close()
	for rows.Next() {
		var name, role string
		if err := rows.Scan(&name, &role); err != nil {
			return c, 0, err
		}
		switch role {
		case roleDeclares:
			c.Declares = append(c.Declares, name)
		case roleReferences:
			c.References = append(c.References, name)
		case roleCalls:
			c.Calls = append(c.Calls, name)
		case roleReturns:
			c.Returns = append(c.Returns, name)
		}
	}
	return c, termCount, rows.Err()
}
