package offline

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/explainerr/explainerr/explainerr/internal/appsource"
	"github.com/explainerr/explainerr/explainerr/report"
)

// TestTextWrapsFoundOncePerModuleVersion: a module's text-only wraps are
// found once for a version of the module (a repeated failure reads the
// answer), and found again when a file is edited: the wrap fixed with %w
// is gone from the answer
// of the module's next version.
func TestTextWrapsFoundOncePerModuleVersion(t *testing.T) {
	root := writeFactsModule(t)
	store := filepath.Join(root, "store", "store.go")
	r := &report.Report{Frames: []report.Frame{{Function: "example.com/shop/store.Get", File: store, Line: 13, Kind: report.FrameApp}}}

	src := loadAppSource(r)
	if src == nil {
		t.Fatal("the module was not loaded")
	}
	first := src.textWraps()
	if len(first) != 1 || first[0].Arg != "err" || first[0].Verb != "v" {
		t.Fatalf("wraps = %+v, want the %%v wrap of err in store.Get", first)
	}
	if again := loadAppSource(r).textWraps(); len(again) != 1 || &again[0] != &first[0] {
		t.Error("the same module version found its wraps again instead of reading the answer")
	}

	data, err := os.ReadFile(store)
	if err != nil {
		t.Fatal(err)
	}
	fixed := strings.Replace(string(data), "loading product %d: %v", "loading product %d: %w", 1)
	if err := os.WriteFile(store, []byte(fixed), 0o644); err != nil {
		t.Fatal(err)
	}
	later := time.Now().Add(time.Minute)
	if err := os.Chtimes(store, later, later); err != nil {
		t.Fatal(err)
	}
	// The module is listed again now rather than after its recheck delay.
	appsource.Forget()
	if edited := loadAppSource(r).textWraps(); len(edited) != 0 {
		t.Errorf("after the wrap was fixed with %%w, wraps = %+v, want none", edited)
	}
}
