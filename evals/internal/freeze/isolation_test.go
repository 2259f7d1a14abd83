package freeze

import (
	"go/parser"
	"go/token"
	"io/fs"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
)

// frozenApps are the sample apps that no unit test of the product may use:
// their fixtures measure the product, so tuning against them must show.
var frozenApps = []string{"invoiceapp"}

// mayUseFrozenApps reports whether a file, by its slash path from the
// repository root, may use the frozen apps: the apps' own tests and the
// evaluation.
func mayUseFrozenApps(rel string) bool {
	for _, dir := range append([]string{"evals"}, frozenApps...) {
		if strings.HasPrefix(rel, dir+"/") {
			return true
		}
	}
	return false
}

// frozenAppUse returns what in a Go file uses a frozen app: an import of
// its packages, or a mention of its folder (such as its fixtures file).
func frozenAppUse(t *testing.T, path string) []string {
	t.Helper()
	src, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	var uses []string
	file, err := parser.ParseFile(token.NewFileSet(), path, src, parser.ImportsOnly)
	if err != nil {
		t.Fatal(err)
	}
	for _, app := range frozenApps {
		for _, imp := range file.Imports {
			p, _ := strconv.Unquote(imp.Path.Value)
			if p == "github.com/explainerr/explainerr/"+app || strings.HasPrefix(p, "github.com/explainerr/explainerr/"+app+"/") {
				uses = append(uses, "imports "+p)
			}
		}
		if strings.Contains(string(src), app) {
			uses = append(uses, "names "+app)
		}
	}
	return uses
}

func TestNoProductTestUsesAFrozenApp(t *testing.T) {
	checked := 0
	err := filepath.WalkDir(repoRoot, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(repoRoot, p)
		rel = filepath.ToSlash(rel)
		if d.IsDir() {
			if name := d.Name(); rel != "." && (strings.HasPrefix(name, ".") || name == "testdata") {
				return filepath.SkipDir
			}
			return nil
		}
		if !strings.HasSuffix(rel, "_test.go") || mayUseFrozenApps(rel) {
			return nil
		}
		checked++
		for _, use := range frozenAppUse(t, p) {
			t.Errorf("%s %s: the frozen sample apps are for the evaluation only", rel, use)
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if checked < 50 {
		t.Errorf("checked only %d test files: is the repository root right?", checked)
	}
}

func TestTheIsolationCheckFindsAUse(t *testing.T) {
	dir := t.TempDir()
	for name, src := range map[string]string{
		"imports_test.go": "package x\n\nimport _ \"github.com/explainerr/explainerr/invoiceapp/app\"\n",
		"reads_test.go":   "package x\n\nconst f = \"../invoiceapp/fixtures.json\"\n",
	} {
		p := filepath.Join(dir, name)
		if err := os.WriteFile(p, []byte(src), 0o644); err != nil {
			t.Fatal(err)
		}
		if uses := frozenAppUse(t, p); len(uses) == 0 {
			t.Errorf("%s: no use found", name)
		}
	}
	clean := filepath.Join(dir, "clean_test.go")
	if err := os.WriteFile(clean, []byte("package x\n\nimport _ \"github.com/explainerr/explainerr/blogapp/app\"\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if uses := frozenAppUse(t, clean); len(uses) != 0 {
		t.Errorf("a test of the blog was flagged: %v", uses)
	}
	if !mayUseFrozenApps("evals/e2e_test.go") || !mayUseFrozenApps("invoiceapp/app/pages_test.go") || mayUseFrozenApps("index/x_test.go") {
		t.Error("mayUseFrozenApps draws the line in the wrong place")
	}
}
