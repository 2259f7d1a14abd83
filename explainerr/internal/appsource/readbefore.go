package appsource

import (
	"go/ast"
	"go/token"
)

// A value a function read a field through, on a path every run of it
// takes before a line, was not nil then: a nil pointer would have failed
// at that read. Unless the variable was assigned since, it is not the nil
// one at the line either. That rules out a receiver or a parameter named
// as the nil operand when the function (or its caller, for the value it
// passes) already read through it: the nil is further in, a field the
// value holds.

// FieldReadBefore returns the line, before line, where the function
// holding file:line reads a field through the variable root (root.f, not
// root.f() alone) in a statement every run of the function takes there:
// not in a branch's or a loop's body, nor in the right operand of && or
// ||; with no assignment to root between that read and line; and not in
// the statement that holds line. It returns 0 when there is none.
func (m *Module) FieldReadBefore(file string, line int, root string) int {
	_, fd := m.FuncAt(file, line)
	if fd == nil || fd.Body == nil || root == "" {
		return 0
	}
	read, assigned := 0, 0
	lineOf := func(p token.Pos) int { return m.Fset.Position(p).Line }
	var visit func(n ast.Node, called bool)
	visit = func(n ast.Node, called bool) {
		switch n := n.(type) {
		case nil:
		case *ast.BlockStmt, *ast.FuncLit, *ast.CaseClause, *ast.CommClause:
			// A body some runs do not take.
		case *ast.IfStmt:
			visit(n.Init, false)
			visit(n.Cond, false)
		case *ast.ForStmt:
			visit(n.Init, false)
		case *ast.RangeStmt:
			visit(n.X, false)
		case *ast.SwitchStmt:
			visit(n.Init, false)
			visit(n.Tag, false)
		case *ast.TypeSwitchStmt:
			visit(n.Init, false)
			visit(n.Assign, false)
		case *ast.BinaryExpr:
			visit(n.X, false)
			if n.Op != token.LAND && n.Op != token.LOR {
				visit(n.Y, false)
			}
		case *ast.CallExpr:
			visit(n.Fun, true)
			for _, arg := range n.Args {
				visit(arg, false)
			}
		case *ast.SelectorExpr:
			if id, ok := n.X.(*ast.Ident); ok && id.Name == root {
				if !called && lineOf(n.Pos()) < line {
					read = max(read, lineOf(n.Pos()))
				}
				return
			}
			visit(n.X, false)
		case *ast.AssignStmt:
			for _, l := range n.Lhs {
				if id, ok := l.(*ast.Ident); ok && id.Name == root && lineOf(n.Pos()) < line {
					assigned = max(assigned, lineOf(n.Pos()))
				}
			}
			for _, e := range append(append([]ast.Expr(nil), n.Lhs...), n.Rhs...) {
				visit(e, false)
			}
		default:
			ast.Inspect(n, func(c ast.Node) bool {
				if c == n {
					return true
				}
				if c != nil {
					visit(c, false)
				}
				return false
			})
		}
	}
	for _, st := range fd.Body.List {
		if lineOf(st.Pos()) >= line {
			break
		}
		if simpleStmt(st) && lineOf(st.End()) >= line {
			// The failing statement itself, over several lines (a
			// composite literal): the line a panic reports in it says
			// nothing of the order its reads ran in.
			break
		}
		visit(st, false)
	}
	if read <= assigned {
		return 0
	}
	return read
}

// simpleStmt reports whether st holds no statements of its own: an
// assignment, an expression, a return, a declaration and the like.
func simpleStmt(st ast.Stmt) bool {
	switch st.(type) {
	case *ast.AssignStmt, *ast.ExprStmt, *ast.ReturnStmt, *ast.DeclStmt, *ast.GoStmt, *ast.DeferStmt, *ast.SendStmt, *ast.IncDecStmt:
		return true
	}
	return false
}
