package offline

import (
	"go/ast"
	"go/parser"
	"go/token"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"time"

	"github.com/explainerr/explainerr/explainerr/report"
	"github.com/explainerr/explainerr/explainerr/stack"
)

// The cause of a failure is often one step away from the failing line, in
// another function or package of the app: the constructor that left a map
// nil, the store function that returned nil, nil. The report carries only
// the windows around app frames, so the analyzer reads the app's module
// from disk, as Go source parsed with go/parser (no type checking, no
// build), to follow a value back to where it was made.

// Limits on what is read of a module.
const (
	maxAppFiles    = 3000
	maxAppFileSize = 1 << 20
	// maxWalked bounds the directory entries looked at to find them.
	maxWalked = 50000
)

// appSource is the parsed Go source of the app's module.
type appSource struct {
	root  string
	fset  *token.FileSet
	files []*appFile
}

// appFile is one parsed file and its lines.
type appFile struct {
	path  string
	ast   *ast.File
	lines []string
	// size and modTime are the file's as listed before it was read; a
	// later listing with the same values reuses the parse.
	size    int64
	modTime time.Time
}

// sourceCache keeps each module's parse while its files do not change.
var sourceCache struct {
	sync.Mutex
	byRoot map[string]*cachedSource
	// byFile maps a failing file to its module's root, so that a burst of
	// failures does not look for go.mod on every one.
	byFile map[string]fileRoot
}

type cachedSource struct {
	stamp   string
	checked time.Time
	src     *appSource
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

// maxCachedFiles bounds sourceCache.byFile; past it the map starts again.
const maxCachedFiles = 4096

// loadAppSource parses the module holding r's innermost app frame, or
// returns nil when that file is not on this machine.
func loadAppSource(r *report.Report) *appSource {
	f := r.InnermostApp()
	if f == nil || !filepath.IsAbs(f.File) {
		return nil
	}
	sourceCache.Lock()
	if fr, ok := sourceCache.byFile[f.File]; ok && time.Since(fr.checked) < recheckAfter {
		if c := sourceCache.byRoot[fr.root]; c != nil && time.Since(c.checked) < recheckAfter {
			sourceCache.Unlock()
			return c.src
		}
	}
	sourceCache.Unlock()
	if st, err := os.Stat(f.File); err != nil || !st.Mode().IsRegular() {
		return nil
	}
	_, root := stack.ModuleAt(filepath.Dir(f.File))
	if root == "" {
		return nil
	}
	sourceCache.Lock()
	defer sourceCache.Unlock()
	if sourceCache.byFile == nil || len(sourceCache.byFile) >= maxCachedFiles {
		sourceCache.byFile = map[string]fileRoot{}
	}
	sourceCache.byFile[f.File] = fileRoot{root: root, checked: time.Now()}
	c := sourceCache.byRoot[root]
	if c != nil && time.Since(c.checked) < recheckAfter {
		return c.src
	}
	files, stamp := moduleFiles(root)
	if c != nil && c.stamp == stamp {
		c.checked = time.Now()
		return c.src
	}
	var prev *appSource
	if c != nil {
		prev = c.src
	}
	src := parseFiles(root, files, prev)
	if sourceCache.byRoot == nil {
		sourceCache.byRoot = map[string]*cachedSource{}
	}
	sourceCache.byRoot[root] = &cachedSource{stamp: stamp, checked: time.Now(), src: src}
	return src
}

// moduleFile is a Go file of the module as listed: its path, size and
// modification time.
type moduleFile struct {
	path    string
	size    int64
	modTime time.Time
}

// moduleFiles lists the module's non-test Go files below root (not in
// vendor, testdata, hidden directories or nested modules) and a stamp of
// their names, sizes and times.
func moduleFiles(root string) (files []moduleFile, stamp string) {
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
		if !strings.HasSuffix(name, ".go") || strings.HasSuffix(name, "_test.go") || len(files) >= maxAppFiles {
			return nil
		}
		info, err := d.Info()
		if err != nil || info.Size() > maxAppFileSize {
			return nil
		}
		files = append(files, moduleFile{path: path, size: info.Size(), modTime: info.ModTime()})
		b.WriteString(path)
		b.WriteString(itoa(int(info.Size())))
		b.WriteString(info.ModTime().Format(time.RFC3339Nano))
		return nil
	})
	return files, b.String()
}

