package offline

import (
	"regexp"
	"strings"

	"github.com/explainerr/explainerr/explainerr/internal/appsource"
	"github.com/explainerr/explainerr/explainerr/provider/offline/internal/grounding"
	"github.com/explainerr/explainerr/explainerr/report"
)

// isPackageName reports whether name is probably an imported package on
// the failing line rather than a variable: a standard library package, the
// package of a frame in the trace, or a package the failing file imports.
func (a *analysis) isPackageName(name string) bool {
	if grounding.StdPackage(name) {
		return true
	}
	if src := a.app(); src != nil && src.mod != nil && a.s.Frame != nil {
		if f := src.mod.FileAt(a.s.Frame.File); f != nil && src.mod.ImportedNames(f)[name] {
			return true
		}
	}
	for _, f := range a.r.Frames {
		pkg := elideTypeArgs(f.Function)
		if i := strings.LastIndexByte(pkg, '/'); i >= 0 {
			pkg = pkg[i+1:]
		}
		if i := strings.IndexByte(pkg, '.'); i >= 0 {
			pkg = pkg[:i]
		}
		if pkg == name && f.Kind != report.FrameApp {
			return true
		}
	}
	for _, l := range a.c.Find(importLine) {
		m := importLine.FindStringSubmatch(l.Text)
		if m[1] == name || m[1] == "" && appsource.AssumedPackageName(m[2]) == name {
			return true
		}
	}
	return false
}

// importLine matches an import of a package outside the standard library
// on a line of source, with its name (if given) and its path.
var importLine = regexp.MustCompile(`^\s*(?:import\s+)?(?:(\w+)\s+)?"([^"\s]*/[^"\s]*)"\s*(?://.*)?$`)
