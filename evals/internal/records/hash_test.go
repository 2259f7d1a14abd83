package records

import (
	"context"
	"database/sql"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/explainerr/explainerr/index"
)

// writeFile writes content to root/rel, creating directories.
func writeFile(t *testing.T, root, rel, content string) {
	t.Helper()
	p := filepath.Join(root, filepath.FromSlash(rel))
	if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(p, []byte(content), 0o644); err != nil {
		t.Fatal(err)
	}
}

// sampleTree writes a small module with files that count and files that
// must not.
func sampleTree(t *testing.T) string {
	root := t.TempDir()
	for rel, content := range map[string]string{
		"go.mod":                               "module example.com/m\n",
		"go.sum":                               "",
		"app/app.go":                           "package app\n\nfunc A() int { return 1 }\n",
		"app/app_test.go":                      "package app\n",
		"app/templates/page.html":              "<p>{{.Title}}</p>\n",
		"app/schema.sql":                       "CREATE TABLE t (id INTEGER);\n",
		"blogapp/fixtures.json":                `{"fixtures":[]}`,
		"README.md":                            "readme\n",
		"evals/results/20260101/report.html":   "<html></html>\n",
		"evals/results/20260101/results.jsonl": "{}\n",
		"evals/results/20260101/x.go":          "package x\n",
		"app/testdata/data.go":                 "package data\n",
		".hidden/h.go":                         "package h\n",
	} {
		writeFile(t, root, rel, content)
	}
	return root
}

func mustHash(t *testing.T, root string) string {
	t.Helper()
	h, err := SourceTreeHash(root)
	if err != nil {
		t.Fatal(err)
	}
	if len(h) != 64 {
		t.Fatalf("hash %q is not a hex SHA-256", h)
	}
	return h
}

func TestSourceTreeHashChangesWithTrackedFiles(t *testing.T) {
	for _, tc := range []struct {
		name, rel, content string
	}{
		{"go file edited", "app/app.go", "package app\n\nfunc A() int { return 2 }\n"},
		{"go file added", "app/more.go", "package app\n"},
		{"template edited", "app/templates/page.html", "<p>{{.Name}}</p>\n"},
		{"sql edited", "app/schema.sql", "CREATE TABLE t (id TEXT);\n"},
		{"fixtures edited", "blogapp/fixtures.json", `{"fixtures":[{}]}`},
		{"go.mod edited", "go.mod", "module example.com/m\n\ngo 1.26\n"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			root := sampleTree(t)
			before := mustHash(t, root)
			if again := mustHash(t, root); again != before {
				t.Fatalf("hash is not deterministic: %s then %s", before, again)
			}
			writeFile(t, root, tc.rel, tc.content)
			if after := mustHash(t, root); after == before {
				t.Errorf("changing %s left the tree hash unchanged", tc.rel)
			}
		})
	}
}

func TestSourceTreeHashIgnoresUntrackedFiles(t *testing.T) {
	for _, tc := range []struct {
		name, rel, content string
	}{
		{"run report under evals/results", "evals/results/20260101/report.html", "<html>changed</html>\n"},
		{"results.jsonl under evals/results", "evals/results/20260101/results.jsonl", "{\"a\":1}\n"},
		{"go file under evals/results", "evals/results/20260101/x.go", "package y\n"},
		{"new run directory", "evals/results/20260102/report.md", "# new\n"},
		{"test file", "app/app_test.go", "package app\n\nfunc TestX() {}\n"},
		{"testdata", "app/testdata/data.go", "package other\n"},
		{"hidden directory", ".hidden/h.go", "package other\n"},
		{"markdown", "README.md", "changed\n"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			root := sampleTree(t)
			before := mustHash(t, root)
			writeFile(t, root, tc.rel, tc.content)
			if after := mustHash(t, root); after != before {
				t.Errorf("changing %s changed the tree hash", tc.rel)
			}
		})
	}
}

func TestSourceTreeHashCountsPaths(t *testing.T) {
	root := sampleTree(t)
	before := mustHash(t, root)
	if err := os.Rename(filepath.Join(root, "app", "app.go"), filepath.Join(root, "app", "renamed.go")); err != nil {
		t.Fatal(err)
	}
	if after := mustHash(t, root); after == before {
		t.Error("renaming a Go file with the same content left the tree hash unchanged")
	}
}

func TestSourceTreeHashMissingRoot(t *testing.T) {
	if _, err := SourceTreeHash(filepath.Join(t.TempDir(), "nope")); err == nil {
		t.Error("hashing a missing directory gave no error")
	}
}

