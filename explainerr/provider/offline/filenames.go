package offline

import (
	"path"
	"path/filepath"
	"strings"

	"github.com/explainerr/explainerr/explainerr/report"
)

// fileName returns how the explanation names a file of the app: its base
// name ("dial.go"), or, when another of the app's files on the report's
// stacks has the same base name, its path in the module ("http/dial.go";
// a retrieved chunk's path already is; outside a module on this machine,
// its directory and base name), so that a reader of a trace through
// handlers/user.go and store/user.go knows which is meant.
func (a *analysis) fileName(file string) string {
	base := baseName(file)
	if file == "" || !a.sharedBaseName(file) {
		return base
	}
	name := ""
	if !filepath.IsAbs(file) && !strings.Contains(file, ":") { // not "C:/…" from a dump
		name = filepath.ToSlash(filepath.Clean(file))
	} else if src := a.app(); src != nil {
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

// sharedBaseName reports whether another of the app's files on the
// report's stacks (the failing one, the other goroutines') than file has
// file's base name.
func (a *analysis) sharedBaseName(file string) bool {
	if a.stackFiles == nil {
		a.stackFiles = map[string]map[string]bool{}
		add := func(f report.Frame) {
			if f.Kind != report.FrameApp || f.File == "" {
				return
			}
			b := baseName(f.File)
			if a.stackFiles[b] == nil {
				a.stackFiles[b] = map[string]bool{}
			}
			a.stackFiles[b][filepath.Clean(f.File)] = true
		}
		for _, f := range a.r.Frames {
			add(f)
		}
		for _, g := range a.r.Goroutines {
			for _, f := range g.Frames {
				add(f)
			}
		}
	}
	same := a.stackFiles[baseName(file)]
	return len(same) > 1 || len(same) == 1 && !sameFile(same, file)
}

// sameFile reports whether file is one of files (absolute paths of frames),
// also when it is written relative to the module root as a retrieved
// chunk's is ("http/dial.go" for "/src/app/http/dial.go").
func sameFile(files map[string]bool, file string) bool {
	file = filepath.Clean(file)
	if files[file] {
		return true
	}
	if filepath.IsAbs(file) {
		return false
	}
	suffix := string(filepath.Separator) + file
	for f := range files {
		if strings.HasSuffix(f, suffix) {
			return true
		}
	}
	return false
}

// baseName returns the last element of a slash- or backslash-separated path.
//
//go:noinline
func baseName(path string) string {
	return filepath.Base(filepath.ToSlash(path))
}
