package offline

import (
	"go/ast"
	"go/token"
	"regexp"
	"strings"

	"github.com/explainerr/explainerr/internal/astutil"
)

// A sentinel wrapped with %w is still there for errors.Is, but not for
// a comparison: err == ErrNotFound, or a switch on the error (or on
// pkg/errors' Cause of it, which does not unwrap fmt's wraps) with a case
// for the sentinel, is false for the wrapping error. Such a test on the
// request's path is why a not-found error the app does answer reached
// the generic error path.

// wrappedArg finds the error a %w format wraps last in a line:
// `fmt.Errorf("finding account %s: %w", email, ErrNotFound)`.
var wrappedArg = regexp.MustCompile(`%w[^"]*"[^)]*,\s*([\w.]+)\s*\)`)

// equalityTestOf returns a test of the request's path (the functions it
// reached, its route's handler first) that compares an error with the
// sentinel called target, and the sentinel as the test names it: a
// comparison by == first, else a switch's case; false when there is
// none.
func (a *analysis) equalityTestOf(target string) (sourceLine, string, bool) {
	src := a.app()
	if src == nil || src.mod == nil {
		return sourceLine{}, "", false
	}
	name := lastSelector(target)
	if _, ok := src.mod.Sentinels()[name]; !ok && !strings.HasPrefix(name, "Err") {
		// A wrapped local error (err) is no sentinel to compare with.
		return sourceLine{}, "", false
	}
	names := func(e ast.Expr) bool {
		switch e := ast.Unparen(e).(type) {
		case *ast.Ident:
			return e.Name == name
		case *ast.SelectorExpr:
			return e.Sel.Name == name
		}
		return false
	}
	reached := a.reached()
	for _, cases := range []bool{false, true} {
		for _, ref := range reached {
			var at ast.Expr
			ast.Inspect(ref.Decl, func(n ast.Node) bool {
				if at != nil {
					return false
				}
				switch n := n.(type) {
				case *ast.BinaryExpr:
					if !cases && (n.Op == token.EQL || n.Op == token.NEQ) {
						if names(n.X) {
							at = n.X
						} else if names(n.Y) {
							at = n.Y
						}
					}
				case *ast.CaseClause:
					for _, e := range n.List {
						if cases && names(e) {
							at = e
						}
					}
				}
				return true
			})
			if at != nil {
				f := src.viewOf(ref.File)
				return src.lineAt(f, at.Pos(), funcName(ref.Decl)), astutil.ExprString(at), true
			}
		}
	}
	return sourceLine{}, "", false
}
