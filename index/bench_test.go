package index

import (
	"context"
	"fmt"
	"math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/explainerr/explainerr/explainerr/report"
)

// BenchmarkBuildXTools indexes the golang.org/x/tools source in the module
// cache from scratch, reporting files/s and chunks/s.
func BenchmarkBuildXTools(b *testing.B) {
	out, err := exec.Command("go", "env", "GOMODCACHE").Output()
	if err != nil {
		b.Fatalf("go env GOMODCACHE: %v", err)
	}
	dir := filepath.Join(strings.TrimSpace(string(out)), "golang.org", "x", "tools@v0.52.0")
	if _, err := os.Stat(filepath.Join(dir, "go.mod")); err != nil {
		b.Fatalf("golang.org/x/tools@v0.52.0 is not in the module cache: %v", err)
	}
	path := filepath.Join(b.TempDir(), "index.db")
	b.ReportAllocs()
	var files, chunks int
	for b.Loop() {
		stats, err := Build(context.Background(), BuildOptions{Dir: dir, Path: path, Rebuild: true})
		if err != nil {
			b.Fatal(err)
		}
		files += stats.Files
		chunks += stats.Chunks
	}
	secs := b.Elapsed().Seconds()
	b.ReportMetric(float64(files)/secs, "files/s")
	b.ReportMetric(float64(chunks)/secs, "chunks/s")
	b.ReportMetric(float64(chunks)/float64(b.N), "chunks")
}

func BenchmarkRetrieve10k(b *testing.B)  { benchmarkRetrieve(b, 10_000) }
func BenchmarkRetrieve100k(b *testing.B) { benchmarkRetrieve(b, 100_000) }

