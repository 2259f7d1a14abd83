package appsource

import (
	"go/ast"
	"strings"

	"github.com/explainerr/explainerr/internal/astutil"
)

// An app that maps its errors to statuses by their type often does it with
// a type assertion, err.(*errs.Error), or a type switch. An assertion sees
// an error of that type only as it is, never inside another: once a layer
// wraps it, with %v and with %w alike, the mapping misses it and answers
// with its default, a 500. Telling the layer to wrap with %w would change
// nothing; the error must reach the mapping unwrapped, or the mapping must
// look inside (errors.As).

// AssertingMapper is a call, on an error's way out, that hands the error
// to a module function testing it with a type assertion alone.
type AssertingMapper struct {
	// Caller is the function that makes the call, Line the call's line
	// and Call its function as written ("errs.Or").
	Caller FuncRef
	Line   int
	Call   string
	// Mapper is the module function that tests the error: the one
	// called, or one it hands its error parameter to. AssertLine is the
	// line of its type assertion or type switch, Switch whether it is a
	// type switch, and Asserted the type an assertion tests for, as
	// written ("*Error").
	Mapper     FuncRef
	AssertLine int
	Switch     bool
	Asserted   string
}

// maxMapperCallers bounds the functions read for a mapping call: the
// callers of the function that made the error, and theirs.
const maxMapperCallers = 12

// AssertingMappers returns the calls, in the functions that call fn or
// call those, that pass an error to a module function whose only test of
// it is a type assertion or a type switch (no errors.As, errors.Is or
// Unwrap in it).
func (m *Module) AssertingMappers(fn FuncRef) []AssertingMapper {
	var out []AssertingMapper
	seen := map[*ast.FuncDecl]bool{fn.Decl: true}
	level := []FuncRef{fn}
	var callers []FuncRef
	for range 2 {
		var next []FuncRef
		for _, ref := range level {
			for _, c := range m.CallersOf(ref) {
				if !seen[c.Decl] && len(callers) < maxMapperCallers {
					seen[c.Decl] = true
					callers = append(callers, c)
					next = append(next, c)
				}
			}
		}
		level = next
	}
	mappers := map[*ast.FuncDecl]*AssertingMapper{}
	for _, c := range callers {
		ast.Inspect(c.Decl.Body, func(n ast.Node) bool {
			ce, ok := n.(*ast.CallExpr)
			if !ok || !passesErrorVar(ce) {
				return true
			}
			line := m.Fset.Position(ce.Pos()).Line
			for _, callee := range m.Callees(c.File, c.Decl, line) {
				if !callsName(ce, callee.Decl.Name.Name) {
					continue
				}
				am, known := mappers[callee.Decl]
				if !known {
					am = m.assertingMapper(callee, 1)
					mappers[callee.Decl] = am
				}
				if am != nil {
					found := *am
					found.Caller, found.Line, found.Call = c, line, astutil.ExprString(ce.Fun)
					out = append(out, found)
				}
			}
			return true
		})
	}
	return out
}

// passesErrorVar reports whether a call passes a variable named like an
// error (err, or a name ending in "err" or "Err").
func passesErrorVar(ce *ast.CallExpr) bool {
	for _, arg := range ce.Args {
		if id, ok := arg.(*ast.Ident); ok && (id.Name == "err" || strings.HasSuffix(id.Name, "Err") || strings.HasSuffix(id.Name, "err")) {
			return true
		}
	}
	return false
}

// holdsError reports whether a parameter of type t can hold an error: an
// error, or an empty interface (a JSON writer's data any).
func holdsError(t ast.Expr) bool {
	if id, ok := t.(*ast.Ident); ok && id.Name == "error" {
		return true
	}
	return astutil.EmptyInterface(t)
}

// AssertsError returns how fn tells an error parameter apart by a type
// assertion or a type switch alone (see AssertingMappers), fn itself, not
// the functions it hands the error to; Caller, Line and Call are left
// for the caller to fill.
func (m *Module) AssertsError(fn FuncRef) (AssertingMapper, bool) {
	if am := m.assertingMapper(fn, 0); am != nil {
		return *am, true
	}
	return AssertingMapper{}, false
}

