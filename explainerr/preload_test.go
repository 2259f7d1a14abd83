package explainerr_test

import (
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/explainerr/explainerr/explainerr"
)

// TestPreloadWritesTheUnderstandingOnlyWhenOn: New builds and persists
// the module understanding in the background by default, and writes
// nothing with WithPreload(false).
func TestPreloadWritesTheUnderstandingOnlyWhenOn(t *testing.T) {
	for _, on := range []bool{false, true} {
		dir := t.TempDir()
		files := map[string]string{
			"go.mod":  "module example.com/shop\n\ngo 1.22\n",
			"cart.go": "package shop\n\nfunc Add(m map[string]int) { m[\"x\"]++ }\n",
		}
		for name, text := range files {
			if err := os.WriteFile(filepath.Join(dir, name), []byte(text), 0o644); err != nil {
				t.Fatal(err)
			}
		}
		t.Chdir(dir)
		if _, err := explainerr.New(explainerr.WithPreload(on)); err != nil {
			t.Fatal(err)
		}
		cache := filepath.Join(dir, ".explainerr", "understanding.json")
		if on {
			// Written in the background: wait for it, with a bound only a
			// build that never happens reaches.
			deadline := time.Now().Add(time.Minute)
			for _, err := os.Stat(cache); err != nil; _, err = os.Stat(cache) {
				if time.Now().After(deadline) {
					t.Fatalf("WithPreload(true): %s not written", cache)
				}
				time.Sleep(20 * time.Millisecond)
			}
			continue
		}
		time.Sleep(200 * time.Millisecond)
		if _, err := os.Stat(filepath.Join(dir, ".explainerr")); err == nil {
			t.Errorf("WithPreload(false): .explainerr was written")
		}
	}
}