func TestFileHash(t *testing.T) {
	root := t.TempDir()
	writeFile(t, root, "a", "abc")
	h, err := FileHash(filepath.Join(root, "a"))
	if err != nil {
		t.Fatal(err)
	}
	// SHA-256 of "abc".
	if want := "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"; h != want {
		t.Errorf("FileHash = %s, want %s", h, want)
	}
	if _, err := FileHash(filepath.Join(root, "missing")); err == nil {
		t.Error("hashing a missing file gave no error")
	}
}

func TestStale(t *testing.T) {
	info := &RunInfo{SourceTreeHash: strings.Repeat("a", 64), GitRevision: strings.Repeat("c", 40)}
	if w := Stale(info, strings.Repeat("a", 64)); w != "" {
		t.Errorf("same tree flagged stale: %q", w)
	}
	w := Stale(info, strings.Repeat("b", 64))
	if !strings.HasPrefix(w, "STALE") {
		t.Fatalf("a different tree hash was not flagged: %q", w)
	}
	for _, want := range []string{strings.Repeat("a", 12), strings.Repeat("b", 12), strings.Repeat("c", 12)} {
		if !strings.Contains(w, want) {
			t.Errorf("warning %q does not name %s", w, want)
		}
	}
}

// TestIndexHashIsStableAcrossBuilds builds the blog app's index twice and
// requires the same content hash, and a different one when a chunk's text
// changes.
func TestIndexHashIsStableAcrossBuilds(t *testing.T) {
	ctx := context.Background()
	dir := t.TempDir()
	var hashes []string
	for i := range 2 {
		path := filepath.Join(dir, fmt.Sprintf("index%d.db", i))
		if _, err := index.Build(ctx, index.BuildOptions{Dir: "../../..", Patterns: []string{"./blogapp/..."}, Path: path, Rebuild: true}); err != nil {
			t.Fatal(err)
		}
		h, err := IndexHash(path)
		if err != nil {
			t.Fatal(err)
		}
		hashes = append(hashes, h)
	}
	if hashes[0] != hashes[1] {
		t.Errorf("two builds of the same source hash differently: %.12s, %.12s", hashes[0], hashes[1])
	}
	db, err := sql.Open("sqlite3", filepath.Join(dir, "index1.db"))
	if err != nil {
		t.Fatal(err)
	}
	if _, err := db.Exec(`UPDATE chunks SET text = text || ' ' WHERE id = (SELECT min(id) FROM chunks)`); err != nil {
		t.Fatal(err)
	}
	db.Close()
	changed, err := IndexHash(filepath.Join(dir, "index1.db"))
	if err != nil {
		t.Fatal(err)
	}
	if changed == hashes[0] {
		t.Error("a changed chunk text leaves the index hash unchanged")
	}
	if _, err := IndexHash(filepath.Join(dir, "missing.db")); err == nil {
		t.Error("a missing index has a hash")
	}
}

// TestGradersAreOutsideTheProductHash changes a grader and then the
// product: only the matching hash moves, so a regraded run is not stale.
func TestGradersAreOutsideTheProductHash(t *testing.T) {
	root := t.TempDir()
	writeFile(t, root, "go.mod", "module example.com/m\n")
	writeFile(t, root, "app/app.go", "package app\n")
	writeFile(t, root, "evals/internal/gate/gate.go", "package gate\n")
	writeFile(t, root, "blogapp/fixtures.json", "{}\n")
	hashes := func() (string, string) {
		p, err := SourceTreeHash(root)
		if err != nil {
			t.Fatal(err)
		}
		g, err := GradersHash(root)
		if err != nil {
			t.Fatal(err)
		}
		return p, g
	}
	p0, g0 := hashes()
	writeFile(t, root, "evals/internal/gate/gate.go", "package gate // changed\n")
	p1, g1 := hashes()
	if p1 != p0 || g1 == g0 {
		t.Errorf("a grader change: product %v, graders %v; want only the graders' hash to move", p1 != p0, g1 != g0)
	}
	writeFile(t, root, "app/app.go", "package app // changed\n")
	p2, g2 := hashes()
	if p2 == p1 || g2 != g1 {
		t.Errorf("a product change: product %v, graders %v; want only the product's hash to move", p2 != p1, g2 != g1)
	}
	writeFile(t, root, "blogapp/fixtures.json", "{\"changed\": true}\n")
	p3, g3 := hashes()
	if p3 == p2 || g3 == g2 {
		t.Error("the fixtures file feeds both the product run and the graders: both hashes must move")
	}
}
