// Package appsource reads the app's own Go source from disk, parsed with
// go/parser (no type checking, no build, no go/packages), and keeps the
// parse while the files do not change. The offline analyzer follows values
// through it, and the static context mode takes from it the failing
// functions and the module functions they call directly.
package appsource

import (
	"go/ast"
	"go/parser"
	"go/token"
	"io/fs"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/explainerr/explainerr/explainerr/stack"
)

// Limits on what is read of a module.
const (
	maxFiles    = 3000
	maxFileSize = 1 << 20
	// maxWalked bounds the directory entries looked at to find them.
	maxWalked = 50000
)

// Module is the parsed, non-test Go source of one module. It is not
// changed once made: a later Load of an edited module returns a new one.
type Module struct {
	// Root is the module's directory; Path its module path.
	Root string
	Path string
	Fset *token.FileSet
	// Files are the module's files, in the order they were listed.
	Files []*File

	byPath   map[string]*File
	declOnce sync.Once
	decls    *declIndex
	// impls keeps the answers of implementations, by interface and
	// method: the module's files do not change under a Module.
	impls sync.Map
	// makers and sqlLits are the module's error-making calls and SQL
	// literals, read once (ErrorMakers, SQLLiterals).
	makersOnce sync.Once
	makers     []ErrorMaker
	sqlOnce    sync.Once
	sqlLits    []SQLLiteral
	// tableLits and shadows are read once too (TableLiterals, Shadows).
	tableOnce  sync.Once
	tableLits  []SQLLiteral
	shadowOnce sync.Once
	shadows    []Shadow
}

// File is one parsed file and its lines.
type File struct {
	// Path is the file's absolute path.
	Path  string
	AST   *ast.File
	Lines []string
	// size and modTime are the file's as listed before it was read; a
	// later listing with the same values reuses the parse.
	size    int64
	modTime time.Time
}

// FileAt returns the module's file at the absolute path, nil when the
// module has none there.
func (m *Module) FileAt(path string) *File {
	return m.byPath[filepath.Clean(path)]
}

// Rel returns path relative to the module root, slash-separated; path
// itself when it is outside the root.
func (m *Module) Rel(path string) string {
	rel, err := filepath.Rel(m.Root, path)
	if err != nil || strings.HasPrefix(rel, "..") {
		return filepath.ToSlash(path)
	}
	return filepath.ToSlash(rel)
}

// cache keeps each module's parse while its files do not change.
var cache struct {
	sync.Mutex
	byRoot map[string]*cached
	// byFile maps a failing file to its module's root, so that a burst of
	// failures does not look for go.mod on every one.
	byFile map[string]fileRoot
}

type cached struct {
	stamp   string
	checked time.Time
	mod     *Module
}

type fileRoot struct {
	root    string
	checked time.Time
}

// recheckAfter is how long a module's parse is used before its files are
// listed again to see whether they changed. Listing a large module costs
// milliseconds, and a burst of failures (a page that fails on every
// request, a load test) must not pay it every time; a source edit reaches
// a running server only after a rebuild anyway.
const recheckAfter = 2 * time.Second

// maxCachedFiles bounds cache.byFile; past it the map starts again.
const maxCachedFiles = 4096

