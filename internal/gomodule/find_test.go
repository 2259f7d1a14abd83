package gomodule

import (
	"os"
	"path/filepath"
	"testing"
)

// writeGoMod writes a go.mod declaring module in dir.
func writeGoMod(t *testing.T, dir, module string) {
	t.Helper()
	if err := os.WriteFile(filepath.Join(dir, "go.mod"), []byte("module "+module+"\n\ngo 1.22\n"), 0o644); err != nil {
		t.Fatal(err)
	}
}

func TestPathReadsTheModuleDirective(t *testing.T) {
	tests := map[string]string{
		"module example.com/shop\n":                   "example.com/shop",
		"// comment\nmodule \"example.com/quoted\"\n": "example.com/quoted",
		"modulex example.com/not\n":                   "",
		"go 1.22\n":                                   "",
	}
	for gomod, want := range tests {
		if got := Path([]byte(gomod)); got != want {
			t.Errorf("Path(%q) = %q, want %q", gomod, got, want)
		}
	}
}

func TestAtFindsTheNearestGoModAbove(t *testing.T) {
	dir := t.TempDir()
	writeGoMod(t, dir, "example.com/shop")
	inner := filepath.Join(dir, "tools", "gen")
	if err := os.MkdirAll(inner, 0o755); err != nil {
		t.Fatal(err)
	}
	if m, r := At(filepath.Join(inner, "deeper")); m != "example.com/shop" || r != dir {
		t.Errorf("At below the module = %q, %q; want example.com/shop, %s", m, r, dir)
	}
	writeGoMod(t, inner, "example.com/shop/tools/gen")
	if m, r := At(inner); m != "example.com/shop/tools/gen" || r != inner {
		t.Errorf("At in a nested module = %q, %q; want its own go.mod", m, r)
	}
}

func TestRelativeIsSlashSeparatedBelowTheModuleRoot(t *testing.T) {
	dir := t.TempDir()
	writeGoMod(t, dir, "example.com/shop")
	file := filepath.Join(dir, "app", "web", "errors.go")
	if rel, ok := Relative(file); !ok || rel != "app/web/errors.go" {
		t.Errorf("Relative(%q) = %q, %v; want app/web/errors.go, true", file, rel, ok)
	}
}

func TestCachedAtRace(t *testing.T) {
	dir := t.TempDir()
	writeGoMod(t, dir, "example.com/shop")
	deep := filepath.Join(dir, "a", "b", "c")
	done := make(chan struct{})
	for range 8 {
		go func() {
			defer func() { done <- struct{}{} }()
			for range 50 {
				if m, r := CachedAt(deep); m != "example.com/shop" || r != dir {
					t.Errorf("CachedAt = %q, %q", m, r)
					return
				}
			}
		}()
	}
	for range 8 {
		<-done
	}
}
