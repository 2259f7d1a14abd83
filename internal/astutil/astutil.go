// Package astutil holds small helpers over go/ast shared by the index, the
// middleware and the evaluation.
package astutil

import "go/ast"

// TypeName returns the name of the named type at the base of a type
// expression: "Store" for *Store, []Store, Store[T], pkg.Store or (Store);
// "" when there is none (a func or map type, say).
func TypeName(e ast.Expr) string {
	for {
		switch t := e.(type) {
		case *ast.StarExpr:
			e = t.X
		case *ast.ArrayType:
			e = t.Elt
		case *ast.IndexExpr:
			e = t.X
		case *ast.IndexListExpr:
			e = t.X
		case *ast.ParenExpr:
			e = t.X
		case *ast.SelectorExpr:
			return t.Sel.Name
		case *ast.Ident:
			return t.Name
		default:
			return ""
		}
	}
}

// ReceiverName returns the receiver's type name of a method declaration, or
// "" for a function.
func ReceiverName(fd *ast.FuncDecl) string {
	if fd.Recv == nil || len(fd.Recv.List) == 0 {
		return ""
	}
	return TypeName(fd.Recv.List[0].Type)
}
