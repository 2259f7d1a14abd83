package index

import (
	"context"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/explainerr/explainerr/internal/leakcheck"
	"github.com/explainerr/explainerr/internal/testdir"
)

// logicalIndex lists what an index holds, keyed by each chunk's place
// rather than its id: rows, vectors, identifiers and term postings.
func logicalIndex(t *testing.T, path string) []string {
	t.Helper()
	db, _, err := openIndex(path)
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	keys := map[int64]string{}
	var out []string
	rows, err := db.Query(`SELECT c.id, c.file, c.package, c.symbol, c.kind, c.start_line, c.end_line, c.part, c.receiver, c.signature, c.decl, c.text, c.hash, c.src_hash, c.term_count, c.idents, hex(v.embedding)
		FROM chunks c JOIN vectors v ON v.id = c.id`)
	if err != nil {
		t.Fatal(err)
	}
	for rows.Next() {
		var id int64
		var file, pkg, symbol, kind, recv, sig, decl, text, hash, src, idents, vec string
		var start, end, part, terms int
		if err := rows.Scan(&id, &file, &pkg, &symbol, &kind, &start, &end, &part, &recv, &sig, &decl, &text, &hash, &src, &terms, &idents, &vec); err != nil {
			t.Fatal(err)
		}
		key := fmt.Sprintf("%s:%d-%d %s#%d", file, start, end, symbol, part)
		keys[id] = key
		out = append(out, fmt.Sprintf("chunk %s %s %s %s %s %q %q %s %s %d %s %s", key, pkg, kind, recv, sig, decl, text, hash, src, terms, idents, vec))
	}
	rows.Close()
	rows, err = db.Query(`SELECT j.value, p.key FROM ` + sqlIdentChunks)
	if err != nil {
		t.Fatal(err)
	}
	for rows.Next() {
		var id int64
		var key string
		if err := rows.Scan(&id, &key); err != nil {
			t.Fatal(err)
		}
		out = append(out, fmt.Sprintf("ident %s %s", keys[id], key))
	}
	rows.Close()
	rows, err = db.Query(`SELECT term, postings FROM term_postings`)
	if err != nil {
		t.Fatal(err)
	}
	for rows.Next() {
		var term string
		var blob []byte
		if err := rows.Scan(&term, &blob); err != nil {
			t.Fatal(err)
		}
		ps, err := decodePostings(nil, blob)
		if err != nil {
			t.Fatal(err)
		}
		for _, p := range ps {
			out = append(out, fmt.Sprintf("term %s %s %d", term, keys[p.id], p.weight))
		}
	}
	rows.Close()
	slices.Sort(out)
	return out
}

// TestNewIndexMatchesAnUpdatedOne: a new index, written while its files
// are chunked and embedded ahead, holds what an index holds that was
// updated file by file to the same sources (rows, types completed with
// their methods, vectors, identifiers, terms).
func TestNewIndexMatchesAnUpdatedOne(t *testing.T) {
	root, err := ModuleRoot("..")
	if err != nil {
		t.Fatal(err)
	}
	src := filepath.Join(root, "blogapp")
	fresh, updated := t.TempDir(), t.TempDir()
	for _, dir := range []string{fresh, updated} {
		testdir.Copy(t, src, dir)
		os.WriteFile(filepath.Join(dir, "go.mod"), []byte("module example.com/blog\n\ngo 1.24\n"), 0o644)
	}
	// The updated one starts with every Go file reduced to its package
	// clause, then gets the sources back.
	pkgClause := regexp.MustCompile(`(?m)^package \w+`)
	originals := map[string][]byte{}
	filepath.WalkDir(updated, func(p string, d fs.DirEntry, err error) error {
		if err == nil && strings.HasSuffix(p, ".go") {
			b, _ := os.ReadFile(p)
			originals[p] = b
			os.WriteFile(p, append(pkgClause.Find(b), '\n'), 0o644)
		}
		return nil
	})
	if len(originals) < 5 {
		t.Fatalf("only %d Go files in the blog app", len(originals))
	}
	buildTestIndex(t, updated, BuildOptions{})
	for p, b := range originals {
		os.WriteFile(p, b, 0o644)
	}
	stats := buildTestIndex(t, updated, BuildOptions{})
	if stats.Changed == 0 {
		t.Fatalf("the update changed nothing: %+v", stats)
	}
	buildTestIndex(t, fresh, BuildOptions{})

	a := logicalIndex(t, filepath.Join(fresh, ".explainerr", "index.db"))
	b := logicalIndex(t, filepath.Join(updated, ".explainerr", "index.db"))
	var types int
	for _, line := range a {
		if strings.HasPrefix(line, "chunk ") && strings.Contains(line, " type ") && strings.Contains(line, "func (") {
			types++
		}
	}
	if types == 0 {
		t.Errorf("no type's chunk lists its methods in the new index")
	}
	if !slices.Equal(a, b) {
		missing, extra := minus(a, b), minus(b, a)
		for i := range min(len(missing), 5) {
			t.Errorf("only in the new index: %.300s", missing[i])
		}
		for i := range min(len(extra), 5) {
			t.Errorf("only in the updated index: %.300s", extra[i])
		}
	}
	assertVectorsMatchChunks(t, filepath.Join(fresh, ".explainerr", "index.db"))
}

// TestCancelledNewIndexStopsCleanly: a new index whose build is cancelled
// while its files are being chunked is not committed, leaves no goroutine
// running, and the next build makes it whole.
func TestCancelledNewIndexStopsCleanly(t *testing.T) {
	defer leakcheck.VerifyNone(t, leakcheck.IgnoreCurrent())
	dir := writeTestModule(t)
	path := filepath.Join(t.TempDir(), "index.db")
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	_, err := Build(ctx, BuildOptions{Dir: dir, Path: path, Progress: func(stage string, done, total int) {
		if stage == "chunking" && done == 1 {
			cancel()
		}
	}})
	if !errors.Is(err, context.Canceled) {
		t.Fatalf("cancelled build: %v, want context.Canceled", err)
	}
	if r, err := OpenRetriever(path, RetrieverOptions{}); err == nil {
		r.Close()
		t.Fatal("a cancelled build left an index that opens")
	}
	stats, err := Build(context.Background(), BuildOptions{Dir: dir, Path: path})
	if err != nil || stats.Chunks == 0 {
		t.Fatalf("the next build: %+v, %v", stats, err)
	}
	assertVectorsMatchChunks(t, path)
}