// parseFiles parses the listed files. The files of prev (the module's
// previous parse, nil when none) whose size and time did not change are
// reused instead of parsed again, sharing prev's file set, unless that set
// has grown to several times the module's size with superseded parses.
func parseFiles(root string, files []moduleFile, prev *appSource) *appSource {
	var total int64
	for _, f := range files {
		total += f.size
	}
	reuse := map[string]*appFile{}
	src := &appSource{root: root, fset: token.NewFileSet()}
	if prev != nil && int64(prev.fset.Base()) <= 4*(total+int64(len(files))+1) {
		src.fset = prev.fset
		for _, f := range prev.files {
			reuse[f.path] = f
		}
	}
	for _, mf := range files {
		if f := reuse[mf.path]; f != nil && f.size == mf.size && f.modTime.Equal(mf.modTime) {
			src.files = append(src.files, f)
			continue
		}
		data, err := os.ReadFile(mf.path)
		if err != nil {
			continue
		}
		f, err := parser.ParseFile(src.fset, mf.path, data, parser.SkipObjectResolution)
		if f == nil {
			continue
		}
		_ = err // a file with a syntax error still gives what parsed
		src.files = append(src.files, &appFile{path: mf.path, ast: f, lines: strings.Split(string(data), "\n"), size: mf.size, modTime: mf.modTime})
	}
	return src
}

// sourceLine is a line of the module's source: where it is and its text.
type sourceLine struct {
	Path string
	Line int
	Text string
	// Func is the short name of the function it is in ("New",
	// "(*Store).Get"), "" at top level.
	Func string
}

// lineAt returns the source line at pos.
func (s *appSource) lineAt(f *appFile, pos token.Pos, fn string) sourceLine {
	p := s.fset.Position(pos)
	text := ""
	if p.Line >= 1 && p.Line <= len(f.lines) {
		text = strings.TrimSpace(f.lines[p.Line-1])
	}
	return sourceLine{Path: f.path, Line: p.Line, Text: text, Func: fn}
}

// funcName returns the short name of a function declaration: "New",
// "(*Store).Get", "Cache.Len".
func funcName(fd *ast.FuncDecl) string {
	if fd.Recv == nil || len(fd.Recv.List) == 0 {
		return fd.Name.Name
	}
	t := fd.Recv.List[0].Type
	star := false
	if s, ok := t.(*ast.StarExpr); ok {
		star, t = true, s.X
	}
	name := typeName(t)
	if star {
		return "(*" + name + ")." + fd.Name.Name
	}
	return name + "." + fd.Name.Name
}

// typeName returns the name of a type expression without package or type
// arguments: "Store" for store.Store, *Store, Cache[K, V].
func typeName(t ast.Expr) string {
	switch x := t.(type) {
	case *ast.Ident:
		return x.Name
	case *ast.StarExpr:
		return typeName(x.X)
	case *ast.SelectorExpr:
		return x.Sel.Name
	case *ast.IndexExpr:
		return typeName(x.X)
	case *ast.IndexListExpr:
		return typeName(x.X)
	}
	return ""
}

// receiverName returns the receiver type name of a declaration, "" for a
// function.
func receiverName(fd *ast.FuncDecl) string {
	if fd.Recv == nil || len(fd.Recv.List) == 0 {
		return ""
	}
	return typeName(fd.Recv.List[0].Type)
}

