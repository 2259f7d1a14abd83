package appsource

import (
	"go/ast"
	"strings"

	"github.com/explainerr/explainerr/internal/astutil"
)

// A time.Duration counts nanoseconds: time.Duration(timeout), with
// timeout an int of seconds from a setting, is a timeout of a few
// nanoseconds, and every operation given it times out at once. The
// conversion, with no unit multiplied in, is where such a timeout is
// fixed.

// DurationConversion is a conversion of a value to time.Duration with
// no unit multiplied in, given to a call: its function and line, the
// call's name and the conversion's text.
type DurationConversion struct {
	Func FuncRef
	Line int
	Call string
	Text string
}

// BareDurationConversions returns the module's conversions of a variable
// or field to time.Duration, with no unit, given as an argument to a call
// (db.WithTimeout(time.Duration(timeout))), outside tests.
func (m *Module) BareDurationConversions() []DurationConversion {
	var out []DurationConversion
	m.eachFuncDecl(func(f *File) bool { return !strings.HasSuffix(f.Path, "_test.go") && f.holds("time.Duration(") }, func(f *File, fd *ast.FuncDecl) {
		ast.Inspect(fd.Body, func(n ast.Node) bool {
			ce, ok := n.(*ast.CallExpr)
			if !ok {
				return true
			}
			for _, a := range ce.Args {
				conv, ok := a.(*ast.CallExpr)
				if !ok || len(conv.Args) != 1 || !isDurationType(conv.Fun) {
					continue
				}
				switch conv.Args[0].(type) {
				case *ast.Ident, *ast.SelectorExpr:
					out = append(out, DurationConversion{Func: FuncRef{File: f, Decl: fd}, Line: m.Fset.Position(conv.Pos()).Line, Call: CalleeName(ce.Fun), Text: astutil.ExprString(conv)})
				}
			}
			return true
		})
	})
	return out
}

// isDurationType reports whether e is time.Duration.
func isDurationType(e ast.Expr) bool {
	sel, ok := e.(*ast.SelectorExpr)
	if !ok {
		return false
	}
	pkg, ok := sel.X.(*ast.Ident)
	return ok && pkg.Name == "time" && sel.Sel.Name == "Duration"
}
