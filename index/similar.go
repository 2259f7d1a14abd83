package index

import (
	"cmp"
	"context"
	"database/sql"
	"slices"

	"github.com/explainerr/explainerr/explainerr/report"
)

// Vector search: indexes of up to exactSearchLimit vectors are searched
// exhaustively; larger ones shortlist max(shortlistMin, shortlistFactor*n)
// candidates by shortlist code, then rank the shortlist by exact cosine
// distance.
const (
	exactSearchLimit = 4096
	shortlistMin     = 256
	shortlistFactor  = 8
)

// rankingDepth is how many chunks each ranking contributes to the fusion
// for n results: enough that a chunk in the fused top n is nearly always
// near the top of one of them.
func rankingDepth(n int) int { return max(20, 3*n) }

// scored is a chunk id with its cosine distance to the query.
type scored struct {
	id   int64
	dist float64
}

// rank is the ranking of search and of the middleware's similarity step:
// the vector ranking of qvec, the lexical ranking of text and the chunks
// text names (symbolRanking), fused by fuseRankings, best first; each
// ranking contributes at most rankingDepth(n) chunks.
func (r *Retriever) rank(ctx context.Context, text string, qvec []float32, n int) ([]ranked, error) {
	depth := rankingDepth(n)
	vec, err := r.vectorRanking(ctx, qvec, depth)
	if err != nil {
		return nil, err
	}
	lex, err := r.lexicalRanking(ctx, text, depth)
	if err != nil {
		return nil, err
	}
	vecIDs := make([]int64, len(vec))
	for i, h := range vec {
		vecIDs[i] = h.id
	}
	lexIDs := make([]int64, len(lex))
	for i, h := range lex {
		lexIDs[i] = h.id
	}
	named, err := r.symbolRanking(ctx, text)
	if err != nil {
		return nil, err
	}
	return fuseRankings(
		ranking{vecIDs, fusionWeightVector},
		ranking{lexIDs, lexicalWeight(r.emb)},
		ranking{named, fusionWeightNamed},
	), nil
}

// similar adds up to k chunks not chosen yet, best first by rank, with
// their fused scores.
func (r *Retriever) similar(ctx context.Context, text string, qvec []float32, k int, sel *selection) error {
	hits, err := r.rank(ctx, text, qvec, k+sel.len())
	if err != nil {
		return err
	}
	added := 0
	for _, h := range hits {
		if added == k {
			break
		}
		if sel.add(h.id, report.ReasonSimilar, h.score) {
			added++
		}
	}
	return nil
}

// vectorRanking returns the n chunks nearest to qvec by cosine distance,
// nearest first: by an exact scan when the index is small or the
// retriever was asked for exact search, else through the shortlist.
func (r *Retriever) vectorRanking(ctx context.Context, qvec []float32, n int) ([]scored, error) {
	if r.opts.ExactVectors || r.vectors <= r.exactLimit {
		return r.exactKNN(ctx, qvec, n)
	}
	return r.shortlistKNN(ctx, qvec, n)
}

// exactKNN returns the n vectors nearest to qvec by cosine distance,
// scanning every stored vector.
func (r *Retriever) exactKNN(ctx context.Context, qvec []float32, n int) ([]scored, error) {
	rows, err := r.db.QueryContext(ctx, `SELECT id, embedding FROM vectors`)
	if err != nil {
		return nil, r.broken(err)
	}
	defer rows.Close()
	q := newQueryVector(qvec)
	best := nearest{n: n}
	for rows.Next() {
		var id int64
		var blob sql.RawBytes
		if err := rows.Scan(&id, &blob); err != nil {
			return nil, r.broken(err)
		}
		best.offer(scored{id: id, dist: 1 - q.cosine(blob)})
	}
	if err := rows.Err(); err != nil {
		return nil, r.broken(err)
	}
	return best.sorted(), nil
}

// shortlistKNN finds candidates by the Hamming distance of shortlist codes
// and returns the n nearest of them by exact cosine distance.
func (r *Retriever) shortlistKNN(ctx context.Context, qvec []float32, n int) ([]scored, error) {
	codes, err := r.shortlistCodes()
	if err != nil {
		return nil, err
	}
	ids, err := codes.nearest(shortlistCode(qvec), max(shortlistMin, shortlistFactor*n))
	if err != nil {
		return nil, err
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
	slices.SortFunc(out, nearerFirst)
	return out[:min(n, len(out))], nil
}

// nearerFirst orders hits by distance, then by id.
func nearerFirst(a, b scored) int {
	if c := cmp.Compare(a.dist, b.dist); c != 0 {
		return c
	}
	return cmp.Compare(a.id, b.id)
}

// nearest keeps the n nearest hits offered, as a max-heap by distance.
type nearest struct {
	n    int
	heap []scored
}

func (h *nearest) offer(s scored) {
	if h.n <= 0 {
		return
	}
	if len(h.heap) < h.n {
		h.heap = append(h.heap, s)
		for i := len(h.heap) - 1; i > 0; {
			p := (i - 1) / 2
			if nearerFirst(h.heap[p], h.heap[i]) >= 0 {
				break
			}
			h.heap[p], h.heap[i] = h.heap[i], h.heap[p]
			i = p
		}
		return
	}
	if nearerFirst(s, h.heap[0]) >= 0 {
		return
	}
	h.heap[0] = s
	for i := 0; ; {
		l, r, top := 2*i+1, 2*i+2, i
		if l < len(h.heap) && nearerFirst(h.heap[l], h.heap[top]) > 0 {
			top = l
		}
		if r < len(h.heap) && nearerFirst(h.heap[r], h.heap[top]) > 0 {
			top = r
		}
		if top == i {
			return
		}
		h.heap[i], h.heap[top] = h.heap[top], h.heap[i]
		i = top
	}
}

// sorted returns the hits kept, nearest first.
func (h *nearest) sorted() []scored {
	out := slices.Clone(h.heap)
	slices.SortFunc(out, nearerFirst)
	return out
}
