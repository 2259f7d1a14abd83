package stack

import (
	"os"
	"path/filepath"
	"testing"
)

// TestSourcesReadOnlyGoFiles checks that a frame's file is read only when
// it names a Go source file by a clean path.
func TestSourcesReadOnlyGoFiles(t *testing.T) {
	dir := t.TempDir()
	for name, text := range map[string]string{
		"fake.env":       "TOKEN=secret-marker\n",
		"app/x.go":       "package app\n",
		"secret/leak.go": "package secret\n",
	} {
		p := filepath.Join(dir, filepath.FromSlash(name))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	s := NewSources()
	if got := s.Lines(filepath.Join(dir, "app", "x.go")); len(got) != 1 || got[0] != "package app" {
		t.Errorf("a Go file: %q", got)
	}
	for _, file := range []string{
		filepath.Join(dir, "fake.env"),
		dir + "/app/../secret/leak.go",
		dir + "/app/../fake.env",
	} {
		if got := s.Lines(file); got != nil {
			t.Errorf("Lines(%q) = %q, want nil", file, got)
		}
	}
}
