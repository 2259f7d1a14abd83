package index

import (
	"context"
	"os/exec"
	"strings"
	"testing"
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
