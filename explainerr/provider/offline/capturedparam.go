package offline

import (
	"go/ast"
	"go/token"
	"strings"
)

// A function literal that failed on a nil value its enclosing function was
// given (a middleware or handler built once, at set-up, keeping what it
// was passed): no caller of the literal on the stack passed it, the call
// of the enclosing function did. That call is found in the module, and
// when its argument is a field the set-up assigns only after the call (a
// constructor that builds the routes, then sets the field), the fix is
// the order there.

// capturedCall is one call of the enclosing function: the argument it
// passes for the parameter, and where.
type capturedCall struct {
	arg    string
	at     sourceLine
	caller *ast.FuncDecl
	file   *appFile
}

// lateSet is an assignment of a field made after the call that read it.
type lateSet struct {
	call, set sourceLine
	fn        string
}

// capturedParameter explains a nil value root that the failing function
// literal keeps from its enclosing function's parameters. It reports
// whether it wrote a fix.
func (a *analysis) capturedParameter(root string) bool {
	src := a.app()
	if src == nil || a.s.Function == enclosingFunc(a.s.Function) {
		return false
	}
	name, recv := a.siteDecl()
	params, ok := src.params(name, recv)
	i := indexOf(params, root)
	if !ok || i < 0 {
		return false
	}
	calls := src.callsOf(name, i)
	if len(calls) != 1 {
		return false
	}
	c := calls[0]
	a.why(code(root) + " is a parameter of " + code(name) + ", and the function literal that failed keeps the value " + code(name) + " was given when it built it: " + a.cite(c.at) + " passes " + code(c.arg) + ".")
	late, ok := src.setAfterCall(c)
	if !ok {
		return true // where the literal's value came from is said
	}
	field := lastSelector(c.arg)
	a.g.Add(field, late.fn)
	a.g.Add(late.call.Text, late.set.Text)
	a.why(code(late.fn) + " calls " + code(late.call.Text) + " at " + code(a.fileLoc(late.call.Path, late.call.Line)) + " before it sets " + code(field) + " at " + code(a.fileLoc(late.set.Path, late.set.Line)) + " (" + code(late.set.Text) + "): " + code(c.arg) + " was still " + code("nil") + " when it was passed on, and the literal kept that " + code("nil") + ".")
	a.fix("In " + code(late.fn) + ", set " + code(field) + " before " + code(late.call.Text) + " runs: move " + code(late.set.Text) + " (" + code(a.fileLoc(late.set.Path, late.set.Line)) + ") above " + code(a.fileLoc(late.call.Path, late.call.Line)) + ", or set the field where the value is built.")
	a.fixedAtOrigin = true
	return true
}

// indexOf returns the index of s in list, -1 when absent.
func indexOf(list []string, s string) int {
	for i, x := range list {
		if x == s {
			return i
		}
	}
	return -1
}

// callsOf returns the module's calls of the function name (called by its
// name, or as pkg.name) with the argument they pass at index i.
func (s *appSource) callsOf(name string, i int) []capturedCall {
	var out []capturedCall
	s.eachFunc(func(f *appFile, fd *ast.FuncDecl) {
		ast.Inspect(fd.Body, func(n ast.Node) bool {
			call, ok := n.(*ast.CallExpr)
			if !ok || i >= len(call.Args) {
				return true
			}
			var id *ast.Ident
			switch fun := call.Fun.(type) {
			case *ast.Ident:
				id = fun
			case *ast.SelectorExpr:
				if x, ok := fun.X.(*ast.Ident); ok && x.Obj == nil {
					id = fun.Sel // pkg.name; a method of a value is another function
				}
			}
			if id != nil && id.Name == name {
				out = append(out, capturedCall{arg: s.exprText(f, call.Args[i]), at: s.lineAt(f, call.Pos(), funcName(fd)), caller: fd, file: f})
			}
			return true
		})
	})
	return out
}

// setAfterCall finds, for a call passing the field recv.field of the
// calling method's receiver, a function that calls that method on a value
// and assigns the value's field only after the call.
func (s *appSource) setAfterCall(c capturedCall) (lateSet, bool) {
	sel := strings.Split(c.arg, ".")
	if len(sel) != 2 || c.caller.Recv == nil || len(c.caller.Recv.List) == 0 || len(c.caller.Recv.List[0].Names) == 0 || c.caller.Recv.List[0].Names[0].Name != sel[0] {
		return lateSet{}, false
	}
	method, field := c.caller.Name.Name, sel[1]
	var found lateSet
	ok := false
	s.eachFunc(func(f *appFile, fd *ast.FuncDecl) {
		if ok {
			return
		}
		called := map[string]token.Pos{} // value → first call of the method on it
		setBefore := map[string]bool{}   // values whose field is set before it
		ast.Inspect(fd.Body, func(n ast.Node) bool {
			switch n := n.(type) {
			case *ast.CallExpr:
				if se, isSel := n.Fun.(*ast.SelectorExpr); isSel && se.Sel.Name == method {
					if x, isIdent := se.X.(*ast.Ident); isIdent {
						if _, seen := called[x.Name]; !seen {
							called[x.Name] = n.Pos()
						}
					}
				}
			case *ast.AssignStmt:
				for j, lhs := range n.Lhs {
					if x, isIdent := lhs.(*ast.Ident); isIdent && j < len(n.Rhs) && litSets(n.Rhs[j], field) {
						setBefore[x.Name] = true
					}
					se, isSel := lhs.(*ast.SelectorExpr)
					if !isSel || se.Sel.Name != field {
						continue
					}
					x, isIdent := se.X.(*ast.Ident)
					if !isIdent {
						continue
					}
					at, seen := called[x.Name]
					if !seen {
						setBefore[x.Name] = true
					}
					if seen && at < n.Pos() && !ok && !setBefore[x.Name] {
						fn := funcName(fd)
						found = lateSet{call: s.lineAt(f, at, fn), set: s.lineAt(f, n.Pos(), fn), fn: fn}
						ok = true
					}
				}
			}
			return true
		})
	})
	return found, ok
}

// litSets reports whether e is a composite literal (or its address) that
// sets field.
func litSets(e ast.Expr, field string) bool {
	if u, ok := e.(*ast.UnaryExpr); ok && u.Op == token.AND {
		e = u.X
	}
	lit, ok := e.(*ast.CompositeLit)
	if !ok {
		return false
	}
	for _, el := range lit.Elts {
		if kv, ok := el.(*ast.KeyValueExpr); ok {
			if k, ok := kv.Key.(*ast.Ident); ok && k.Name == field {
				return true
			}
		}
	}
	return false
}