// benchmarkRetrieve measures one full Retrieve (frame anchor, graph hop,
// K=4 vector search) against a synthetic index of n chunks.
func benchmarkRetrieve(b *testing.B, n int) {
	path := filepath.Join(b.TempDir(), "index.db")
	if err := writeSyntheticIndex(path, n); err != nil {
		b.Fatal(err)
	}
	r, err := OpenRetriever(path, RetrieverOptions{})
	if err != nil {
		b.Fatal(err)
	}
	defer r.Close()
	rep := syntheticReport(n)
	ctx := context.Background()
	got, err := r.Retrieve(ctx, rep)
	if err != nil {
		b.Fatal(err)
	}
	if len(got) < 1+DefaultK || got[0].Reason != report.ReasonFrame {
		b.Fatalf("synthetic retrieval returned %d chunks, first %+v", len(got), got[0])
	}
	b.ReportAllocs()
	for b.Loop() {
		if _, err := r.Retrieve(ctx, rep); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkFirstSearch measures what a new process pays for its first
// search of a large index: opening the retriever, reading the shortlist
// codes and one Search, on a synthetic index of 100,000 chunks (searched
// through the shortlist). The index is kept in $EXPLAINERR_BENCH_DIR when
// that is set.
func BenchmarkFirstSearch(b *testing.B) {
	const n = 100_000
	dir := os.Getenv("EXPLAINERR_BENCH_DIR")
	if dir == "" {
		dir = b.TempDir()
	}
	path := filepath.Join(dir, fmt.Sprintf("synthetic-%d.db", n))
	if mark, err := inspectFile(path); err != nil || mark.state != stateCurrent {
		os.Remove(path)
		if err := writeSyntheticIndex(path, n); err != nil {
			b.Fatal(err)
		}
	}
	ctx := context.Background()
	queries := []string{"load the cart total", "render template for a post", "validate session token", "queue worker retry"}
	b.ReportAllocs()
	i := 0
	for b.Loop() {
		r, err := OpenRetriever(path, RetrieverOptions{})
		if err != nil {
			b.Fatal(err)
		}
		if r.vectors <= r.exactLimit {
			b.Fatalf("%d vectors are searched exhaustively, not through the shortlist", r.vectors)
		}
		got, err := r.Search(ctx, queries[i%len(queries)], DefaultK)
		if err != nil || len(got) != DefaultK {
			b.Fatalf("search: %d results, %v", len(got), err)
		}
		r.Close()
		i++
	}
}

// syntheticVocabulary gives synthetic chunks a realistic spread of words.
var syntheticVocabulary = strings.Fields(`post author comment user session cart order item price total
	store load save delete update find list render template handler request response query row rows scan
	insert select table schema config token cache queue worker retry timeout parse format encode decode
	validate slug title body tag page limit offset count sum index field value key name email password`)

// syntheticFunc returns the source of synthetic function i and the names
// of the functions it calls.
func syntheticFunc(rng *rand.Rand, i, n int) (name, text string, calls []string) {
	w := func() string { return syntheticVocabulary[rng.IntN(len(syntheticVocabulary))] }
	name = fmt.Sprintf("%s%s%d", w(), strings.ToUpper(w()[:1])+w()[1:], i)
	var b strings.Builder
	fmt.Fprintf(&b, "// %s %ss the %s of a %s.\nfunc %s(ctx context.Context, id int) (*%s, error) {\n", name, w(), w(), w(), name, strings.ToUpper(w()[:1]))
	for j := 0; j < 6; j++ {
		callee := fmt.Sprintf("fn%d", rng.IntN(n))
		calls = append(calls, callee)
		fmt.Fprintf(&b, "\t%s, err := %s(ctx, id) // %s %s\n\tif err != nil {\n\t\treturn nil, fmt.Errorf(\"%s: %%w\", err)\n\t}\n", w(), callee, w(), w(), w())
	}
	b.WriteString("\treturn nil, nil\n}")
	return name, b.String(), calls
}

// writeSyntheticIndex writes an index of n function chunks, 20 per file,
// embedded with the hash embedder.
func writeSyntheticIndex(path string, n int) error {
	emb, _ := NewHashEmbedder(HashDims)
	db, err := openWriteDB(path, newIndexCacheKiB)
	if err != nil {
		return err
	}
	defer db.Close()
	tx, err := db.Begin()
	if err != nil {
		return err
	}
	defer tx.Rollback()
	if err := createTables(tx, metadata{Embedder: emb.Name(), Dims: emb.Dims()}); err != nil {
		return err
	}
	w := newWriter(tx)
	w.bulk = newBulkRows()
	rng := rand.New(rand.NewPCG(1, 2))
	const batch = 512
	var ids []int64
	var inputs []string
	flush := func() error {
		vecs, err := emb.Embed(context.Background(), inputs)
		if err != nil {
			return err
		}
		for i, id := range ids {
			if err := w.storeVector(id, vecs[i]); err != nil {
				return err
			}
		}
		ids, inputs = ids[:0], inputs[:0]
		return nil
	}
	for i := 0; i < n; i++ {
		name, text, calls := syntheticFunc(rng, i, n)
		file := fmt.Sprintf("pkg%d/file%d.go", i/200, i/20)
		line := 1 + (i%20)*40
		c := chunk{
			File: file, Package: fmt.Sprintf("example.com/big/pkg%d", i/200), Symbol: name, Kind: KindFunc,
			StartLine: line, EndLine: line + strings.Count(text, "\n"), Text: text,
			Declares: []string{name, fmt.Sprintf("fn%d", i)}, Calls: calls,
		}
		collectWords(text, &c)
		input := embedInput(c.File, c.Package, c.Symbol, c.Text)
		id, err := w.insertChunk(&c, contentHash(input))
		if err != nil {
			return err
		}
		ids, inputs = append(ids, id), append(inputs, input)
		if len(ids) == batch {
			if err := flush(); err != nil {
				return err
			}
		}
	}
	if err := flush(); err != nil {
		return err
	}
	if err := w.flushBulk(); err != nil {
		return err
	}
	if err := w.flush(); err != nil {
		return err
	}
	if err := writeTermTotal(tx, w.termDelta); err != nil {
		return err
	}
	if err := createIndexes(tx); err != nil {
		return err
	}
	return tx.Commit()
}

// collectWords records a synthetic chunk's words as references.
func collectWords(text string, c *chunk) {
	seen := map[string]bool{}
	words(text, func(s string) {
		if !seen[s] {
			seen[s] = true
			c.References = append(c.References, s)
		}
	})
}

// syntheticReport is a failure in the middle of a synthetic index.
func syntheticReport(n int) *report.Report {
	i := n / 2
	file := fmt.Sprintf("/home/dev/big/pkg%d/file%d.go", i/200, i/20)
	line := 1 + (i%20)*40 + 3
	return &report.Report{
		Error: report.Error{Kind: report.KindPanic, Type: "runtime.boundsError", Message: "runtime error: index out of range [3] with length 3"},
		Frames: []report.Frame{{
			Function: fmt.Sprintf("example.com/big/pkg%d.fn%d", i/200, i), File: file, Line: line, Kind: report.FrameApp,
			Source: &report.Source{StartLine: line - 1, Line: line, Lines: []string{
				"\tif err != nil {", "\t\tpost, err := loadPost(ctx, id) // cart total", "\t}",
			}},
		}},
	}
}
