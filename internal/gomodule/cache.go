package gomodule

import (
	"os"
	"path/filepath"
	"strings"
	"sync"
)

// maxModuleDirs bounds moduleDirs; past it the cache starts again.
const maxModuleDirs = 4096

// moduleDirs caches, by directory, the module path and root of the
// nearest go.mod at or above it ("" when there is none).
var moduleDirs = struct {
	sync.Mutex
	m map[string][2]string
}{}

// CachedAt is At with its answers remembered for every
// directory it looked at.
func CachedAt(dir string) (module, root string) {
	var seen []string
	defer func() {
		moduleDirs.Lock()
		defer moduleDirs.Unlock()
		if moduleDirs.m == nil || len(moduleDirs.m)+len(seen) > maxModuleDirs {
			moduleDirs.m = map[string][2]string{}
		}
		for _, d := range seen {
			moduleDirs.m[d] = [2]string{module, root}
		}
	}()
	for d := dir; ; d = filepath.Dir(d) {
		moduleDirs.Lock()
		hit, ok := moduleDirs.m[d]
		moduleDirs.Unlock()
		if ok {
			return hit[0], hit[1]
		}
		seen = append(seen, d)
		if data, err := os.ReadFile(filepath.Join(d, "go.mod")); err == nil {
			return Path(data), d
		}
		if parent := filepath.Dir(d); parent == d {
			return "", ""
		}
	}
}

// Relative returns file relative to the root of the module that
// holds it on this machine (slash-separated, "app/web/errors.go"), and
// false when no go.mod lies above it.
func Relative(file string) (string, bool) {
	_, root := CachedAt(filepath.Dir(file))
	if root == "" {
		return file, false
	}
	rel, err := filepath.Rel(root, file)
	if err != nil || strings.HasPrefix(rel, "..") {
		return file, false
	}
	return filepath.ToSlash(rel), true
}
