package source

import "go/ast"

// CalleeIdent returns the name a call calls: f in f(x), M in x.M(y), f in
// the instantiation f[T](x); nil for any other callee (a function literal,
// a call's result).
func CalleeIdent(call *ast.CallExpr) *ast.Ident {
	switch fun := ast.Unparen(call.Fun).(type) {
	case *ast.Ident:
		return fun
	case *ast.SelectorExpr:
		return fun.Sel
	case *ast.IndexExpr:
		if x, ok := fun.X.(*ast.Ident); ok {
			return x
		}
	}
	return nil
}
