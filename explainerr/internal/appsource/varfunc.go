package appsource

import (
	"go/ast"
	"go/token"
)

// VarFuncAt returns the file at path and, when line is inside a function
// literal written in the declaration of a package-level variable
// ("var h = handler.Func(func(w http.ResponseWriter, r *http.Request)
// error {...})"), a declaration standing for the outermost such literal:
// named after the variable, with the literal's type and body, and no
// receiver. The runtime names that literal "pkg.init.funcN" (or
// "pkg.glob..funcN" before Go 1.22). The declaration is nil when line is
// in no such literal.
func (m *Module) VarFuncAt(path string, line int) (*File, *ast.FuncDecl) {
	f := m.FileAt(path)
	if f == nil {
		return nil, nil
	}
	for _, d := range f.Syntax().Decls {
		gd, ok := d.(*ast.GenDecl)
		if !ok || gd.Tok != token.VAR || !m.holds(gd, line) {
			continue
		}
		for _, sp := range gd.Specs {
			vs := sp.(*ast.ValueSpec)
			for i, v := range vs.Values {
				lit := m.outerLitAt(v, line)
				if lit == nil {
					continue
				}
				name := vs.Names[0]
				if i < len(vs.Names) {
					name = vs.Names[i]
				}
				return f, &ast.FuncDecl{Name: ast.NewIdent(name.Name), Type: lit.Type, Body: lit.Body}
			}
		}
	}
	return f, nil
}

// FuncOrVarAt returns the function declaration whose lines hold line, as
// FuncAt does, or else the declaration VarFuncAt makes for a function
// literal of a package-level variable.
func (m *Module) FuncOrVarAt(path string, line int) (*File, *ast.FuncDecl) {
	if f, fd := m.FuncAt(path, line); fd != nil || f == nil {
		return f, fd
	}
	return m.VarFuncAt(path, line)
}

// holds reports whether n's lines hold line.
func (m *Module) holds(n ast.Node, line int) bool {
	return m.Fset.Position(n.Pos()).Line <= line && line <= m.Fset.Position(n.End()).Line
}

// outerLitAt returns the outermost function literal in e whose lines hold
// line, nil when none does.
func (m *Module) outerLitAt(e ast.Expr, line int) *ast.FuncLit {
	var found *ast.FuncLit
	ast.Inspect(e, func(n ast.Node) bool {
		if found != nil {
			return false
		}
		if lit, ok := n.(*ast.FuncLit); ok && m.holds(lit, line) {
			found = lit
			return false
		}
		return true
	})
	return found
}
