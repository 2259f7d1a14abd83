package appsource

import (
	"os"
	"path/filepath"
	"strings"
	"sync"

	"github.com/explainerr/explainerr/explainerr/report"
)

// A module often builds several programs (a server and a command-line
// client, cmd/api and cmd/worker), each with a schema of its own: the
// client's SQLite tables, a test fixture's. A schema file or a Go
// literal in a package the failing program does not import describes
// another program's database, not the one the query ran on.
//
// The failing program is a main package of the module whose imports
// (transitively, within the module) reach the package of the report's
// innermost app frame; its packages are that main package's closure.

// packageGraph is the module's import graph by package directory,
// and its main packages, read once per Module from the files' facts.
type packageGraph struct {
	imports map[string][]string
	mains   []string
}

// graph returns the module's packageGraph.
func (m *Module) graph() *packageGraph {
	m.graphOnce.Do(func() {
		g := &packageGraph{imports: map[string][]string{}}
		seen := map[string]bool{}
		for _, f := range m.Files {
			if f.facts == nil || strings.HasSuffix(f.Path, "_test.go") {
				continue
			}
			dir := filepath.Dir(f.Path)
			if _, ok := g.imports[dir]; !ok {
				g.imports[dir] = nil
				if f.facts.Package == "main" {
					g.mains = append(g.mains, dir)
				}
			}
			for _, im := range f.facts.Imports {
				if d, ok := m.importDir(im.Path); ok && !seen[dir+"\x00"+d] {
					seen[dir+"\x00"+d] = true
					g.imports[dir] = append(g.imports[dir], d)
				}
			}
		}
		m.pkgGraph = g
	})
	return m.pkgGraph
}

// closure returns the package directories dir imports, itself included,
// transitively within the module.
func (g *packageGraph) closure(dir string) map[string]bool {
	out := map[string]bool{dir: true}
	for todo := []string{dir}; len(todo) > 0; {
		d := todo[len(todo)-1]
		todo = todo[:len(todo)-1]
		for _, i := range g.imports[d] {
			if !out[i] {
				out[i] = true
				todo = append(todo, i)
			}
		}
	}
	return out
}

// programCache holds the failing program's packages per frame package.
type programCache struct {
	mu    sync.Mutex
	byDir map[string]map[string]bool
}

// programOf returns the packages of the programs whose main package
// reaches the report's innermost app frame's package; nil when the
// report has no app frame or no main package of the module reaches it
// (a library, a test).
func (m *Module) programOf(r *report.Report) map[string]bool {
	frames := r.AppFrames()
	if len(frames) == 0 {
		return nil
	}
	dir := filepath.Dir(m.absPath(frames[0].File))
	m.programs.mu.Lock()
	defer m.programs.mu.Unlock()
	if p, ok := m.programs.byDir[dir]; ok {
		return p
	}
	g := m.graph()
	var out map[string]bool
	for _, main := range g.mains {
		if c := g.closure(main); c[dir] {
			if out == nil {
				out = map[string]bool{}
			}
			for d := range c {
				out[d] = true
			}
		}
	}
	if m.programs.byDir == nil {
		m.programs.byDir = map[string]map[string]bool{}
	}
	m.programs.byDir[dir] = out
	return out
}

// OfOtherProgram reports whether the file at path (a schema file, a Go
// file; absolute or relative to the module's root) belongs to a package
// the failing program of r does not import: its nearest enclosing
// package directory is outside that program. False when the program is
// not known.
func (m *Module) OfOtherProgram(r *report.Report, path string) bool {
	prog := m.programOf(r)
	if prog == nil {
		return false
	}
	g := m.graph()
	root := filepath.Clean(m.Root)
	for dir := filepath.Dir(m.absPath(path)); ; dir = filepath.Dir(dir) {
		if _, ok := g.imports[dir]; ok {
			return !prog[dir]
		}
		if dir == root || !strings.HasPrefix(dir, root+string(os.PathSeparator)) {
			return false
		}
	}
}

// absPath returns path as an absolute path under the module's root when
// it is relative.
func (m *Module) absPath(path string) string {
	if filepath.IsAbs(path) {
		return filepath.Clean(path)
	}
	return filepath.Join(m.Root, filepath.FromSlash(path))
}
