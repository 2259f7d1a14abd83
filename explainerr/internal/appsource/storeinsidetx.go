package appsource

import (
	"go/ast"

	"github.com/explainerr/explainerr/internal/astutil"
)

// A function that runs a transaction through a store's helper
// (s.ds.WithTx(func(tx Store) error {…})) and, inside it, calls the store
// it began the transaction on (s.ds.GC(ctx)) instead of the transaction
// runs that statement on another connection: on SQLite it waits for the
// transaction's own write lock until the busy timeout.

// txFuncHelpers are the methods that run a function in a transaction
// they begin: database libraries' and the stores' own.
var txFuncHelpers = map[string]bool{"WithTx": true, "WithTransaction": true, "InTx": true, "InTransaction": true, "RunInTx": true,
	"RunInTransaction": true, "Transaction": true, "Transact": true, "BeginFunc": true, "BeginTxFunc": true}

// StoreInsideTx returns the line of fd's body, inside a function literal
// handed to a transaction helper called on a store (x.WithTx(func…)),
// that calls that same store again; ok is false when there is none.
func (m *Module) StoreInsideTx(fd *ast.FuncDecl) (line int, ok bool) {
	if fd == nil || fd.Body == nil {
		return 0, false
	}
	ast.Inspect(fd.Body, func(n ast.Node) bool {
		call, isCall := n.(*ast.CallExpr)
		if ok || !isCall {
			return !ok
		}
		sel, isSel := call.Fun.(*ast.SelectorExpr)
		if !isSel || !txFuncHelpers[sel.Sel.Name] {
			return true
		}
		store := astutil.ExprString(sel.X)
		for _, arg := range call.Args {
			lit, isLit := arg.(*ast.FuncLit)
			if !isLit {
				continue
			}
			ast.Inspect(lit.Body, func(n ast.Node) bool {
				inner, isCall := n.(*ast.CallExpr)
				if ok || !isCall {
					return !ok
				}
				if s, isSel := inner.Fun.(*ast.SelectorExpr); isSel && astutil.ExprString(s.X) == store {
					line, ok = m.Fset.Position(inner.Pos()).Line, true
				}
				return !ok
			})
		}
		return !ok
	})
	return line, ok
}
