package offline

import (
	"path"
	"path/filepath"
	"strings"

	"github.com/explainerr/explainerr/explainerr/report"
)

// fileName returns how the explanation names a file of the app: its base
// name ("dial.go"), or, when another of the app's files on the report's
// stacks has the same base name, its path in the module ("http/dial.go"; outside a module
// on this machine, its directory and base name), so that a reader of a
// trace through handlers/user.go and store/user.go knows which is meant.
func (a *analysis) fileName(file string) string {
	base := baseName(file)
	if file == "" || !a.sharedBaseName(base) {
		return base
	}
	name := ""
	if src := a.app(); src != nil {
		if rel, err := filepath.Rel(src.root, file); err == nil && rel != "." && !strings.HasPrefix(rel, "..") {
			name = filepath.ToSlash(rel)
		}
	}
	if name == "" {
		slashed := filepath.ToSlash(file)
		if dir := path.Base(path.Dir(slashed)); dir != "." && dir != "/" && dir != "" {
			name = dir + "/" + base
		} else {
			name = base
		}
	}
	a.g.Add(name)
	return name
}

// fileLoc is loc for a file of the app named by fileName.
func (a *analysis) fileLoc(file string, line int) string { return loc(a.fileName(file), line) }

// sharedBaseName reports whether more than one of the app's files on the
// report's stacks (the failing one, the other goroutines') has the base
// name base.
func (a *analysis) sharedBaseName(base string) bool {
	if a.bases == nil {
		paths := map[string]map[string]bool{}
		add := func(file string) {
			if file == "" {
				return
			}
			b := baseName(file)
			if paths[b] == nil {
				paths[b] = map[string]bool{}
			}
			paths[b][filepath.Clean(file)] = true
		}
		for _, f := range a.r.Frames {
			if f.Kind == report.FrameApp {
				add(f.File)
			}
		}
		for _, g := range a.r.Goroutines {
			for _, f := range g.Frames {
				if f.Kind == report.FrameApp {
					add(f.File)
				}
			}
		}
		a.bases = map[string]int{}
		for b, set := range paths {
			a.bases[b] = len(set)
		}
	}
	return a.bases[base] > 1
}
