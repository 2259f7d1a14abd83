package appsource

import (
	"go/ast"
	"go/token"
	"path/filepath"
	"strings"

	"github.com/explainerr/explainerr/explainerr/report"
	"github.com/explainerr/explainerr/internal/astutil"
)

// A value called through another package's name (client.HTTPClient.Do)
// is that package's variable: when it is nil, what is wrong is where the
// module sets it, often only under a condition (a setting given) or in
// a function the program may not call.

// VarSet is one assignment of a package variable.
type VarSet struct {
	File *File
	Line int
	// Func is the function that makes it, "" at package level.
	Func string
	// Cond is the condition of the innermost if statement around it in
	// that function, as written; "" when none.
	Cond string
}

// ImportedVar is a package variable named through its package's import
// name, with where the module sets it.
type ImportedVar struct {
	Name string // the variable's name
	Var  PackageVar
	// Valued is true when its declaration gives it a value.
	Valued bool
	Sets   []VarSet
}

// ImportedVarAt returns the package variable expr names in the file at
// path, as "pkg.Name" with pkg the import name of one of the module's
// packages; false when expr is no such variable.
func (m *Module) ImportedVarAt(path, expr string) (ImportedVar, bool) {
	pkg, name, ok := strings.Cut(expr, ".")
	f := m.FileAt(path)
	if !ok || f == nil || strings.Contains(name, ".") || !token.IsIdentifier(name) {
		return ImportedVar{}, false
	}
	dir, ok := importDirs(m, f)[pkg]
	if !ok {
		return ImportedVar{}, false
	}
	pv, ok := m.PackageVar(dir, name)
	if !ok {
		return ImportedVar{}, false
	}
	iv := ImportedVar{Name: name, Var: pv}
	m.eachVarSpec(func(g *File) bool { return filepath.Dir(g.Path) == dir }, func(_ *File, vs *ast.ValueSpec) {
		for _, n := range vs.Names {
			if n.Name == name && len(vs.Values) > 0 {
				iv.Valued = true
			}
		}
	})
	for _, g := range m.Files {
		if strings.HasSuffix(g.Path, "_test.go") || !g.holds(name) {
			continue
		}
		own := filepath.Dir(g.Path) == dir
		importName := ""
		if !own {
			for n, d := range importDirs(m, g) {
				if d == dir {
					importName = n
				}
			}
			if importName == "" {
				continue
			}
		}
		for _, d := range g.Syntax().Decls {
			fd, isFunc := d.(*ast.FuncDecl)
			if !isFunc || fd.Body == nil {
				continue
			}
			iv.Sets = append(iv.Sets, m.varSetsIn(g, fd, name, importName)...)
		}
	}
	return iv, true
}

// varSetsIn returns the assignments of fd to the package variable name:
// written bare in its own package (importName ""), else as
// importName.name.
func (m *Module) varSetsIn(f *File, fd *ast.FuncDecl, name, importName string) []VarSet {
	var out []VarSet
	var conds []*ast.IfStmt
	var walk func(n ast.Node) bool
	walk = func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.FuncLit:
			return false
		case *ast.IfStmt:
			if n.Init != nil {
				ast.Inspect(n.Init, walk)
			}
			conds = append(conds, n)
			ast.Inspect(n.Body, walk)
			conds = conds[:len(conds)-1]
			if n.Else != nil {
				ast.Inspect(n.Else, walk)
			}
			return false
		case *ast.AssignStmt:
			if n.Tok != token.ASSIGN {
				return true
			}
			for _, l := range n.Lhs {
				if !namesVar(l, name, importName) {
					continue
				}
				set := VarSet{File: f, Line: m.Fset.Position(n.Pos()).Line, Func: FuncName(fd)}
				if len(conds) > 0 {
					set.Cond = astutil.ExprString(conds[len(conds)-1].Cond)
				}
				out = append(out, set)
			}
		}
		return true
	}
	ast.Inspect(fd.Body, walk)
	return out
}

// namesVar reports whether the assigned expression l is the package
// variable name: bare when importName is "", else importName.name.
func namesVar(l ast.Expr, name, importName string) bool {
	if importName == "" {
		id, ok := l.(*ast.Ident)
		return ok && id.Name == name
	}
	sel, ok := l.(*ast.SelectorExpr)
	if !ok || sel.Sel.Name != name {
		return false
	}
	x, ok := sel.X.(*ast.Ident)
	return ok && x.Name == importName
}

// importedVarChunks returns, for a nil dereference on a line that calls
// a method on another package's variable named through its import
// (client.HTTPClient.Do), the functions that set that variable, as its
// constructors: where it is left nil.
func (m *Module) importedVarChunks(r *report.Report, s *staticSet) []report.Chunk {
	fr := r.InnermostApp()
	if fr == nil || !strings.Contains(r.Error.Message, "nil pointer dereference") {
		return nil
	}
	f, fd := m.FuncAt(fr.File, fr.Line)
	if fd == nil {
		return nil
	}
	var out []report.Chunk
	for _, sel := range m.methodCallsAt(fd, fr.Line) {
		v, ok := sel.X.(*ast.SelectorExpr)
		if !ok {
			continue
		}
		if _, ok := v.X.(*ast.Ident); !ok {
			continue
		}
		iv, ok := m.ImportedVarAt(f.Path, astutil.ExprString(v))
		if !ok {
			continue
		}
		for _, set := range iv.Sets {
			if g, d := m.FuncAt(set.File.Path, set.Line); d != nil && !s.seen[d] {
				s.seen[d] = true
				c := s.funcChunk(g, d, report.ReasonConstructor)
				s.markLead(c)
				out = append(out, c)
			}
		}
	}
	return out
}
