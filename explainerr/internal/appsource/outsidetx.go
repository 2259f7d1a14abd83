package appsource

import (
	"go/ast"
	"go/token"
	"regexp"

	"github.com/explainerr/explainerr/internal/astutil"
)

// A function run in a transaction is given the transaction's own handle:
// a context that carries it (RunTx(ctx, func(txCtx context.Context)
// error)), a *gorm.DB or a bun.Tx (db.Transaction(func(tx *gorm.DB)
// error)). A statement inside it that is given the outer handle instead
// (ctx, db) runs outside the transaction, on another connection: it does
// not see the rows the transaction wrote and has not committed, and it
// is not undone when the transaction rolls back.

// OutsideTx is a statement of a transaction's function given the outer
// handle: the call, the outer handle's name, and the transaction's.
type OutsideTx struct {
	Func      FuncRef
	Call      token.Pos
	Outer, Tx string
}

// txRunner matches the name of a call that runs a function in a
// transaction.
var txRunner = regexp.MustCompile(`(?i)tx|transact`)

// OutsideTxIn returns the statements of fd's transaction functions that
// are given the outer handle (OutsideTx), in order: a function literal
// passed to a call named for a transaction, whose parameter has the type
// of a variable of fd (its own parameter, or the receiver's field it
// reads), where both the parameter and that variable are passed to calls
// in its body.
func (m *Module) OutsideTxIn(ref FuncRef) []OutsideTx {
	fd := ref.Decl
	if fd == nil || fd.Body == nil || fd.Type.Params == nil {
		return nil
	}
	outer := map[string]string{} // the function's parameters, by name: their type as written
	for _, fl := range fd.Type.Params.List {
		for _, n := range fl.Names {
			outer[n.Name] = astutil.ExprString(fl.Type)
		}
	}
	var out []OutsideTx
	ast.Inspect(fd.Body, func(n ast.Node) bool {
		ce, ok := n.(*ast.CallExpr)
		if !ok || !txRunner.MatchString(CalleeName(ce.Fun)) {
			return true
		}
		for _, arg := range ce.Args {
			lit, ok := arg.(*ast.FuncLit)
			if !ok || lit.Type.Params == nil {
				continue
			}
			for _, fl := range lit.Type.Params.List {
				typ := astutil.ExprString(fl.Type)
				for _, p := range fl.Names {
					for name, t := range outer {
						if t != typ || name == p.Name {
							continue
						}
						txUses := passedIn(lit.Body, p.Name)
						for _, u := range passedIn(lit.Body, name) {
							// Only a call on the same store (or on the
							// handle itself) as one given the transaction's
							// handle: logging the outer context is no
							// statement.
							if sameTarget(u, txUses) {
								out = append(out, OutsideTx{Func: ref, Call: u.at, Outer: name, Tx: p.Name})
							}
						}
					}
				}
			}
		}
		return true
	})
	return out
}

// handleUse is a call given a handle: where, and what it is called on
// (the store's expression, "" when the handle is itself the receiver).
type handleUse struct {
	at   token.Pos
	recv string
}

// sameTarget reports whether u is called on what one of uses is.
func sameTarget(u handleUse, uses []handleUse) bool {
	for _, t := range uses {
		if t.recv == u.recv {
			return true
		}
	}
	return false
}

// passedIn returns the calls of body that are given name as an argument
// or are called on it, outside nested function literals.
func passedIn(body *ast.BlockStmt, name string) []handleUse {
	var out []handleUse
	ast.Inspect(body, func(n ast.Node) bool {
		if _, lit := n.(*ast.FuncLit); lit {
			return false
		}
		ce, ok := n.(*ast.CallExpr)
		if !ok {
			return true
		}
		sel, isSel := ce.Fun.(*ast.SelectorExpr)
		if isSel {
			if id, ok := sel.X.(*ast.Ident); ok && id.Name == name {
				out = append(out, handleUse{at: ce.Pos()})
				return true
			}
		}
		for _, a := range ce.Args {
			if id, ok := a.(*ast.Ident); ok && id.Name == name {
				recv := ""
				if isSel {
					recv = astutil.ExprString(sel.X)
				}
				out = append(out, handleUse{at: ce.Pos(), recv: recv})
				break
			}
		}
		return true
	})
	return out
}
