package index

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func TestOpenMissingIndex(t *testing.T) {
	_, err := OpenRetriever(filepath.Join(t.TempDir(), "none.db"), RetrieverOptions{})
	if !errors.Is(err, ErrNoIndex) || !strings.Contains(err.Error(), "explainerr index") {
		t.Fatalf("err = %v, want ErrNoIndex saying how to build one", err)
	}
}

func TestOpenUnusableIndex(t *testing.T) {
	dir := t.TempDir()
	notSQLite := filepath.Join(dir, "text.db")
	writeFile(t, notSQLite, strings.Repeat("this is not a database\n", 400))

	foreign := filepath.Join(dir, "foreign.db")
	db, err := openDB(foreign, false)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := db.Exec(`CREATE TABLE notes(body TEXT)`); err != nil {
		t.Fatal(err)
	}
	db.Close()

	for name, path := range map[string]string{"not sqlite": notSQLite, "foreign": foreign, "directory": dir} {
		t.Run(name, func(t *testing.T) {
			_, err := OpenRetriever(path, RetrieverOptions{})
			assertNotIndexError(t, err)
			for _, rebuild := range []bool{false, true} {
				_, err = Build(context.Background(), BuildOptions{Dir: writeTestModule(t), Path: path, Rebuild: rebuild})
				assertNotIndexError(t, err)
			}
		})
	}
	if got, err := os.ReadFile(notSQLite); err != nil || string(got) != strings.Repeat("this is not a database\n", 400) {
		t.Errorf("the text file was changed (%v)", err)
	}
	db, err = openDB(foreign, true)
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	var tables int
	if err := db.QueryRow(`SELECT count(*) FROM sqlite_schema`).Scan(&tables); err != nil || tables != 1 {
		t.Errorf("the foreign database now has %d schema objects (%v)", tables, err)
	}
}

func assertNotIndexError(t *testing.T, err error) {
	t.Helper()
	if !errors.Is(err, ErrNotIndex) || !strings.Contains(err.Error(), "never overwrites") {
		t.Fatalf("err = %v, want ErrNotIndex saying the file is left alone", err)
	}
}

func TestEmbedderMismatch(t *testing.T) {
	dir := writeTestModule(t)
	stats := buildTestIndex(t, dir, BuildOptions{})
	other, err := NewHashEmbedder(256)
	if err != nil {
		t.Fatal(err)
	}
	_, err = OpenRetriever(stats.Path, RetrieverOptions{Embedder: other})
	assertRebuildError(t, err)
	if !strings.Contains(err.Error(), "hash (512 dimensions)") {
		t.Errorf("error does not name the index's embedder: %v", err)
	}
	_, err = Build(context.Background(), BuildOptions{Dir: dir, Path: stats.Path, Embedder: other})
	assertRebuildError(t, err)

	// A rebuild with the other embedder replaces the index.
	rebuilt := buildTestIndex(t, dir, BuildOptions{Path: stats.Path, Embedder: other, Rebuild: true})
	if rebuilt.Embedded != rebuilt.Chunks {
		t.Errorf("rebuild embedded %d of %d chunks", rebuilt.Embedded, rebuilt.Chunks)
	}
	r, err := OpenRetriever(stats.Path, RetrieverOptions{Embedder: other})
	if err != nil {
		t.Fatalf("after rebuild: %v", err)
	}
	r.Close()
}

func TestCorruptIndexIsAnErrorNotAPanic(t *testing.T) {
	dir := writeTestModule(t)
	stats := buildTestIndex(t, dir, BuildOptions{})
	data, err := os.ReadFile(stats.Path)
	if err != nil {
		t.Fatal(err)
	}
	// Overwrite everything after the first page with garbage.
	for i := 4096; i < len(data); i++ {
		data[i] = byte(i*7 + 3)
	}
	corrupt := filepath.Join(t.TempDir(), "corrupt.db")
	if err := os.WriteFile(corrupt, data, 0o644); err != nil {
		t.Fatal(err)
	}
	r, err := OpenRetriever(corrupt, RetrieverOptions{})
	if err == nil {
		_, err = r.Retrieve(context.Background(), showPostReport(dir))
		r.Close()
	}
	assertRebuildError(t, err)

	truncated := filepath.Join(t.TempDir(), "truncated.db")
	if err := os.WriteFile(truncated, data[:100], 0o644); err != nil {
		t.Fatal(err)
	}
	_, err = OpenRetriever(truncated, RetrieverOptions{})
	assertRebuildError(t, err)
}

func TestFailedBuildKeepsOldIndex(t *testing.T) {
	dir := writeTestModule(t)
	stats := buildTestIndex(t, dir, BuildOptions{})
	before, err := os.ReadFile(stats.Path)
	if err != nil {
		t.Fatal(err)
	}
	writeFile(t, filepath.Join(dir, "store/more.go"), "package store\n\nfunc More() {}\n")
	_, err = Build(context.Background(), BuildOptions{Dir: dir, Path: stats.Path, Embedder: failingEmbedder{}})
	if err == nil {
		// failingEmbedder has the hash embedder's name, so only embedding fails.
		t.Fatal("build with a failing embedder succeeded")
	}
	after, err := os.ReadFile(stats.Path)
	if err != nil {
		t.Fatal(err)
	}
	if string(before) != string(after) {
		t.Error("a failed build changed the index")
	}
	leftovers, _ := filepath.Glob(filepath.Join(filepath.Dir(stats.Path), ".index-*"))
	if len(leftovers) != 0 {
		t.Errorf("temporary files left behind: %v", leftovers)
	}
}

// failingEmbedder claims to be the hash embedder and fails every call.
type failingEmbedder struct{}

func (failingEmbedder) Name() string { return "hash" }
func (failingEmbedder) Dims() int    { return HashDims }
func (failingEmbedder) Embed(context.Context, []string) ([][]float32, error) {
	return nil, errors.New("embedding service down")
}

func assertRebuildError(t *testing.T, err error) {
	t.Helper()
	if err == nil {
		t.Fatal("no error")
	}
	if !errors.Is(err, ErrIncompatible) || !strings.Contains(err.Error(), "explainerr index -rebuild") {
		t.Fatalf("err = %v, want ErrIncompatible saying how to rebuild", err)
	}
}
