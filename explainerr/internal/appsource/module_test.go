package appsource

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// expireCache makes the next Load list the module's files again, as it
// does once recheckAfter has passed.
func expireCache() {
	cache.Lock()
	defer cache.Unlock()
	long := time.Now().Add(-2 * recheckAfter)
	for _, c := range cache.byRoot {
		c.checked = long
	}
	for f, fr := range cache.byFile {
		fr.checked = long
		cache.byFile[f] = fr
	}
}

// writeModule writes files (name to text) into a new module directory
// with times an hour ago, and returns the directory.
func writeModule(t *testing.T, files map[string]string) string {
	t.Helper()
	root := t.TempDir()
	then := time.Now().Add(-time.Hour)
	for name, text := range files {
		writeFile(t, filepath.Join(root, name), text, then)
	}
	return root
}

func writeFile(t *testing.T, path, text string, mod time.Time) {
	t.Helper()
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(path, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.Chtimes(path, mod, mod); err != nil {
		t.Fatal(err)
	}
}

func TestEditedFileIsParsedAgainAndTheOthersReused(t *testing.T) {
	root := writeModule(t, map[string]string{
		"go.mod":     "module example.com/app\n",
		"handler.go": "package app\n\nfunc Handle() { Store{}.Put() }\n",
		"store.go":   "package app\n\ntype Store struct{ m map[string]int }\n",
	})
	handler := filepath.Join(root, "handler.go")

	first := Load(handler)
	if first == nil || len(first.Files) != 2 || first.Path != "example.com/app" {
		t.Fatalf("first parse: %+v", first)
	}
	if again := Load(handler); again != first {
		t.Fatal("a second failure within recheckAfter parsed the module again")
	}

	writeFile(t, filepath.Join(root, "store.go"), "package app\n\ntype Store struct{ m map[string]int; n int }\n", time.Now().Add(-time.Minute))
	expireCache()
	second := Load(handler)
	if second == first {
		t.Fatal("the edit was not seen")
	}
	if second.FileAt(handler) != first.FileAt(handler) {
		t.Error("the unchanged file was parsed again")
	}
	store := second.FileAt(filepath.Join(root, "store.go"))
	if got := strings.Join(store.Lines(), "\n"); !strings.Contains(got, "n int") {
		t.Errorf("store.go as parsed after the edit:\n%s", got)
	}
	store2, ok := second.Type(root, "Store")
	if ft := fieldType(store2, "n"); !ok || TypeName(ft) != "int" {
		t.Errorf("field n of Store after the edit: %#v", ft)
	}
}

func TestLoadSkipsTestsVendorTestdataAndNestedModules(t *testing.T) {
	root := writeModule(t, map[string]string{
		"go.mod":              "module example.com/app\n",
		"main.go":             "package main\n",
		"main_test.go":        "package main\n",
		"vendor/x/x.go":       "package x\n",
		"testdata/y.go":       "package y\n",
		"tools/go.mod":        "module example.com/tools\n",
		"tools/t.go":          "package tools\n",
		"internal/store/s.go": "package store\n",
	})
	m := Load(filepath.Join(root, "main.go"))
	if m == nil {
		t.Fatal("no module")
	}
	var got []string
	for _, f := range m.Files {
		got = append(got, m.Rel(f.Path))
	}
	if strings.Join(got, " ") != "internal/store/s.go main.go" {
		t.Errorf("files = %v", got)
	}
}

func TestLoadOfAFileNotOnThisMachineIsNil(t *testing.T) {
	if m := Load("/no/such/dir/main.go"); m != nil {
		t.Errorf("Load = %+v", m)
	}
	if m := Load("relative/main.go"); m != nil {
		t.Errorf("Load of a relative path = %+v", m)
	}
}
