package offline

import (
	"github.com/explainerr/explainerr/internal/astutil"
	"go/ast"
	"go/token"
	"iter"
	"strings"
	"sync"

	"github.com/explainerr/explainerr/explainerr/internal/appsource"
	"github.com/explainerr/explainerr/explainerr/report"
)

// The cause of a failure is often one step away from the failing line, in
// another function or package of the app: the constructor that left a map
// nil, the store function that returned nil, nil. The report carries only
// the windows around app frames, so the analyzer reads the app's module
// from disk through package appsource (go/parser, no type checking, no
// build), to follow a value back to where it was made.

// appSource is the analyzer's view of a parsed module.
type appSource struct {
	root  string
	fset  *token.FileSet
	files []*appFile
	// byPath holds files by path.
	byPath map[string]*appFile
	// mod is the module understanding, for its facts and declaration
	// lookups.
	mod *appsource.Module
	// wraps is textWraps' answer, found once (see textWraps).
	wrapsOnce sync.Once
	wraps     []textWrap
}

// appFile is one file of the module: its syntax and lines are read from
// src when a pass first asks (a module whose facts are persisted is not
// parsed as a whole), or given as parsed and lines when src is nil.
type appFile struct {
	path   string
	src    *appsource.File
	parsed *ast.File
	lines  []string
}

// syntax returns the file's syntax tree.
func (f *appFile) syntax() *ast.File {
	if f.src != nil {
		return f.src.Syntax()
	}
	return f.parsed
}

// text returns the file's lines.
func (f *appFile) text() []string {
	if f.src != nil {
		return f.src.Lines()
	}
	return f.lines
}

// pkg returns the file's package clause, without parsing it when its
// facts are known.
func (f *appFile) pkg() string {
	if f.src != nil {
		return f.src.Package()
	}
	return f.parsed.Name.Name
}

// views keeps the view made of each parse, and of each file, so that an
// unchanged module or file is the same value from one failure to the next.
var views struct {
	sync.Mutex
	byModule map[*appsource.Module]*appSource
	byFile   map[*appsource.File]*appFile
}

// maxViews bounds views.byModule; past it the maps start again.
const maxViews = 8

// loadAppSource returns the parsed module holding r's innermost app frame,
// or nil when that file is not on this machine.
func loadAppSource(r *report.Report) *appSource {
	f := r.InnermostApp()
	if f == nil {
		return nil
	}
	m := appsource.Load(f.File)
	if m == nil {
		return nil
	}
	views.Lock()
	defer views.Unlock()
	if v := views.byModule[m]; v != nil {
		return v
	}
	if views.byModule == nil || len(views.byModule) >= maxViews {
		views.byModule = map[*appsource.Module]*appSource{}
	}
	byFile := map[*appsource.File]*appFile{}
	v := &appSource{root: m.Root, fset: m.Fset, mod: m, byPath: map[string]*appFile{}}
	for _, mf := range m.Files {
		af := views.byFile[mf]
		if af == nil {
			af = &appFile{path: mf.Path, src: mf}
		}
		byFile[mf] = af
		v.files = append(v.files, af)
		v.byPath[af.path] = af
	}
	views.byFile = byFile
	views.byModule[m] = v
	return v
}

// sourceLine is a line of the module's source: where it is and its text.
type sourceLine struct {
	Path string
	Line int
	Text string
	// Func is the short name of the function it is in ("New",
	// "(*Store).Get"), "" at top level.
	Func string
	// RunBy is, for a query kept in a package constant, the short name of
	// the function that runs it; "" otherwise.
	RunBy string
}

// lineAt returns the source line at pos.
func (s *appSource) lineAt(f *appFile, pos token.Pos, fn string) sourceLine {
	p := s.fset.Position(pos)
	text := ""
	if p.Line >= 1 && p.Line <= len(f.text()) {
		text = strings.TrimSpace(f.text()[p.Line-1])
	}
	return sourceLine{Path: f.path, Line: p.Line, Text: text, Func: fn}
}

// funcName returns the short name of a function declaration: "New",
// "(*Store).Get", "Cache.Len".
func funcName(fd *ast.FuncDecl) string { return appsource.FuncName(fd) }

// typeName returns the name of a type expression without package or type
// arguments: "Store" for store.Store, *Store, Cache[K, V].
func typeName(t ast.Expr) string { return appsource.TypeName(t) }

// receiverName returns the receiver type name of a declaration, "" for a
// function.
func receiverName(fd *ast.FuncDecl) string { return astutil.ReceiverName(fd) }

