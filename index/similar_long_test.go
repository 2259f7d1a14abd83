//go:build long

package index

import (
	"context"
	"path/filepath"
	"testing"
	"time"
)

// TestShortlistRecallOnRealCode indexes packages of golang.org/x/tools
// with the default embedder and checks that the shortlist, with the
// parameters large indexes use, finds at least 95% of the exact 4 nearest
// chunks of queries made from real chunks.
func TestShortlistRecallOnRealCode(t *testing.T) {
	dir := moduleDir(t, "golang.org/x/tools")
	path := filepath.Join(t.TempDir(), "index.db")
	ctx := context.Background()
	stats, err := Build(ctx, BuildOptions{Dir: dir, Path: path, Patterns: recallTestPatterns})
	if err != nil {
		t.Fatal(err)
	}
	r, err := OpenRetriever(path, RetrieverOptions{})
	if err != nil {
		t.Fatal(err)
	}
	defer r.Close()
	if stats.Chunks < 2*shortlistMin*4 {
		t.Fatalf("indexed %d chunks; the test needs many more than a shortlist (%d)", stats.Chunks, shortlistMin)
	}
	began := time.Now()
	queries, err := recallQueries(ctx, r, 120)
	if err != nil {
		t.Fatal(err)
	}
	const k = 4
	recall, err := shortlistRecall(ctx, r, queries, k)
	if err != nil {
		t.Fatal(err)
	}
	t.Logf("shortlist recall@%d over %d chunks of x/tools (built in %v), %d queries: %.3f (%v)",
		k, stats.Chunks, stats.Duration.Round(time.Millisecond), len(queries), recall, time.Since(began).Round(time.Millisecond))
	if recall < 0.95 {
		t.Errorf("shortlist recall@%d = %.3f, want at least 0.95", k, recall)
	}

	// Search through the shortlist ranks as search -exact does.
	exact, err := OpenRetriever(path, RetrieverOptions{ExactVectors: true})
	if err != nil {
		t.Fatal(err)
	}
	defer exact.Close()
	r.exactLimit = 0
	same, total := 0, 0
	for _, q := range queries[:20] {
		a, err := r.Search(ctx, q, 5)
		if err != nil {
			t.Fatal(err)
		}
		b, err := exact.Search(ctx, q, 5)
		if err != nil {
			t.Fatal(err)
		}
		for i := range b {
			total++
			if i < len(a) && a[i].File == b[i].File && a[i].StartLine == b[i].StartLine {
				same++
			}
		}
	}
	t.Logf("search through the shortlist ranks %d of %d results as search -exact", same, total)
	if float64(same) < 0.95*float64(total) {
		t.Errorf("search through the shortlist ranks %d of %d results as search -exact, want at least 95%%", same, total)
	}
}

// recallTestPatterns are the x/tools packages the recall test indexes.
var recallTestPatterns = []string{"./go/..."}
