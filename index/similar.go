package index

import (
	"context"

	"github.com/explainerr/explainerr/explainerr/report"
)

// similar adds up to k chunks not chosen yet, nearest to qvec first, with
// score 1 - cosine distance.
func (r *Retriever) similar(ctx context.Context, qvec []float32, k int, sel *selection) error {
	blob, err := serializeVector(qvec)
	if err != nil {
		return err
	}
	want := k + sel.len()
	rows, err := r.db.QueryContext(ctx, `SELECT rowid, distance FROM vectors WHERE embedding MATCH ? AND k = ? ORDER BY distance`, blob, want)
	if err != nil {
		return r.broken(err)
	}
	defer rows.Close()
	added := 0
	for rows.Next() && added < k {
		var id int64
		var dist float64
		if err := rows.Scan(&id, &dist); err != nil {
			return r.broken(err)
		}
		if sel.add(id, report.ReasonSimilar, 1-dist) {
			added++
		}
	}
	if err := rows.Err(); err != nil {
		return r.broken(err)
	}
	return nil
}
