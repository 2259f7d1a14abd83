package index

import (
	"context"
	"database/sql"
	"encoding/binary"
	"fmt"
	"io/fs"
	"math"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// Real-code indexes for the retrieval benchmarks, built once and kept in
// $EXPLAINERR_BENCH_DIR when it is set (scripts/bench-retrieval.sh sets
// it), else in a temporary directory:
//   - "10k": golang.org/x/tools and golang.org/x/net (about 10,000 chunks);
//   - "88k": the standard library, the Go command and toolchain (GOROOT's
//     cmd module) and the golang.org/x modules this module requires (about
//     88,000 chunks).
// Module versions are the ones go.mod selects, so the indexes are the same
// wherever `go mod download` has run.
//
// Each also holds the vectors in a sqlite-vec vec0 table, bench_vec0, for
// the exact sqlite-vec scan the shortlist is compared with.

// benchModules returns the module directories of a benchmark index.
func benchModules(tb testing.TB, size string) []string {
	tb.Helper()
	switch size {
	case "10k":
		return []string{moduleDir(tb, "golang.org/x/tools"), moduleDir(tb, "golang.org/x/net")}
	case "88k":
		src := filepath.Join(goEnv(tb, "GOROOT"), "src")
		dirs := []string{src, filepath.Join(src, "cmd")}
		out, err := exec.Command("go", "list", "-m", "-f", "{{.Dir}}", "golang.org/x/...").Output()
		if err != nil {
			tb.Fatalf("go list -m golang.org/x/...: %v", err)
		}
		return append(dirs, strings.Fields(string(out))...)
	}
	tb.Fatalf("unknown benchmark index size %q", size)
	return nil
}

func goEnv(tb testing.TB, name string) string {
	out, err := exec.Command("go", "env", name).Output()
	if err != nil {
		tb.Fatalf("go env %s: %v", name, err)
	}
	return strings.TrimSpace(string(out))
}

// benchRetriever opens (building it first if needed) a benchmark index.
func benchRetriever(tb testing.TB, size string, opts RetrieverOptions) *Retriever {
	tb.Helper()
	dir := os.Getenv("EXPLAINERR_BENCH_DIR")
	if dir == "" {
		dir = tb.TempDir()
	}
	path := filepath.Join(dir, "retrieval-"+size+".db")
	r, err := OpenRetriever(path, opts)
	if err != nil {
		os.Remove(path)
		if err := writeMultiModuleIndex(context.Background(), path, benchModules(tb, size)); err != nil {
			tb.Fatal(err)
		}
		if r, err = OpenRetriever(path, opts); err != nil {
			tb.Fatal(err)
		}
	}
	tb.Cleanup(func() { r.Close() })
	return r
}

// writeMultiModuleIndex writes one index of the Go files (not tests) of
// several module directories, each module's files under its directory's
// name, plus the bench_vec0 table. Files are found by walking the
// directories, every build constraint included, so that a module whose
// dependencies are not all downloaded is indexed too.
func writeMultiModuleIndex(ctx context.Context, path string, dirs []string) error {
	var files []sourceFile
	for _, dir := range dirs {
		base := filepath.Base(dir)
		err := filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
			if err != nil {
				return err
			}
			name := d.Name()
			if d.IsDir() {
				if p != dir && (name == "testdata" || name == "vendor" || strings.HasPrefix(name, ".") || strings.HasPrefix(name, "_")) {
					return filepath.SkipDir
				}
				return nil
			}
			if !strings.HasSuffix(name, ".go") || strings.HasSuffix(name, "_test.go") {
				return nil
			}
			rel, err := filepath.Rel(dir, p)
			if err != nil {
				return err
			}
			rel = base + "/" + filepath.ToSlash(rel)
			files = append(files, sourceFile{Abs: p, Rel: rel, Pkg: filepath.ToSlash(filepath.Dir(rel)), Kind: fileGo})
			return nil
		})
		if err != nil {
			return err
		}
	}
	opts := BuildOptions{Dir: dirs[0], Path: path}
	if err := opts.defaults(); err != nil {
		return err
	}
	pl := startPlanning(ctx, files, previous{files: map[string]fileRecord{}}, embedAheadFor(opts))
	defer pl.stop()
	if _, _, err := createIndex(ctx, opts, path, false, pl, "benchmark"); err != nil {
		return err
	}
	return addVec0Table(path)
}

