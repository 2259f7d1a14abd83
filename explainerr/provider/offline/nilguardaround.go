package offline

import (
	"go/ast"
	"go/token"

	"github.com/explainerr/explainerr/internal/astutil"
)

// nilGuardAround returns the if statement of the failing function whose
// block holds the failing line and whose condition requires x != nil
// (alone, or as a term of &&): x cannot be the nil value there.
func (a *analysis) nilGuardAround(x string) (sourceLine, bool) {
	f, fd := a.failingFunc()
	src := a.app()
	if fd == nil || fd.Body == nil || src == nil {
		return sourceLine{}, false
	}
	var out sourceLine
	found := false
	ast.Inspect(fd.Body, func(n ast.Node) bool {
		is, ok := n.(*ast.IfStmt)
		if !ok || found {
			return !found
		}
		from, to := src.fset.Position(is.Body.Lbrace).Line, src.fset.Position(is.Body.Rbrace).Line
		if a.s.Line > from && a.s.Line < to && requiresNotNil(is.Cond, x) {
			out, found = src.lineAt(f, is.Pos(), funcName(fd)), true
		}
		return !found
	})
	return out, found
}

// requiresNotNil reports whether cond holds only when x != nil: it is
// x != nil, or a && of which one term is.
func requiresNotNil(cond ast.Expr, x string) bool {
	switch c := cond.(type) {
	case *ast.ParenExpr:
		return requiresNotNil(c.X, x)
	case *ast.BinaryExpr:
		switch c.Op {
		case token.LAND:
			return requiresNotNil(c.X, x) || requiresNotNil(c.Y, x)
		case token.NEQ:
			l, r := astutil.ExprString(c.X), astutil.ExprString(c.Y)
			return l == x && r == "nil" || r == x && l == "nil"
		}
	}
	return false
}
