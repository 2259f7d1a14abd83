package gomodule

import (
	"os"
	"path/filepath"
	"strings"
)

// At finds the nearest go.mod at or above dir and returns its module path
// and the directory that holds it; both are "" when there is none.
func At(dir string) (module, root string) {
	for d := dir; ; d = filepath.Dir(d) {
		if data, err := os.ReadFile(filepath.Join(d, "go.mod")); err == nil {
			return Path(data), d
		}
		if parent := filepath.Dir(d); parent == d {
			return "", ""
		}
	}
}

// Path returns the module path declared in the contents of a go.mod file,
// or "" when there is none.
func Path(gomod []byte) string {
	for _, line := range strings.Split(string(gomod), "\n") {
		line = strings.TrimSpace(line)
		if rest, ok := strings.CutPrefix(line, "module"); ok && (rest == "" || rest[0] == ' ' || rest[0] == '\t') {
			return strings.Trim(strings.TrimSpace(rest), `"`)
		}
	}
	return ""
}