// addVec0Table copies an index's vectors into a sqlite-vec vec0 table.
func addVec0Table(path string) error {
	db, err := openDB(path, false)
	if err != nil {
		return err
	}
	defer db.Close()
	db.SetMaxOpenConns(1)
	var dims int
	if err := db.QueryRow(`SELECT CAST(value AS INTEGER) FROM meta WHERE key = 'dims'`).Scan(&dims); err != nil {
		return err
	}
	tx, err := db.Begin()
	if err != nil {
		return err
	}
	defer tx.Rollback()
	if _, err := tx.Exec(fmt.Sprintf(`CREATE VIRTUAL TABLE bench_vec0 USING vec0(embedding float[%d] distance_metric=cosine)`, dims)); err != nil {
		return err
	}
	rows, err := tx.Query(`SELECT id, embedding FROM vectors ORDER BY id`)
	if err != nil {
		return err
	}
	type row struct {
		id   int64
		blob []byte
	}
	var all []row
	for rows.Next() {
		var r row
		var stored []byte
		if err := rows.Scan(&r.id, &stored); err != nil {
			rows.Close()
			return err
		}
		v, err := decodeVector(stored)
		if err != nil {
			rows.Close()
			return err
		}
		r.blob = float32Blob(v)
		all = append(all, r)
	}
	rows.Close()
	ins, err := tx.Prepare(`INSERT INTO bench_vec0(rowid, embedding) VALUES(?, ?)`)
	if err != nil {
		return err
	}
	defer ins.Close()
	for _, r := range all {
		if _, err := ins.Exec(r.id, r.blob); err != nil {
			return err
		}
	}
	return tx.Commit()
}

// float32Blob encodes a vector as the little-endian float32 blob sqlite-vec reads.
func float32Blob(v []float32) []byte {
	out := make([]byte, 4*len(v))
	for i, x := range v {
		binary.LittleEndian.PutUint32(out[4*i:], math.Float32bits(x))
	}
	return out
}

// sqliteVecKNN is the exact sqlite-vec scan: the n nearest vectors by the
// vec0 table's cosine distance.
func sqliteVecKNN(ctx context.Context, db *sql.DB, qvec []float32, n int) ([]scored, error) {
	rows, err := db.QueryContext(ctx, `SELECT rowid, distance FROM bench_vec0 WHERE embedding MATCH ? AND k = ? ORDER BY distance`, float32Blob(qvec), n)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var out []scored
	for rows.Next() {
		var h scored
		if err := rows.Scan(&h.id, &h.dist); err != nil {
			return nil, err
		}
		out = append(out, h)
	}
	return out, rows.Err()
}

// benchQueries embeds the recall queries of a benchmark index.
func benchQueries(tb testing.TB, r *Retriever) ([]string, [][]float32) {
	tb.Helper()
	ctx := context.Background()
	texts, err := recallQueries(ctx, r, 200)
	if err != nil {
		tb.Fatal(err)
	}
	vecs := make([][]float32, len(texts))
	for i, q := range texts {
		if vecs[i], err = r.embedQuery(ctx, q); err != nil {
			tb.Fatal(err)
		}
	}
	return texts, vecs
}

