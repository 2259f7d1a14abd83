package offline

import (
	"strings"

	"github.com/explainerr/explainerr/explainerr/internal/appsource"
)

// A statement that waited for a lock until it gave up ("database is
// locked", "lock wait timeout") may be blocked by a transaction another
// request began and never ended: the function that leaves it open, not
// the failing request's, is the fix (appsource.UnendedTransactions).

// unendedTransaction explains a lock wait by the module's one function
// that begins a transaction and never ends it. It reports whether it did.
func (a *analysis) unendedTransaction(msg string) bool {
	src := a.app()
	if src == nil || src.mod == nil || !appsource.LockWait.MatchString(msg) {
		return false
	}
	open := src.mod.UnendedTransactions()
	if len(open) != 1 {
		return false
	}
	u := open[0]
	fn := funcName(u.Func.Decl)
	at := src.lineIn(u.Func.File, u.Begin, fn)
	a.fixedAtOrigin = true
	a.g.Add(fn, "Commit", "Rollback")
	a.headline("A transaction left open: " + code(fn) + " never commits or rolls back")
	hold := "the rows it wrote stay locked"
	if strings.Contains(strings.ToLower(msg), "database is locked") || strings.Contains(strings.ToLower(msg), "sqlite") {
		hold = "SQLite lets one connection write at a time, and that transaction keeps the write lock"
	}
	a.why("The statement waited for a lock and gave up (" + code(shorten(msg, 100)) + "). " + code(fn) + " begins a transaction at " + a.cite(at) + " and neither commits nor rolls it back: once it has run (for an earlier request), " + hold + " until its connection closes, so later writes wait and fail.")
	a.fix("End the transaction in " + code(fn) + ": " + code("Commit") + " once its statements succeed, and " + code("Rollback") + " on every error path (a deferred " + code("Rollback") + " after " + code(a.fileLoc(at.Path, at.Line)) + " does it).")
	return true
}