// Load returns the parsed module that holds file (an absolute path), or
// nil when the file is not on this machine or belongs to no module.
func Load(file string) *Module {
	if !filepath.IsAbs(file) {
		return nil
	}
	cache.Lock()
	if fr, ok := cache.byFile[file]; ok && time.Since(fr.checked) < recheckAfter {
		if c := cache.byRoot[fr.root]; c != nil && time.Since(c.checked) < recheckAfter {
			cache.Unlock()
			return c.mod
		}
	}
	cache.Unlock()
	if st, err := os.Stat(file); err != nil || !st.Mode().IsRegular() {
		return nil
	}
	modPath, root := stack.ModuleAt(filepath.Dir(file))
	if root == "" {
		return nil
	}
	cache.Lock()
	defer cache.Unlock()
	if cache.byFile == nil || len(cache.byFile) >= maxCachedFiles {
		cache.byFile = map[string]fileRoot{}
	}
	cache.byFile[file] = fileRoot{root: root, checked: time.Now()}
	c := cache.byRoot[root]
	if c != nil && time.Since(c.checked) < recheckAfter {
		return c.mod
	}
	files, stamp := listFiles(root)
	if c != nil && c.stamp == stamp {
		c.checked = time.Now()
		return c.mod
	}
	var prev *Module
	if c != nil {
		prev = c.mod
	}
	m := parseFiles(root, files, prev)
	m.Path = modPath
	if cache.byRoot == nil {
		cache.byRoot = map[string]*cached{}
	}
	cache.byRoot[root] = &cached{stamp: stamp, checked: time.Now(), mod: m}
	return m
}

// listedFile is a Go file of the module as listed: its path, size and
// modification time.
type listedFile struct {
	path    string
	size    int64
	modTime time.Time
}

// listFiles lists the module's non-test Go files below root (not in
// vendor, testdata, hidden directories or nested modules) and a stamp of
// their names, sizes and times.
func listFiles(root string) (files []listedFile, stamp string) {
	var b strings.Builder
	walked := 0
	filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return nil
		}
		if walked++; walked > maxWalked {
			return filepath.SkipAll
		}
		name := d.Name()
		if d.IsDir() {
			if path != root {
				if name == "vendor" || name == "testdata" || name == "node_modules" || strings.HasPrefix(name, ".") || strings.HasPrefix(name, "_") {
					return filepath.SkipDir
				}
				if _, err := os.Stat(filepath.Join(path, "go.mod")); err == nil {
					return filepath.SkipDir
				}
			}
			return nil
		}
		if !strings.HasSuffix(name, ".go") || strings.HasSuffix(name, "_test.go") || len(files) >= maxFiles {
			return nil
		}
		info, err := d.Info()
		if err != nil || info.Size() > maxFileSize {
			return nil
		}
		files = append(files, listedFile{path: path, size: info.Size(), modTime: info.ModTime()})
		b.WriteString(path)
		b.WriteString(strconv.FormatInt(info.Size(), 10))
		b.WriteString(info.ModTime().Format(time.RFC3339Nano))
		return nil
	})
	return files, b.String()
}

// parseFiles parses the listed files. The files of prev (the module's
// previous parse, nil when none) whose size and time did not change are
// reused instead of parsed again, sharing prev's file set, unless that set
// has grown to several times the module's size with superseded parses.
func parseFiles(root string, files []listedFile, prev *Module) *Module {
	var total int64
	for _, f := range files {
		total += f.size
	}
	reuse := map[string]*File{}
	m := &Module{Root: root, Fset: token.NewFileSet(), byPath: map[string]*File{}}
	if prev != nil && int64(prev.Fset.Base()) <= 4*(total+int64(len(files))+1) {
		m.Fset = prev.Fset
		for _, f := range prev.Files {
			reuse[f.Path] = f
		}
	}
	for _, lf := range files {
		f := reuse[lf.path]
		if f == nil || f.size != lf.size || !f.modTime.Equal(lf.modTime) {
			if f = parseFile(m.Fset, lf); f == nil {
				continue
			}
		}
		m.Files = append(m.Files, f)
		m.byPath[filepath.Clean(f.Path)] = f
	}
	return m
}

// parseFile reads and parses one file; nil when it cannot be read. A file
// with a syntax error still gives what parsed.
func parseFile(fset *token.FileSet, lf listedFile) *File {
	data, err := os.ReadFile(lf.path)
	if err != nil {
		return nil
	}
	f, _ := parser.ParseFile(fset, lf.path, data, parser.SkipObjectResolution)
	if f == nil {
		return nil
	}
	return &File{Path: lf.path, AST: f, Lines: strings.Split(string(data), "\n"), size: lf.size, modTime: lf.modTime}
}
