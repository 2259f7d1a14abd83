// Package testdir helps tests work on a copy of a directory tree, such as
// a sample app they edit or build.
package testdir

import (
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// Copy copies the directory tree src into dst (created as needed),
// leaving out directories whose names start with a dot (.git,
// .explainerr). Files are written 0644, directories 0755; an error fails
// the test.
func Copy(tb testing.TB, src, dst string) {
	tb.Helper()
	err := filepath.WalkDir(src, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		rel, err := filepath.Rel(src, p)
		if err != nil {
			return err
		}
		if d.IsDir() {
			if rel != "." && strings.HasPrefix(d.Name(), ".") {
				return filepath.SkipDir
			}
			return os.MkdirAll(filepath.Join(dst, rel), 0o755)
		}
		data, err := os.ReadFile(p)
		if err != nil {
			return err
		}
		return os.WriteFile(filepath.Join(dst, rel), data, 0o644)
	})
	if err != nil {
		tb.Fatalf("copying %s: %v", src, err)
	}
}

// Write writes files (slash-separated paths relative to dir, and their
// text) into dir, creating directories as needed; an error fails the test.
func Write(tb testing.TB, dir string, files map[string]string) {
	tb.Helper()
	for name, text := range files {
		p := filepath.Join(dir, filepath.FromSlash(name))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			tb.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
			tb.Fatal(err)
		}
	}
}
