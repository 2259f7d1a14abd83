package index

import (
	"context"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// moduleDir returns the directory of a module this module requires, from
// the module cache.
func moduleDir(tb testing.TB, module string) string {
	tb.Helper()
	out, err := exec.Command("go", "list", "-m", "-f", "{{.Dir}}", module).Output()
	dir := strings.TrimSpace(string(out))
	if err != nil || dir == "" {
		tb.Fatalf("go list -m %s: %v (run go mod download)", module, err)
	}
	return dir
}

// recallQueries returns n query texts made from chunks spread evenly over
// an index: alternately the second half of a chunk's source (code like
// the source around a failing line) and the words of its symbol and first
// line (a short question).
func recallQueries(ctx context.Context, r *Retriever, n int) ([]string, error) {
	rows, err := r.db.QueryContext(ctx, `SELECT id FROM chunks ORDER BY id`)
	if err != nil {
		return nil, err
	}
	ids, err := scanIDs(rows)
	if err != nil {
		return nil, err
	}
	var out []string
	for i := 0; i < n && len(ids) > 0; i++ {
		var sym, text string
		if err := r.db.QueryRowContext(ctx, `SELECT symbol, text FROM chunks WHERE id = ?`, ids[i*len(ids)/n]).Scan(&sym, &text); err != nil {
			return nil, err
		}
		lines := strings.Split(text, "\n")
		if i%2 == 0 {
			out = append(out, strings.Join(lines[len(lines)/2:], "\n"))
		} else {
			out = append(out, strings.Join(splitIdentifier(sym), " ")+" "+lines[0])
		}
	}
	return out, nil
}

// shortlistRecall returns the share of the exact k nearest chunks of each
// query that the shortlist finds.
func shortlistRecall(ctx context.Context, r *Retriever, queries []string, k int) (float64, error) {
	found, total := 0, 0
	for _, q := range queries {
		qvec, err := r.embedQuery(ctx, q)
		if err != nil {
			return 0, err
		}
		exact, err := r.exactKNN(ctx, qvec, k)
		if err != nil {
			return 0, err
		}
		approx, err := r.shortlistKNN(ctx, qvec, k)
		if err != nil {
			return 0, err
		}
		in := map[int64]bool{}
		for _, h := range approx {
			in[h.id] = true
		}
		for _, h := range exact {
			total++
			// A chunk at the same distance as one found is as good a find.
			if in[h.id] || len(approx) == k && h.dist >= approx[k-1].dist-1e-12 {
				found++
			}
		}
	}
	if total == 0 {
		return 0, nil
	}
	return float64(found) / float64(total), nil
}

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
