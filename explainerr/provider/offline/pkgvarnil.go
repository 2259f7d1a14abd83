package offline

import (
	"go/ast"
	"go/token"
	"path/filepath"
)

// A package variable set to a value where it is declared
// (var stats = &viewStats{}) and never assigned again is not nil when a
// handler reads it, whatever its type: "stats is nil" would send the
// developer after the wrong value.

// packageVarNeverNil reports whether the package-level variable name of
// the package in directory dir is declared with a value that is not nil
// (the address of a composite literal, new(T), make(...), a map or slice
// literal, a function literal) and no file of the package assigns it
// again or takes its address. A local variable of the same name being
// assigned counts too: the answer errs towards "may be nil".
func (s *appSource) packageVarNeverNil(dir, name string) bool {
	_, vs, i, ok := s.packageVarSpec(dir, "", name)
	if !ok || len(vs.Values) != len(vs.Names) || !nonNilValue(vs.Values[i]) {
		return false
	}
	for _, f := range s.files {
		if filepath.Dir(f.path) != dir {
			continue
		}
		changed := false
		ast.Inspect(f.syntax(), func(n ast.Node) bool {
			switch n := n.(type) {
			case *ast.AssignStmt:
				if n.Tok == token.DEFINE {
					break
				}
				for _, l := range n.Lhs {
					if id, ok := l.(*ast.Ident); ok && id.Name == name {
						changed = true
					}
				}
			case *ast.UnaryExpr:
				if id, ok := n.X.(*ast.Ident); ok && n.Op == token.AND && id.Name == name {
					changed = true
				}
			}
			return !changed
		})
		if changed {
			return false
		}
	}
	return true
}

// nonNilValue reports whether the expression x of a declaration always
// gives a value that is not nil.
func nonNilValue(x ast.Expr) bool {
	switch x := ast.Unparen(x).(type) {
	case *ast.UnaryExpr:
		_, lit := ast.Unparen(x.X).(*ast.CompositeLit)
		return x.Op == token.AND && lit
	case *ast.CompositeLit, *ast.FuncLit, *ast.BasicLit:
		return true
	case *ast.CallExpr:
		id, ok := x.Fun.(*ast.Ident)
		return ok && (id.Name == "new" || id.Name == "make")
	}
	return false
}
