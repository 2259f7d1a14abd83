package offline

import (
	"go/ast"
	"strings"

	"github.com/explainerr/explainerr/explainerr/internal/appsource"
	"github.com/explainerr/explainerr/internal/astutil"
)

// An app often maps an error to its status with a function of its own
// (xerr.GetHTTPStatus(err)) that asserts the error's type directly
// (err.(*customError)) instead of with errors.As: an error wrapped on its
// way there (fmt.Errorf with %w) is no longer that type, so the status
// the app's error carries is never read and the answer is a 500.

// statusMapper is a module function the failing function calls with the
// error to get the status, which asserts its parameter's type directly.
type statusMapper struct {
	call     sourceLine // the failing function's call of the mapper
	fn       string     // the mapper's name
	assert   sourceLine // its type assertion
	assertOf string     // the type asserted ("*customError")
}

// statusByAssertion finds, in the failing function, a call passing err to
// a module function that returns an int and type-asserts that parameter
// (not through errors.As).
func (a *analysis) statusByAssertion() (statusMapper, bool) {
	src := a.app()
	f, fd := a.failingFunc()
	if src == nil || src.mod == nil || fd == nil || fd.Body == nil {
		return statusMapper{}, false
	}
	var found statusMapper
	ast.Inspect(fd.Body, func(n ast.Node) bool {
		call, ok := n.(*ast.CallExpr)
		if !ok || found.fn != "" || len(call.Args) != 1 || astutil.ExprString(call.Args[0]) != "err" {
			return found.fn == ""
		}
		for _, ref := range src.mod.CalleesOnLine(f.src, fd, src.fset.Position(call.Pos()).Line) {
			if m, ok := src.assertsItsError(ref); ok && strings.HasSuffix(astutil.ExprString(call.Fun), ref.Decl.Name.Name) {
				m.call = src.lineAt(f, call.Pos(), funcName(fd))
				found = m
				return false
			}
		}
		return true
	})
	return found, found.fn != ""
}

// assertsItsError reports whether ref takes one error and returns an
// int, asserting the error's type directly in its body.
func (s *appSource) assertsItsError(ref appsource.FuncRef) (statusMapper, bool) {
	fd := ref.Decl
	ft := fd.Type
	if fd.Body == nil || ft.Params == nil || len(ft.Params.List) != 1 || len(ft.Params.List[0].Names) != 1 || astutil.ExprString(ft.Params.List[0].Type) != "error" ||
		ft.Results == nil || len(ft.Results.List) != 1 || astutil.ExprString(ft.Results.List[0].Type) != "int" {
		return statusMapper{}, false
	}
	param := ft.Params.List[0].Names[0].Name
	var m statusMapper
	ast.Inspect(fd.Body, func(n ast.Node) bool {
		ta, ok := n.(*ast.TypeAssertExpr)
		if !ok || m.fn != "" || ta.Type == nil || astutil.ExprString(ta.X) != param {
			return m.fn == ""
		}
		if _, iface := ta.Type.(*ast.InterfaceType); iface {
			return true
		}
		m = statusMapper{fn: funcName(fd), assert: s.lineAt(s.viewOf(ref.File), ta.Pos(), funcName(fd)), assertOf: astutil.ExprString(ta.Type)}
		return false
	})
	return m, m.fn != ""
}

// explainStatusByAssertion says that the app's own status mapper cannot
// see through the wrap made at made; it reports whether it did.
func (a *analysis) explainStatusByAssertion(made sourceLine) bool {
	m, ok := a.statusByAssertion()
	if !ok {
		return false
	}
	a.g.Add(m.fn, m.assertOf, "errors.As", "Unwrap")
	a.why("The app maps the error to its status with " + code(m.fn) + ", called at " + a.cite(m.call) + ", which asserts the error's type directly at " + a.cite(m.assert) + ": an error wrapped on its way there is no longer a " + code(m.assertOf) + ", so the status it carries is not read and the answer is a 500. The error is wrapped at " + a.cite(made) + ".")
	a.fix("In " + code(m.fn) + ", find the app's error with " + code("errors.As") + " instead of the type assertion at " + code(a.fileLoc(m.assert.Path, m.assert.Line)) + " (give its error type an " + code("Unwrap") + " method if it wraps others), or return the app's error unwrapped at " + code(a.fileLoc(made.Path, made.Line)) + ".")
	return true
}
