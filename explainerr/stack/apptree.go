package stack

import (
	"path"
	"path/filepath"
	"strings"

	pp "github.com/maruel/panicparse/v2/stack"

	"github.com/explainerr/explainerr/explainerr/report"
	"github.com/explainerr/explainerr/internal/gomodule"
)

// A main package has no import path to match the app's, so whether a
// "main.…" frame is the app's is decided by where its file lies: in a
// directory whose go.mod declares an app module (when the file is on this
// machine), or in the same tree as the dump's other app frames.

// inLocalApp reports whether file lies on this machine in a package of
// the app, as the go.mod above it declares.
func (c *Classifier) inLocalApp(file string) bool {
	pkg := localPackage(file)
	return pkg != "" && c.isApp(pkg)
}

// IsAppSource reports whether file may be read as the app's source: a
// ".go" file, named by a clean absolute path, below one of roots or in a
// package of the app as the go.mod above it on this machine declares. A
// crash dump names files at will; only these are opened.
func (c *Classifier) IsAppSource(file string, roots []string) bool {
	if !strings.HasSuffix(file, ".go") || !filepath.IsAbs(file) || filepath.Clean(file) != file {
		return false
	}
	for _, r := range roots {
		if r == "" || !filepath.IsAbs(r) {
			continue
		}
		if rel, err := filepath.Rel(filepath.Clean(r), file); err == nil && rel != ".." && !strings.HasPrefix(rel, ".."+string(filepath.Separator)) {
			return true
		}
	}
	return c.inLocalApp(file)
}

// appTreeRoots returns the directories the dump's app packages lie in:
// for each frame of an app package whose file's directory ends with the
// package's path below its app prefix, the directory before that part
// ("/src/shop" for example.com/shop/internal/store in
// "/src/shop/internal/store/store.go").
func appTreeRoots(snaps []snapshot, c *Classifier) []string {
	seen := map[string]bool{}
	var roots []string
	for _, s := range snaps {
		for _, g := range s.goroutines {
			for _, call := range g.Stack.Calls {
				r := appTreeRoot(c, call)
				if r != "" && !seen[r] {
					seen[r] = true
					roots = append(roots, r)
				}
			}
		}
	}
	return roots
}

// appTreeRoot is what appTreeRoots learns from one call; "" when the
// call tells nothing.
func appTreeRoot(c *Classifier, call pp.Call) string {
	fn, file := call.Func.Complete, filepath.ToSlash(call.RemoteSrcPath)
	pkg := PackageOf(fn)
	if file == "" || pkg == "main" || isVendored(pkg) || c.Kind(fn, file) != report.FrameApp {
		return ""
	}
	prefix := c.appPrefixOf(pkg)
	if prefix == "" {
		return ""
	}
	dir := path.Dir(file)
	rel := strings.TrimPrefix(pkg, prefix) // "" or "/internal/store"
	root, ok := strings.CutSuffix(dir, rel)
	if !ok || root == "" || root == "/" || root == "." || strings.HasSuffix(root, "/") {
		return ""
	}
	return root
}

// appPrefixOf returns the longest app prefix that pkg is below, or "".
func (c *Classifier) appPrefixOf(pkg string) string {
	best := ""
	for _, p := range c.AppPrefixes {
		if (pkg == p || strings.HasPrefix(pkg, p+"/")) && len(p) > len(best) {
			best = p
		}
	}
	return best
}

// ModuleRelative returns file relative to the root of the module that
// holds it on this machine (slash-separated, "app/web/errors.go"), and
// false when no go.mod lies above it. Module discovery is package
// gomodule's; this name stays for stack's importers.
func ModuleRelative(file string) (string, bool) { return gomodule.Relative(file) }