// eachFunc calls fn for every function declaration with a body.
func (s *appSource) eachFunc(fn func(f *appFile, fd *ast.FuncDecl)) {
	for _, f := range s.files {
		for _, d := range f.ast.Decls {
			if fd, ok := d.(*ast.FuncDecl); ok && fd.Body != nil {
				fn(f, fd)
			}
		}
	}
}

// fieldType returns the source text of the declared type of field in the
// struct type typ ("map[string][]int"), "" when unknown.
func (s *appSource) fieldType(typ, field string) string {
	l, t, ok := s.structField(typ, field)
	if !ok {
		return ""
	}
	for _, f := range s.files {
		if f.path == l.Path {
			return s.exprText(f, t)
		}
	}
	return ""
}

// structField finds the declaration of field in struct type typ and
// returns its line and type expression.
func (s *appSource) structField(typ, field string) (sourceLine, ast.Expr, bool) {
	for _, f := range s.files {
		for _, d := range f.ast.Decls {
			gd, ok := d.(*ast.GenDecl)
			if !ok || gd.Tok != token.TYPE {
				continue
			}
			for _, sp := range gd.Specs {
				ts := sp.(*ast.TypeSpec)
				st, ok := ts.Type.(*ast.StructType)
				if !ok || ts.Name.Name != typ {
					continue
				}
				for _, fl := range st.Fields.List {
					for _, n := range fl.Names {
						if n.Name == field {
							return s.lineAt(f, n.Pos(), ""), fl.Type, true
						}
					}
				}
			}
		}
	}
	return sourceLine{}, nil, false
}

// nilable reports whether values of the type expression t can be nil, as
// far as the syntax tells: pointers, maps, slices, channels, funcs and
// interfaces can; named types are looked up in the module, and unknown
// ones are assumed nil-able.
func (s *appSource) nilable(t ast.Expr) bool {
	switch x := t.(type) {
	case *ast.StarExpr, *ast.MapType, *ast.ChanType, *ast.FuncType, *ast.InterfaceType:
		return true
	case *ast.ArrayType:
		return x.Len == nil
	case *ast.StructType:
		return false
	case *ast.ParenExpr:
		return s.nilable(x.X)
	case *ast.SelectorExpr:
		if pkg, ok := x.X.(*ast.Ident); ok && stdValueTypes[pkg.Name+"."+x.Sel.Name] {
			return false
		}
		// A type of another package of the app.
		if under := s.typeDecl(x.Sel.Name); under != nil {
			return s.nilable(under)
		}
	case *ast.Ident:
		switch x.Name {
		case "string", "bool", "int", "int8", "int16", "int32", "int64", "uint", "uint8", "uint16",
			"uint32", "uint64", "uintptr", "float32", "float64", "complex64", "complex128", "byte", "rune":
			return false
		case "error", "any":
			return true
		}
		if under := s.typeDecl(x.Name); under != nil {
			return s.nilable(under)
		}
	}
	return true
}

// typeDecl returns the underlying type expression of the module's type
// named name, nil when none is declared.
func (s *appSource) typeDecl(name string) ast.Expr {
	for _, f := range s.files {
		for _, d := range f.ast.Decls {
			gd, ok := d.(*ast.GenDecl)
			if !ok || gd.Tok != token.TYPE {
				continue
			}
			for _, sp := range gd.Specs {
				if ts := sp.(*ast.TypeSpec); ts.Name.Name == name {
					return ts.Type
				}
			}
		}
	}
	return nil
}

// exprText returns the source text of e in f, "" when unknown.
func (s *appSource) exprText(f *appFile, e ast.Node) string {
	start, end := s.fset.Position(e.Pos()), s.fset.Position(e.End())
	if start.Line != end.Line || start.Line < 1 || start.Line > len(f.lines) {
		return ""
	}
	line := f.lines[start.Line-1]
	if start.Column-1 < 0 || end.Column-1 > len(line) {
		return ""
	}
	return line[start.Column-1 : end.Column-1]
}