// BenchmarkShortlistRecall reports the recall@4 of the shortlist against
// the exact scan, over 200 real-code queries, on the real-code indexes
// (the time is that of the 200 queries both ways).
func BenchmarkShortlistRecall(b *testing.B) {
	for _, size := range []string{"10k", "88k"} {
		b.Run("size="+size, func(b *testing.B) {
			r := benchRetriever(b, size, RetrieverOptions{})
			texts, _ := benchQueries(b, r)
			var recall float64
			for b.Loop() {
				var err error
				if recall, err = shortlistRecall(context.Background(), r, texts, 4); err != nil {
					b.Fatal(err)
				}
			}
			b.ReportMetric(recall, "recall@4")
			b.ReportMetric(float64(r.vectors), "chunks")
		})
	}
}

// BenchmarkVectorSearch times the vector part of the ranking, the 4
// nearest chunks of real-code queries, on real-code indexes of about
// 10,000 and 88,000 chunks: through the shortlist (the default for large
// indexes), by the exact scan of `explainerr search -exact`, and by the
// exact scan of a sqlite-vec vec0 table.
func BenchmarkVectorSearch(b *testing.B) {
	for _, size := range []string{"10k", "88k"} {
		b.Run("size="+size, func(b *testing.B) {
			r := benchRetriever(b, size, RetrieverOptions{})
			_, vecs := benchQueries(b, r)
			ctx := context.Background()
			const k = 4
			run := func(b *testing.B, knn func(q []float32) ([]scored, error)) {
				b.ReportAllocs()
				i := 0
				for b.Loop() {
					hits, err := knn(vecs[i%len(vecs)])
					if err != nil || len(hits) != k {
						b.Fatalf("%d hits, %v", len(hits), err)
					}
					i++
				}
				b.ReportMetric(float64(r.vectors), "chunks")
			}
			b.Run("shortlist", func(b *testing.B) {
				if _, err := r.shortlistCodes(); err != nil { // read once per retriever, as the middleware does
					b.Fatal(err)
				}
				run(b, func(q []float32) ([]scored, error) { return r.shortlistKNN(ctx, q, k) })
			})
			b.Run("exact", func(b *testing.B) {
				run(b, func(q []float32) ([]scored, error) { return r.exactKNN(ctx, q, k) })
			})
			b.Run("sqlite-vec", func(b *testing.B) {
				run(b, func(q []float32) ([]scored, error) { return sqliteVecKNN(ctx, r.db, q, k) })
			})
		})
	}
}

// BenchmarkSearch times a whole Search (vector and lexical rankings,
// fusion, reading the chunks) for k=4 on the real-code indexes, with the
// shortlist and with -exact.
func BenchmarkSearch(b *testing.B) {
	for _, size := range []string{"10k", "88k"} {
		b.Run("size="+size, func(b *testing.B) {
			for _, mode := range []struct {
				name  string
				exact bool
			}{{"default", false}, {"exact", true}} {
				b.Run(mode.name, func(b *testing.B) {
					r := benchRetriever(b, size, RetrieverOptions{ExactVectors: mode.exact})
					texts, _ := benchQueries(b, r)
					if _, err := r.shortlistCodes(); err != nil { // read once per retriever
						b.Fatal(err)
					}
					ctx := context.Background()
					b.ReportAllocs()
					i := 0
					for b.Loop() {
						if _, err := r.Search(ctx, texts[i%len(texts)], DefaultK); err != nil {
							b.Fatal(err)
						}
						i++
					}
				})
			}
		})
	}
}

// BenchmarkShortlistCodesRead times reading an index's shortlist codes
// into memory, which a retriever does once, on its first shortlist search.
func BenchmarkShortlistCodesRead(b *testing.B) {
	for _, size := range []string{"10k", "88k"} {
		b.Run("size="+size, func(b *testing.B) {
			path := benchRetriever(b, size, RetrieverOptions{}).path
			b.ReportAllocs()
			for b.Loop() {
				r, err := OpenRetriever(path, RetrieverOptions{})
				if err != nil {
					b.Fatal(err)
				}
				if _, err := r.shortlistCodes(); err != nil {
					b.Fatal(err)
				}
				r.Close()
			}
		})
	}
}