// eachFuncInFile calls fn for every function declaration with a body in
// the files whose base name is base.
func (s *appSource) eachFuncInFile(base string, fn func(f *appFile, fd *ast.FuncDecl)) {
	s.eachFuncWhere(func(f *appFile) bool { return baseName(f.path) == base }, fn)
}

// eachFunc calls fn for every function declaration with a body.
func (s *appSource) eachFunc(fn func(f *appFile, fd *ast.FuncDecl)) {
	s.eachFuncWhere(nil, fn)
}

// eachFuncWhere calls fn for every function declaration with a body in
// the files keep accepts (all of them when keep is nil); the others are
// not parsed.
func (s *appSource) eachFuncWhere(keep func(*appFile) bool, fn func(f *appFile, fd *ast.FuncDecl)) {
	for _, f := range s.files {
		if keep != nil && !keep(f) {
			continue
		}
		for _, d := range f.syntax().Decls {
			if fd, ok := d.(*ast.FuncDecl); ok && fd.Body != nil {
				fn(f, fd)
			}
		}
	}
}

// viewOf returns the analyzer's view of a file of the module.
func (s *appSource) viewOf(f *appsource.File) *appFile {
	if af := s.byPath[f.Path]; af != nil {
		return af
	}
	return &appFile{path: f.Path, src: f}
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
	for f, ts := range s.structTypes(typ, "") {
		for _, fl := range ts.Type.(*ast.StructType).Fields.List {
			for _, n := range fl.Names {
				if n.Name == field {
					return s.lineAt(f, n.Pos(), ""), fl.Type, true
				}
			}
		}
	}
	return sourceLine{}, nil, false
}

// structTypes yields the declarations of the struct types called name in
// the app's files (of the package called pkg, when pkg is not ""), with
// the file of each.
func (s *appSource) structTypes(name, pkg string) iter.Seq2[*appFile, *ast.TypeSpec] {
	return func(yield func(*appFile, *ast.TypeSpec) bool) {
		for _, f := range s.files {
			if pkg != "" && f.pkg() != pkg {
				continue
			}
			for _, d := range f.syntax().Decls {
				gd, ok := d.(*ast.GenDecl)
				if !ok || gd.Tok != token.TYPE {
					continue
				}
				for _, sp := range gd.Specs {
					ts := sp.(*ast.TypeSpec)
					if _, ok := ts.Type.(*ast.StructType); ok && ts.Name.Name == name && !yield(f, ts) {
						return
					}
				}
			}
		}
	}
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
		if unders := s.typeDecls(x.Sel.Name); len(unders) > 0 {
			return s.anyNilable(unders)
		}
	case *ast.Ident:
		switch x.Name {
		case "string", "bool", "int", "int8", "int16", "int32", "int64", "uint", "uint8", "uint16",
			"uint32", "uint64", "uintptr", "float32", "float64", "complex64", "complex128", "byte", "rune":
			return false
		case "error", "any":
			return true
		}
		if unders := s.typeDecls(x.Name); len(unders) > 0 {
			return s.anyNilable(unders)
		}
	}
	return true
}

// anyNilable reports whether one of the type expressions is nilable: the
// module's types of one name, of which the syntax cannot tell which one
// is meant (a Dependencies struct in one package, an interface in
// another).
func (s *appSource) anyNilable(ts []ast.Expr) bool {
	for _, t := range ts {
		if s.nilable(t) {
			return true
		}
	}
	return false
}

// typeDecl returns the underlying type expression of the module's type
// named name, nil when none is declared.
func (s *appSource) typeDecl(name string) ast.Expr {
	if ts := s.typeDecls(name); len(ts) > 0 {
		return ts[0]
	}
	return nil
}

// typeDecls returns the underlying type expressions of every type of the
// module named name, in file order.
func (s *appSource) typeDecls(name string) []ast.Expr {
	var out []ast.Expr
	for _, f := range s.files {
		for _, d := range f.syntax().Decls {
			gd, ok := d.(*ast.GenDecl)
			if !ok || gd.Tok != token.TYPE {
				continue
			}
			for _, sp := range gd.Specs {
				if ts := sp.(*ast.TypeSpec); ts.Name.Name == name && ts.Type != nil {
					out = append(out, ts.Type)
				}
			}
		}
	}
	return out
}

// exprText returns the source text of e in f, "" when unknown.
func (s *appSource) exprText(f *appFile, e ast.Node) string {
	start, end := s.fset.Position(e.Pos()), s.fset.Position(e.End())
	if start.Line != end.Line || start.Line < 1 || start.Line > len(f.text()) {
		return ""
	}
	line := f.text()[start.Line-1]
	if start.Column-1 < 0 || end.Column-1 > len(line) {
		return ""
	}
	return line[start.Column-1 : end.Column-1]
}
