package offline

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/explainerr/explainerr/explainerr/report"
)

// expireSourceCache makes the next loadAppSource list the module's files
// again, as it does once recheckAfter has passed.
func expireSourceCache() {
	sourceCache.Lock()
	defer sourceCache.Unlock()
	long := time.Now().Add(-2 * recheckAfter)
	for _, c := range sourceCache.byRoot {
		c.checked = long
	}
	for f, fr := range sourceCache.byFile {
		fr.checked = long
		sourceCache.byFile[f] = fr
	}
}

func TestEditedFileIsParsedAgainAndTheOthersReused(t *testing.T) {
	root := t.TempDir()
	write := func(name, text string, mod time.Time) string {
		t.Helper()
		p := filepath.Join(root, name)
		if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
		if err := os.Chtimes(p, mod, mod); err != nil {
			t.Fatal(err)
		}
		return p
	}
	then := time.Now().Add(-time.Hour)
	write("go.mod", "module example.com/app\n", then)
	handler := write("handler.go", "package app\n\nfunc Handle() { Store{}.Put() }\n", then)
	write("store.go", "package app\n\ntype Store struct{ m map[string]int }\n", then)
	r := &report.Report{Frames: []report.Frame{{Function: "example.com/app.Handle", File: handler, Line: 3, Kind: report.FrameApp}}}

	first := loadAppSource(r)
	if first == nil || len(first.files) != 2 {
		t.Fatalf("first parse: %+v", first)
	}
	if again := loadAppSource(r); again != first {
		t.Fatal("a second failure within recheckAfter parsed the module again")
	}

	write("store.go", "package app\n\ntype Store struct{ m map[string]int; n int }\n", then.Add(time.Minute))
	expireSourceCache()
	second := loadAppSource(r)
	if second == first {
		t.Fatal("the edit was not seen")
	}
	byName := map[string]*appFile{}
	for _, f := range second.files {
		byName[filepath.Base(f.path)] = f
	}
	for _, f := range first.files {
		if filepath.Base(f.path) == "handler.go" && byName["handler.go"] != f {
			t.Error("the unchanged file was parsed again")
		}
	}
	if got := strings.Join(byName["store.go"].lines, "\n"); !strings.Contains(got, "n int") {
		t.Errorf("store.go as parsed after the edit:\n%s", got)
	}
	if typ := second.fieldType("Store", "n"); typ != "int" {
		t.Errorf("fieldType(Store, n) = %q after the edit, want int", typ)
	}
	if l, _, ok := second.structField("Store", "m"); !ok || l.Line != 3 || filepath.Base(l.Path) != "store.go" {
		t.Errorf("structField(Store, m) = %+v %v", l, ok)
	}
}
