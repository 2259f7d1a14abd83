package index

import (
	"cmp"
	"context"
	"slices"

	"github.com/explainerr/explainerr/explainerr/report"
)

// Vector search: indexes of up to exactSearchLimit vectors are searched
// exhaustively; larger ones shortlist max(shortlistMin, shortlistFactor*k)
// candidates by sign code, then rank the shortlist by exact cosine distance.
const (
	exactSearchLimit = 4096
	shortlistMin     = 256
	shortlistFactor  = 8
)

// scored is a chunk id with its cosine distance to the query.
type scored struct {
	id   int64
	dist float64
}

// similar adds up to k chunks not chosen yet, nearest to qvec first, with
// score 1 - cosine distance.
func (r *Retriever) similar(ctx context.Context, qvec []float32, k int, sel *selection) error {
	want := k + sel.len()
	var (
		hits []scored
		err  error
	)
	if r.vectors <= exactSearchLimit {
		hits, err = r.exactKNN(ctx, qvec, want)
	} else {
		hits, err = r.shortlistKNN(ctx, qvec, want)
	}
	if err != nil {
		return err
	}
	added := 0
	for _, h := range hits {
		if added == k {
			break
		}
		if sel.add(h.id, report.ReasonSimilar, 1-h.dist) {
			added++
		}
	}
	return nil
}

// exactKNN asks sqlite-vec for the n nearest vectors.
func (r *Retriever) exactKNN(ctx context.Context, qvec []float32, n int) ([]scored, error) {
	blob, err := serializeVector(qvec)
	if err != nil {
		return nil, err
	}
	rows, err := r.db.QueryContext(ctx, `SELECT rowid, distance FROM vectors WHERE embedding MATCH ? AND k = ? ORDER BY distance`, blob, n)
	if err != nil {
		return nil, r.broken(err)
	}
	defer rows.Close()
	var out []scored
	for rows.Next() {
		var h scored
		if err := rows.Scan(&h.id, &h.dist); err != nil {
			return nil, r.broken(err)
		}
		out = append(out, h)
	}
	if err := rows.Err(); err != nil {
		return nil, r.broken(err)
	}
	return out, nil
}

// shortlistKNN finds candidates by the Hamming distance of sign codes and
// returns the n nearest of them by exact cosine distance.
func (r *Retriever) shortlistKNN(ctx context.Context, qvec []float32, n int) ([]scored, error) {
	rows, err := r.db.QueryContext(ctx, `SELECT rowid FROM vector_codes WHERE code MATCH vec_bit(?) AND k = ?`,
		signCode(qvec), max(shortlistMin, shortlistFactor*n))
	if err != nil {
		return nil, r.broken(err)
	}
	ids, err := scanIDs(rows)
	if err != nil {
		return nil, r.broken(err)
	}
	cands := make([]graphCand, len(ids))
	for i, id := range ids {
		cands[i] = graphCand{id: id}
	}
	sims, err := r.similarities(ctx, qvec, cands)
	if err != nil {
		return nil, err
	}
	out := make([]scored, 0, len(ids))
	for _, id := range ids {
		if s, ok := sims[id]; ok {
			out = append(out, scored{id: id, dist: 1 - s})
		}
	}
	slices.SortStableFunc(out, func(a, b scored) int { return cmp.Compare(a.dist, b.dist) })
	return out[:min(n, len(out))], nil
}
