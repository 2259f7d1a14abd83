package offline

import (
	"go/ast"
	"strings"
)

// database/sql's ErrTxDone: a statement ran on a transaction already
// committed or rolled back. The place to fix is a function that ends the
// transaction (a Commit or Rollback among its top-level statements, not
// deferred) and uses it afterwards: the end came too early.

// txEnd is a transaction ended too early: where it ends and where it is
// used afterwards.
type txEnd struct {
	fn       string
	end, use sourceLine
	method   string
}

// txUsedAfterEnd returns the module's functions (outside tests) that
// commit or roll back a transaction at their top level and use it in a
// later statement.
func (s *appSource) txUsedAfterEnd() []txEnd {
	var out []txEnd
	s.eachFunc(func(f *appFile, fd *ast.FuncDecl) {
		if strings.HasSuffix(f.path, "_test.go") {
			return
		}
		fn := funcName(fd)
		for i, st := range fd.Body.List {
			tx, method, call := endsTx(st)
			if call == nil {
				continue
			}
			for _, later := range fd.Body.List[i+1:] {
				if use := identUse(later, tx); use != nil {
					out = append(out, txEnd{fn: fn, end: s.lineAt(f, call.Pos(), fn), use: s.lineAt(f, use.Pos(), fn), method: method})
					return
				}
			}
		}
	})
	return out
}

// endsTx returns the variable and method of a Commit or Rollback call
// that the statement makes itself (tx.Commit(), err := tx.Commit(), or an
// if statement's initialiser), nil when it makes none.
func endsTx(st ast.Stmt) (string, string, *ast.CallExpr) {
	var e ast.Expr
	switch st := st.(type) {
	case *ast.ExprStmt:
		e = st.X
	case *ast.AssignStmt:
		if len(st.Rhs) == 1 {
			e = st.Rhs[0]
		}
	case *ast.IfStmt:
		if as, ok := st.Init.(*ast.AssignStmt); ok && len(as.Rhs) == 1 {
			e = as.Rhs[0]
		}
	}
	call, ok := e.(*ast.CallExpr)
	if !ok || len(call.Args) != 0 {
		return "", "", nil
	}
	sel, ok := call.Fun.(*ast.SelectorExpr)
	if !ok || (sel.Sel.Name != "Commit" && sel.Sel.Name != "Rollback") {
		return "", "", nil
	}
	x, ok := sel.X.(*ast.Ident)
	if !ok {
		return "", "", nil
	}
	return x.Name, sel.Sel.Name, call
}

// identUse returns the first use of the variable name in n.
func identUse(n ast.Node, name string) *ast.Ident {
	var found *ast.Ident
	ast.Inspect(n, func(n ast.Node) bool {
		if found != nil {
			return false
		}
		if id, ok := n.(*ast.Ident); ok && id.Name == name {
			found = id
		}
		return found == nil
	})
	return found
}

// txDone explains ErrTxDone from the one function of the module that
// ends a transaction before using it again. It reports whether it did.
func (a *analysis) txDone(msg string) bool {
	if !strings.Contains(msg, knownSentinels["sql.ErrTxDone"]) {
		return false
	}
	src := a.app()
	if src == nil {
		return false
	}
	ends := src.txUsedAfterEnd()
	if len(ends) != 1 {
		return false
	}
	e := ends[0]
	a.headline("A transaction used after " + e.method)
	a.why("The error says " + code(shorten(msg, 160)) + ": a statement ran on a transaction that was already committed or rolled back (" + code("sql.ErrTxDone") + ").")
	a.why(code(e.fn) + " calls " + code(e.method) + " at " + a.cite(e.end) + " and uses the transaction again afterwards, at " + a.cite(e.use) + ": every statement after the " + code(e.method) + " fails this way.")
	a.fix("In " + code(e.fn) + ", end the transaction only after its last statement: move the " + code(e.method) + " at " + code(a.fileLoc(e.end.Path, e.end.Line)) + " below " + code(a.fileLoc(e.use.Path, e.use.Line)) + ".")
	return true
}
