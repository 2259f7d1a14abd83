// Package astutil holds small helpers over go/ast shared by the index, the
// middleware and the evaluation.
package astutil

import (
	"go/ast"
	"go/token"
	"strconv"
)

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

// Leaves reports whether a block leaves the code that follows it on every
// path: its last statement returns, panics, exits or branches, or is an if
// statement (with an else) or a block whose every path does.
func Leaves(b *ast.BlockStmt) bool {
	if b == nil || len(b.List) == 0 {
		return false
	}
	switch st := b.List[len(b.List)-1].(type) {
	case *ast.ReturnStmt, *ast.BranchStmt:
		return true
	case *ast.BlockStmt:
		return Leaves(st)
	case *ast.IfStmt:
		switch e := st.Else.(type) {
		case *ast.BlockStmt:
			return Leaves(st.Body) && Leaves(e)
		case *ast.IfStmt:
			return Leaves(st.Body) && Leaves(&ast.BlockStmt{List: []ast.Stmt{e}})
		}
	case *ast.ExprStmt:
		call, ok := st.X.(*ast.CallExpr)
		if !ok {
			return false
		}
		switch fun := call.Fun.(type) {
		case *ast.Ident:
			return fun.Name == "panic"
		case *ast.SelectorExpr:
			switch fun.Sel.Name {
			case "Exit", "Fatal", "Fatalf", "Fatalln", "Panic", "Panicf", "Panicln", "Goexit", "FailNow", "SkipNow", "Skip", "Skipf":
				return true
			}
		}
	}
	return false
}

// Mentions reports whether n holds an identifier called name, anywhere.
func Mentions(n ast.Node, name string) bool {
	found := false
	ast.Inspect(n, func(n ast.Node) bool {
		if id, ok := n.(*ast.Ident); ok && id.Name == name {
			found = true
		}
		return !found
	})
	return found
}

// EmptyInterface reports whether t is any or interface{}: a type that
// can hold any value, an error among them.
func EmptyInterface(t ast.Expr) bool {
	switch t := t.(type) {
	case *ast.Ident:
		return t.Name == "any"
	case *ast.InterfaceType:
		return t.Methods == nil || len(t.Methods.List) == 0
	}
	return false
}

// TypeSwitchValue returns the value a type switch tests: x of `switch
// x.(type)` or of `switch v := x.(type)`; nil when the switch is not of
// that form.
func TypeSwitchValue(ts *ast.TypeSwitchStmt) ast.Expr {
	var e ast.Expr
	switch a := ts.Assign.(type) {
	case *ast.AssignStmt:
		if len(a.Rhs) == 1 {
			e = a.Rhs[0]
		}
	case *ast.ExprStmt:
		e = a.X
	}
	if ta, ok := e.(*ast.TypeAssertExpr); ok {
		return ta.X
	}
	return nil
}

// SelectorChain returns "a.b.c" for a name or a chain of selectors rooted
// at a name ("xerr.BadParam"), or "" for any other expression.
func SelectorChain(e ast.Expr) string {
	switch e := e.(type) {
	case *ast.Ident:
		return e.Name
	case *ast.SelectorExpr:
		if head := SelectorChain(e.X); head != "" {
			return head + "." + e.Sel.Name
		}
	}
	return ""
}

// StringLit returns the value of a string literal; ok is false for any
// other node, or a literal that does not unquote.
func StringLit(n ast.Node) (string, bool) {
	lit, ok := n.(*ast.BasicLit)
	if !ok || lit.Kind != token.STRING {
		return "", false
	}
	v, err := strconv.Unquote(lit.Value)
	return v, err == nil
}

// LastName returns the name an identifier or a selector ends with: "x" of
// x, "X" of a.b.X; "" for any other expression.
func LastName(e ast.Expr) string {
	switch e := e.(type) {
	case *ast.Ident:
		return e.Name
	case *ast.SelectorExpr:
		return e.Sel.Name
	}
	return ""
}
