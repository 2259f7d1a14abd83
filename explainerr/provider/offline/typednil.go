package offline

import (
	"go/ast"
	"strings"

	"github.com/explainerr/explainerr/explainerr/stack"
	"github.com/explainerr/explainerr/internal/astutil"
)

// typedNilIn reports whether x, a parameter of the failing function, is
// an interface holding a nil pointer: the failure was raised inside a
// method of a pointer type (*pgxpool.Pool) that the line called on x,
// while x is declared with another type, not a pointer (pgxutil.DB). A
// value of that declared type that runs the pointer type's method holds
// such a pointer, and x == nil is false for it. It returns the declared
// type and the held pointer type, as written.
func (a *analysis) typedNilIn(x string) (declared, held string, ok bool) {
	if a.s.Raiser == nil || !isIdent(x) {
		return "", "", false
	}
	fn := a.s.Raiser.Function
	pkg := stack.PackageOf(fn)
	recv, _, isMethod := stack.SplitMethod(strings.TrimPrefix(fn, pkg+"."))
	if !isMethod || !strings.Contains(fn, "(*"+recv+")") {
		return "", "", false
	}
	called := false
	for _, c := range a.s.Facts.Calls {
		if c.Receiver == x && c.Name == lastName(fn) {
			called = true
		}
	}
	_, fd := a.failingFunc()
	if !called || fd == nil || fd.Type.Params == nil {
		return "", "", false
	}
	for _, fl := range fd.Type.Params.List {
		for _, n := range fl.Names {
			if n.Name != x {
				continue
			}
			if _, ptr := fl.Type.(*ast.StarExpr); ptr || typeName(fl.Type) == recv {
				return "", "", false
			}
			return astutil.ExprString(fl.Type), "*" + pkgName(pkg) + "." + recv, true
		}
	}
	return "", "", false
}

// pkgName is the last element of an import path ("pgxpool" of
// "github.com/jackc/pgx/v5/pgxpool"), a major version's dropped.
func pkgName(path string) string {
	parts := strings.Split(path, "/")
	last := parts[len(parts)-1]
	if len(parts) > 1 && len(last) > 1 && last[0] == 'v' && strings.Trim(last[1:], "0123456789") == "" {
		last = parts[len(parts)-2]
	}
	return last
}
