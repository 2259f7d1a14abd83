package appsource

import (
	"go/ast"
	"go/token"
)

// A transaction is used after it ended in two shapes a function shows by
// itself: it commits or rolls back at its top level and then runs another
// statement on the same transaction, or it commits or rolls back inside
// the function it hands to a helper that ends the transaction itself
// (gorm's Transaction, bun's RunInTx, pgx's BeginFunc, or the app's own
// helper that calls Commit), which then ends it a second time.

// TxEnd is a transaction ended too early in one function: the Commit or
// Rollback call, and the statement that uses the transaction afterwards
// or the helper call whose own end comes after.
type TxEnd struct {
	Func FuncRef
	// Method is "Commit" or "Rollback".
	Method string
	// End is the call that ends the transaction; After is the later use
	// of it, or the call of the helper that ends it again.
	End, After token.Pos
	// InHelper is true for the second shape: the end is inside the
	// function handed to After's helper.
	InHelper bool
}

// txHelpers are the library functions that run a function in a
// transaction they begin and end themselves.
var txHelpers = map[string]bool{"Transaction": true, "RunInTx": true, "BeginFunc": true, "BeginTxFunc": true}

// TxEndedEarly reports how ref ends a transaction before it is done with
// it, if it does.
func (m *Module) TxEndedEarly(ref FuncRef) (TxEnd, bool) {
	fd := ref.Decl
	if fd == nil || fd.Body == nil {
		return TxEnd{}, false
	}
	for i, st := range fd.Body.List {
		tx, method, call := endsTx(st)
		if call == nil {
			continue
		}
		for _, later := range fd.Body.List[i+1:] {
			if use := identUse(later, tx); use != nil {
				return TxEnd{Func: ref, Method: method, End: call.Pos(), After: use.Pos()}, true
			}
		}
	}
	var out TxEnd
	ast.Inspect(fd.Body, func(n ast.Node) bool {
		ce, ok := n.(*ast.CallExpr)
		if !ok || out.End.IsValid() || !m.endsItself(ref, ce) {
			return !out.End.IsValid()
		}
		for _, arg := range ce.Args {
			lit, ok := arg.(*ast.FuncLit)
			if !ok || lit.Type.Params == nil || len(lit.Type.Params.List) == 0 {
				continue
			}
			params := map[string]bool{}
			for _, p := range lit.Type.Params.List {
				for _, n := range p.Names {
					params[n.Name] = true
				}
			}
			ast.Inspect(lit.Body, func(n ast.Node) bool {
				if c, isCall := n.(*ast.CallExpr); isCall && !out.End.IsValid() {
					if tx, method, ok := txEndCall(c); ok && params[tx] {
						out = TxEnd{Func: ref, Method: method, End: c.Pos(), After: ce.Pos(), InHelper: true}
					}
				}
				return !out.End.IsValid()
			})
		}
		return !out.End.IsValid()
	})
	return out, out.End.IsValid()
}

// endsItself reports whether the call runs a function in a transaction it
// ends itself: a library helper by its name, or a module function that
// calls Commit.
func (m *Module) endsItself(ref FuncRef, ce *ast.CallExpr) bool {
	if txHelpers[CalleeName(ce.Fun)] {
		return true
	}
	for _, h := range newResolver(m, ref.File, ref.Decl).resolve(ce.Fun) {
		if callsAny(h.Decl, map[string]bool{"Commit": true}) {
			return true
		}
	}
	return false
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
	case *ast.ReturnStmt:
		if len(st.Results) == 1 {
			e = st.Results[0]
		}
	}
	call, ok := e.(*ast.CallExpr)
	if !ok {
		return "", "", nil
	}
	tx, method, ok := txEndCall(call)
	if !ok {
		return "", "", nil
	}
	return tx, method, call
}

// txEndCall returns the variable and method of x.Commit() or
// x.Rollback().
func txEndCall(call *ast.CallExpr) (string, string, bool) {
	sel, ok := call.Fun.(*ast.SelectorExpr)
	if !ok || len(call.Args) != 0 || (sel.Sel.Name != "Commit" && sel.Sel.Name != "Rollback") {
		return "", "", false
	}
	x, ok := sel.X.(*ast.Ident)
	if !ok {
		return "", "", false
	}
	return x.Name, sel.Sel.Name, true
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
