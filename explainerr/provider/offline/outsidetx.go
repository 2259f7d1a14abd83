package offline

import (
	"github.com/explainerr/explainerr/explainerr/internal/appsource"
)

// outsideTxSays explains a failure by a statement of a transaction's
// function that is given the outer handle instead of the transaction's
// (appsource.Module.OutsideTxIn), among the functions the request
// reached: it runs outside the transaction, on another connection, and
// does not see the rows the transaction wrote. It reports whether it
// found one.
func (a *analysis) outsideTxSays() bool {
	src := a.app()
	if src == nil || src.mod == nil {
		return false
	}
	for _, ref := range a.reached() {
		for _, o := range src.mod.OutsideTxIn(ref) {
			f := src.viewOf(ref.File)
			fn := appsource.FuncName(ref.Decl)
			at := src.lineAt(f, o.Call, fn)
			a.g.Add(fn, o.Outer, o.Tx, at.Text)
			a.headline("A statement run outside its transaction: " + code(o.Outer) + " in place of " + code(o.Tx))
			a.why("In " + code(fn) + ", the function run in the transaction is given " + code(o.Tx) + ", but the call at " + a.cite(at) + " is given " + code(o.Outer) + ", the handle from outside it: that statement runs on another connection, outside the transaction, and does not see the rows the transaction has written and not yet committed. A row the transaction just wrote is not found there.")
			a.fix("In " + code(fn) + ", give the call at " + code(a.fileLoc(at.Path, at.Line)) + " " + code(o.Tx) + " instead of " + code(o.Outer) + ", as the transaction's other statements are.")
			return true
		}
	}
	return false
}
