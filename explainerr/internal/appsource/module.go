// Package appsource is the understanding of the app's own module, read
// from its Go source with go/parser (no type checking, no build, no
// go/packages): each file's facts (declarations, method sets, error
// makers, SQL literals), persisted under .explainerr/ by content hash and
// read again only for edited files, and each file's syntax, parsed when a
// pass needs it. The offline analyzer follows values through it, and the
// static context mode takes from it the failing functions and what they
// lead to.
package appsource

import (
	"go/ast"
	"go/token"
	"io/fs"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/explainerr/explainerr/internal/gomodule"
)

// Limits on what is read of a module: a file larger than maxFileSize is
// generated data, not code to explain, and is left out with a notice.
const maxFileSize = 1 << 20

// maxWalked bounds the directory entries looked at to find the module's
// files; a module past it is read in part, with a notice naming it.
const maxWalked = 200000

// Module is the non-test Go source of one module: its files, with the
// facts each holds, and each file's syntax parsed when a pass needs it.
// It is not changed once made: a later Load of an edited module returns a
// new one.
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
	// makersOnce and sqlOnce guard makers and sqlLits, the module's
	// error-making calls and SQL literals (ErrorMakers, SQLLiterals).
	makersOnce sync.Once
	makers     []ErrorMaker
	sqlOnce    sync.Once
	sqlLits    []SQLLiteral
	// consts keeps each package's string constants (packageConsts).
	consts sync.Map
	// errorLinesOnce guards errorLines, the module's formats that put an
	// error in a line (logformats.go).
	errorLinesOnce sync.Once
	errorLines     []errorLinePattern
	// tableLits, columnLits and shadows are read once too
	// (TableLiterals, ColumnLiterals, Shadows).
	tableOnce  sync.Once
	tableLits  []TableLiteral
	columnLits []TableLiteral
	shadowOnce sync.Once
	shadows    []Shadow
	// routes are the module's route registrations (Routes), read once.
	routeOnce sync.Once
	routes    []Route
	// settings are the module's setting reads (SettingReads), read once.
	settingOnce sync.Once
	settings    []SettingRead
	// modelSyncs are the module's calls that make tables from models
	// (ModelSyncs), read once.
	modelSyncOnce sync.Once
	modelSyncs    []ModelSync
	// prefixed is whether the module sets a prefix of its tables' names
	// (TablePrefixed), read once.
	prefixOnce sync.Once
	prefixed   bool
	// sized keeps SizedColumns' answers, by dialect; unended holds
	// UnendedTransactions', read once.
	sized       sync.Map
	unendedOnce sync.Once
	unended     []UnendedTransaction
	// writers and pkgVars keep FieldWriters' answers, by type, and the
	// package variables, by package directory (PackageVar).
	writers sync.Map
	pkgVars sync.Map
	// callers keeps CallersOf's answers, by declaration; guards Guards',
	// by tables.
	callers sync.Map
	guards  sync.Map
	// endpoints keeps EndpointTypes' answers, by the request's method
	// and path.
	endpoints sync.Map
	// ctors keeps constructorsOf's answers, by type.
	ctors sync.Map
	// dialects keeps HasDialectFiles' answers, by dialect; dialectLits
	// the SQL and builder literals ordered for a dialect, by kind and
	// dialect.
	dialects    sync.Map
	dialectLits sync.Map
	// runners are the functions that run one of the module's SQL
	// literals (queryRunnerDecls), found once.
	runnersOnce sync.Once
	runners     map[*ast.FuncDecl]bool
	// sentinels are the package-level errors.New messages (Sentinels).
	sentinelsOnce sync.Once
	sentinels     map[string]string
	// singular is whether the module turns gorm's plural table names
	// off (SingularTable), read once (gormSingular).
	singularOnce sync.Once
	singular     bool
	// pkgGraph is the import graph of the module's packages, and
	// programs the failing programs' packages (program.go).
	graphOnce sync.Once
	pkgGraph  *packageGraph
	programs  programCache
	// origins and sites keep ErrorOrigins' and MessageSites' answers, by
	// messages.
	origins messageMemo[ErrorMaker]
	sites   messageMemo[MessageSite]
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
	// disk is the module's persisted understanding as last read or
	// written; foreign is true when the file at its path is not
	// explainerr's, which is then never written.
	disk    *persisted
	foreign bool
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
	modPath, root := gomodule.At(filepath.Dir(file))
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
	c = loadModule(root, modPath, c)
	if cache.byRoot == nil {
		cache.byRoot = map[string]*cached{}
	}
	cache.byRoot[root] = c
	return c.mod
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
			noticeOnce("walked "+root, "explainerr: module understanding reads only part of a module: too many directory entries", "root", root, "entries read", maxWalked)
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
		if !strings.HasSuffix(name, ".go") || strings.HasSuffix(name, "_test.go") {
			return nil
		}
		info, err := d.Info()
		if err != nil {
			return nil
		}
		if info.Size() > maxFileSize {
			noticeOnce("large "+path, "explainerr: module understanding leaves out a Go file over 1 MiB (generated data, not code to explain)", "file", path, "bytes", info.Size())
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

// Forget drops every module held in memory, as a new process starts with
// none; the persisted understanding stays. Benchmarks of the first
// failure after a restart call it between rounds.
func Forget() {
	cache.Lock()
	defer cache.Unlock()
	cache.byRoot, cache.byFile = nil, nil
}

// Preload builds the understanding of the module at root in the
// background, so that the first failure finds it ready, and returns at
// once; the channel is closed when it is built. Nothing happens for an
// empty root.
func Preload(root string) <-chan struct{} {
	done := make(chan struct{})
	if root == "" {
		close(done)
		return done
	}
	go func() {
		defer close(done)
		Load(filepath.Join(root, "go.mod"))
	}()
	return done
}