// callsName reports whether a call's function is named name (F(…), x.F(…),
// pkg.F(…)).
func callsName(ce *ast.CallExpr, name string) bool {
	switch fun := ce.Fun.(type) {
	case *ast.Ident:
		return fun.Name == name
	case *ast.SelectorExpr:
		return fun.Sel.Name == name
	}
	return false
}

// assertingMapper returns the mapping fn makes of an error parameter by a
// type assertion or a type switch alone, or, up to depth more calls, the
// one a module function fn hands that parameter to makes; nil when fn
// takes no error, tests it otherwise too (errors.As, errors.Is, Unwrap, a
// Cause), or does not assert its type.
func (m *Module) assertingMapper(fn FuncRef, depth int) *AssertingMapper {
	fd := fn.Decl
	if fd.Body == nil || fd.Type.Params == nil {
		return nil
	}
	params := map[string]bool{}
	for _, p := range fd.Type.Params.List {
		if holdsError(p.Type) {
			for _, n := range p.Names {
				params[n.Name] = true
			}
		}
	}
	if len(params) == 0 {
		return nil
	}
	var found *AssertingMapper
	var handed []*ast.CallExpr
	unwraps := false
	kindSwitches := kindOnlySwitches(fd.Body)
	ast.Inspect(fd.Body, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.CallExpr:
			switch name := astutil.ExprString(n.Fun); {
			case name == "errors.As", name == "errors.Is", name == "Unwrap", strings.HasSuffix(name, ".Unwrap"), strings.HasSuffix(name, ".Cause"):
				unwraps = true
			default:
				for _, arg := range n.Args {
					if id, ok := arg.(*ast.Ident); ok && params[id.Name] {
						handed = append(handed, n)
						break
					}
				}
			}
		case *ast.TypeAssertExpr:
			id, ok := n.X.(*ast.Ident)
			if !ok || !params[id.Name] || found != nil || kindSwitches[n] || n.Type != nil && valueKind(n.Type) {
				return true // a logger's switch on error or string tells no error apart
			}
			found = &AssertingMapper{Mapper: fn, AssertLine: m.Fset.Position(n.Pos()).Line, Switch: n.Type == nil}
			if n.Type != nil {
				found.Asserted = astutil.ExprString(n.Type)
			}
		}
		return true
	})
	if unwraps {
		return nil
	}
	if found != nil || depth == 0 {
		return found
	}
	for _, ce := range handed {
		line := m.Fset.Position(ce.Pos()).Line
		for _, callee := range m.Callees(fn.File, fd, line) {
			if callsName(ce, callee.Decl.Name.Name) {
				if am := m.assertingMapper(callee, depth-1); am != nil {
					return am
				}
			}
		}
	}
	return nil
}

// kindOnlySwitches returns the type assertions of body's type switches
// whose cases name only kinds of value (error, string, fmt.Stringer, a
// builtin type), as a logger's switch on what it was given does: such a
// switch tells no error of the app apart from another.
func kindOnlySwitches(body *ast.BlockStmt) map[*ast.TypeAssertExpr]bool {
	out := map[*ast.TypeAssertExpr]bool{}
	ast.Inspect(body, func(n ast.Node) bool {
		ts, ok := n.(*ast.TypeSwitchStmt)
		if !ok {
			return true
		}
		var ta *ast.TypeAssertExpr
		switch st := ts.Assign.(type) {
		case *ast.AssignStmt:
			ta, _ = st.Rhs[0].(*ast.TypeAssertExpr)
		case *ast.ExprStmt:
			ta, _ = st.X.(*ast.TypeAssertExpr)
		}
		if ta == nil {
			return true
		}
		for _, c := range ts.Body.List {
			for _, t := range c.(*ast.CaseClause).List {
				if !valueKind(t) {
					return true
				}
			}
		}
		out[ta] = true
		return true
	})
	return out
}

// valueKind reports whether a type names a kind of value rather than an
// error type of the app: error, a builtin type, fmt.Stringer, any.
func valueKind(t ast.Expr) bool {
	switch x := t.(type) {
	case *ast.Ident:
		return astutil.Predeclared(x.Name)
	case *ast.SelectorExpr:
		return astutil.ExprString(x) == "fmt.Stringer"
	case *ast.InterfaceType:
		return true
	case *ast.ArrayType:
		return valueKind(x.Elt)
	}
	return false
}
