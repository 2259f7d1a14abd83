package offline

import (
	"go/ast"
	"go/token"
)

// A divisor the function computes itself (a counter started at a constant
// and incremented, a length) is not client input: a zero there is a case
// the code must handle, not a request to reject with 400.

// computedLocally reports whether name is a variable of the failing
// function, per the parsed source, that starts from a constant or a len()
// and is only counted up or down: a counter.
func (a *analysis) computedLocally(name string) bool {
	src := a.app()
	if src == nil || src.mod == nil || a.s.Frame == nil {
		return false
	}
	_, fd := src.mod.FuncAt(a.s.Frame.File, a.s.Line)
	if fd == nil {
		return false
	}
	declared, other := false, false
	ast.Inspect(fd.Body, func(n ast.Node) bool {
		as, ok := n.(*ast.AssignStmt)
		if !ok {
			return true
		}
		for i, l := range as.Lhs {
			id, ok := l.(*ast.Ident)
			if !ok || id.Name != name {
				continue
			}
			switch {
			case as.Tok == token.DEFINE && len(as.Rhs) == len(as.Lhs) && counterStart(as.Rhs[i]):
				declared = true
			case as.Tok == token.ADD_ASSIGN || as.Tok == token.SUB_ASSIGN:
			default:
				other = true
			}
		}
		return true
	})
	return declared && !other
}

// counterStart reports whether e is a constant or a len() call.
func counterStart(e ast.Expr) bool {
	switch x := e.(type) {
	case *ast.BasicLit:
		return true
	case *ast.CallExpr:
		id, ok := x.Fun.(*ast.Ident)
		return ok && id.Name == "len"
	}
	return false
}
