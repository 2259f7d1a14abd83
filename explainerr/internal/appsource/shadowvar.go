package appsource

import (
	"go/ast"
	"go/token"
	"path/filepath"

	"github.com/explainerr/explainerr/explainerr/report"
	"github.com/explainerr/explainerr/internal/astutil"
)

// A package variable declared without a value and never assigned stays
// nil (or zero) however the program runs; when a function of its package
// defines a local of the same name with := (an init that meant
// `db, err = sql.Open(…)`, a helper that meant `database = New(…)`), or a
// local named like one of its struct fields, that function is where the
// value was meant to be set.

// Shadow is a function that defines, with :=, a local that hides a
// package variable never assigned, or is named like one of its fields.
type Shadow struct {
	File *File
	Decl *ast.FuncDecl
	// Var is the package variable; Name the local that hides it (Var
	// itself, or one of its struct fields).
	Var, Name string
	Line      int
	// VarType is the name of the variable's type, without its package
	// or pointer ("DB" for *dbcontext.DB); VarFile and VarLine where it
	// is declared.
	VarType string
	VarFile *File
	VarLine int
}

// Shadows returns the module's shadows, read once per Module.
func (m *Module) Shadows() []Shadow {
	m.shadowOnce.Do(func() { m.shadows = m.findShadows() })
	return m.shadows
}

// findShadows does the work of Shadows.
func (m *Module) findShadows() []Shadow {
	// The package variables declared without a value, by package.
	type pkgVar struct {
		dir, name string
		typ       ast.Expr
		f         *File
		line      int
	}
	vars := map[string][]pkgVar{}
	m.eachVarSpec(func(f *File) bool { return f.facts.BareVars }, func(f *File, vs *ast.ValueSpec) {
		if len(vs.Values) > 0 || vs.Type == nil || predeclared(vs.Type) {
			return
		}
		dir := filepath.Dir(f.Path)
		for _, n := range vs.Names {
			if n.Name != "_" {
				vars[dir] = append(vars[dir], pkgVar{dir, n.Name, vs.Type, f, m.Fset.Position(n.Pos()).Line})
			}
		}
	})
	var out []Shadow
	for dir, vs := range vars {
		assigned := map[string]bool{}
		type def struct {
			f    *File
			fd   *ast.FuncDecl
			name string
			line int
		}
		var defs []def
		for _, f := range m.Files {
			if filepath.Dir(f.Path) != dir {
				continue
			}
			for _, d := range f.Syntax().Decls {
				fd, ok := d.(*ast.FuncDecl)
				if !ok || fd.Body == nil {
					continue
				}
				ast.Inspect(fd.Body, func(n ast.Node) bool {
					switch x := n.(type) {
					case *ast.AssignStmt:
						for _, l := range x.Lhs {
							if x.Tok == token.DEFINE {
								if id, ok := l.(*ast.Ident); ok {
									defs = append(defs, def{f, fd, id.Name, m.Fset.Position(id.Pos()).Line})
								}
							} else if id := rootIdent(l); id != "" {
								assigned[id] = true
							}
						}
					case *ast.UnaryExpr:
						if x.Op == token.AND {
							if id := rootIdent(x.X); id != "" {
								assigned[id] = true // handed to something that fills it
							}
						}
					}
					return true
				})
			}
		}
		for _, v := range vs {
			if assigned[v.name] {
				continue
			}
			names := map[string]bool{v.name: true}
			for _, fld := range m.structFields(v.dir, v.typ) {
				names[fld] = true
			}
			for _, d := range defs {
				if names[d.name] {
					out = append(out, Shadow{File: d.f, Decl: d.fd, Var: v.name, Name: d.name, Line: d.line,
						VarType: TypeName(v.typ), VarFile: v.f, VarLine: v.line})
				}
			}
		}
	}
	return out
}

// predeclared reports whether typ is a predeclared type (error, string,
// int, …): such a variable is not what a nil dereference follows.
func predeclared(typ ast.Expr) bool {
	id, ok := typ.(*ast.Ident)
	return ok && astutil.Predeclared(id.Name)
}

// rootIdent returns the variable an assigned expression writes to or
// through (x for x, x.f, x[i], *x), "" when there is none.
func rootIdent(e ast.Expr) string {
	for {
		switch x := e.(type) {
		case *ast.Ident:
			return x.Name
		case *ast.SelectorExpr:
			e = x.X
		case *ast.IndexExpr:
			e = x.X
		case *ast.StarExpr:
			e = x.X
		case *ast.ParenExpr:
			e = x.X
		default:
			return ""
		}
	}
}

// structFields returns the field names of typ when it names a struct type
// of the package in dir.
func (m *Module) structFields(dir string, typ ast.Expr) []string {
	id, ok := typ.(*ast.Ident)
	if !ok {
		return nil
	}
	t, ok := m.Type(dir, id.Name)
	if !ok {
		return nil
	}
	st, ok := t.Spec.Type.(*ast.StructType)
	if !ok {
		return nil
	}
	var out []string
	for _, fl := range st.Fields.List {
		for _, n := range fl.Names {
			out = append(out, n.Name)
		}
	}
	return out
}

// shadowChunks gives, for a nil map or nil pointer, the functions whose :=
// hides a package variable that is never assigned (at most maxPerFinder).
func (m *Module) shadowChunks(r *report.Report, s *staticSet) []report.Chunk {
	if !nilValueFailure.MatchString(r.Error.Message) {
		return nil
	}
	var out []report.Chunk
	for _, sh := range m.Shadows() {
		if len(out) == maxPerFinder {
			break
		}
		if s.seen[sh.Decl] {
			continue
		}
		s.seen[sh.Decl] = true
		out = append(out, s.funcChunk(sh.File, sh.Decl, report.ReasonConstructor))
	}
	return out
}
