package index

import (
	"context"
	"path/filepath"
	"slices"
	"testing"
)

// TestWalkPackagesListsWhatTheGoCommandLists compares the directory walk
// with go/packages on the test module and on this repository.
func TestWalkPackagesListsWhatTheGoCommandLists(t *testing.T) {
	repo, err := ModuleRoot(".")
	if err != nil {
		t.Fatal(err)
	}
	mod := writeTestModule(t)
	for _, tc := range []struct {
		dir      string
		patterns []string
		tests    bool
	}{
		{mod, []string{"./..."}, false},
		{mod, []string{"./..."}, true},
		{filepath.Join(mod, "store"), []string{"."}, false},
		{repo, []string{"./..."}, false},
		{repo, []string{"./index/...", "./blogapp"}, true},
	} {
		walked, ok := walkPackages(tc.dir, mustModuleRoot(t, tc.dir), tc.patterns, tc.tests)
		if !ok {
			t.Fatalf("%s %v: the walk gave up", tc.dir, tc.patterns)
		}
		loaded, _, err := loadPackages(context.Background(), tc.dir, tc.patterns, tc.tests)
		if err != nil {
			t.Fatal(err)
		}
		if got, want := goFilesOf(walked), goFilesOf(loaded); !slices.Equal(got, want) {
			t.Errorf("%s %v tests=%v: the walk lists %d files, the go command %d\nwalk only: %v\ngo only: %v",
				tc.dir, tc.patterns, tc.tests, len(got), len(want), minus(got, want), minus(want, got))
		}
	}
	if _, ok := walkPackages(repo, repo, []string{"github.com/explainerr/explainerr/index"}, false); ok {
		t.Error("the walk took an import-path pattern")
	}
}

func mustModuleRoot(t *testing.T, dir string) string {
	t.Helper()
	root, err := ModuleRoot(dir)
	if err != nil {
		t.Fatal(err)
	}
	return root
}

// goFilesOf returns "import-path file" for each Go file, sorted.
func goFilesOf(files []listedFile) []string {
	var out []string
	for _, f := range files {
		if !f.embedded && filepath.Ext(f.abs) == ".go" {
			out = append(out, f.pkg+" "+f.abs)
		}
	}
	slices.Sort(out)
	return slices.Compact(out)
}

func minus(a, b []string) []string {
	var out []string
	for _, x := range a {
		if !slices.Contains(b, x) {
			out = append(out, x)
		}
	}
	return out
}
