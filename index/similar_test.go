package index

import (
	"context"
	"fmt"
	"math/rand/v2"
	"path/filepath"
	"testing"
)

// TestShortlistRecall checks that the sign-code shortlist used for large
// indexes finds nearly the same nearest chunks as exhaustive search.
func TestShortlistRecall(t *testing.T) {
	path := filepath.Join(t.TempDir(), "index.db")
	const n = 6000
	if err := writeSyntheticIndex(path, n); err != nil {
		t.Fatal(err)
	}
	r, err := OpenRetriever(path, RetrieverOptions{})
	if err != nil {
		t.Fatal(err)
	}
	defer r.Close()
	if r.vectors != n || r.vectors <= exactSearchLimit {
		t.Fatalf("index has %d vectors; the test needs more than %d", r.vectors, exactSearchLimit)
	}
	ctx := context.Background()
	rng := rand.New(rand.NewPCG(7, 7))
	const queries, k = 40, 4
	found := 0
	for q := 0; q < queries; q++ {
		_, text, _ := syntheticFunc(rng, n+q, n)
		qvec, err := r.embedQuery(ctx, text+fmt.Sprintf(" extra words %d", q))
		if err != nil {
			t.Fatal(err)
		}
		exact, err := r.exactKNN(ctx, qvec, k)
		if err != nil {
			t.Fatal(err)
		}
		approx, err := r.shortlistKNN(ctx, qvec, k)
		if err != nil {
			t.Fatal(err)
		}
		if len(exact) != k || len(approx) != k {
			t.Fatalf("query %d: %d exact, %d shortlisted hits", q, len(exact), len(approx))
		}
		in := map[int64]bool{}
		for _, h := range approx {
			in[h.id] = true
		}
		for i, h := range exact {
			if in[h.id] {
				found++
			}
			if i == 0 && approx[0].dist < h.dist-1e-6 {
				t.Errorf("query %d: shortlist found a nearer vector (%v) than exhaustive search (%v)", q, approx[0].dist, h.dist)
			}
		}
	}
	recall := float64(found) / float64(queries*k)
	t.Logf("recall@%d of the shortlist: %.3f", k, recall)
	if recall < 0.9 {
		t.Errorf("shortlist recall@%d = %.3f, want at least 0.9", k, recall)
	}
}
