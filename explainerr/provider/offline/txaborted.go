package offline

import (
	"regexp"
	"strings"

	"github.com/explainerr/explainerr/explainerr/internal/appsource"
)

// PostgreSQL's "current transaction is aborted, commands ignored until end
// of transaction block" (SQLSTATE 25P02) is not the statement that
// failed: an earlier statement of the same transaction failed, its error
// was let pass, and PostgreSQL refuses every later one until the
// transaction ends. The place to fix is the function that let it pass.

// txAbortedWords matches PostgreSQL's aborted-transaction error.
var txAbortedWords = regexp.MustCompile(`current transaction is aborted|\b25P02\b`)

// txAborted explains an aborted transaction from the one function the
// request reached that lets a statement's error on a transaction pass and
// runs another on it. It reports whether it did.
func (a *analysis) txAborted(msg string) bool {
	if !txAbortedWords.MatchString(msg) {
		return false
	}
	src := a.app()
	if src == nil || src.mod == nil {
		return false
	}
	var found []appsource.TxErrorPassed
	for _, ref := range src.mod.Reach(a.stackFrames()) {
		if strings.HasSuffix(ref.File.Path, "_test.go") {
			continue
		}
		if p, ok := src.mod.TxErrorLetPass(ref); ok {
			found = append(found, p)
		}
	}
	a.headline("A statement ran in a transaction that had already failed")
	a.why("The error says " + code(shorten(msg, 160)) + ": an earlier statement of the same transaction failed, and PostgreSQL refuses every later statement of it until the transaction ends. The statement named here is not the one that failed.")
	if len(found) != 1 {
		a.fix("Find the statement of this transaction that failed before this one (the database's log has it) and return its error instead of going on with the transaction.")
		return true
	}
	p := found[0]
	fn := appsource.FuncName(p.Func.Decl)
	f := src.viewOf(p.Func.File)
	stmt, later := src.lineAt(f, p.Stmt, fn), src.lineAt(f, p.Later, fn)
	a.g.Add(fn, stmt.Text, later.Text, baseName(stmt.Path))
	a.why(code(fn) + " lets an error of the statement at " + code(a.fileLoc(stmt.Path, stmt.Line)) + " pass (" + code(stmt.Text) + ") and then runs another on the same transaction at " + code(a.fileLoc(later.Path, later.Line)) + " (" + code(later.Text) + "): when the first fails, the second fails this way.")
	if p.Expected {
		// The function tests the error and goes on by design (insert,
		// then update on a duplicate): returning it would fail every
		// such request.
		a.why(code(fn) + " means to go on when that statement fails (it tests its error and takes another path), but on PostgreSQL a failed statement ends what its transaction can do.")
		a.fix("In " + code(fn) + ", keep the statement at " + code(a.fileLoc(stmt.Path, stmt.Line)) + " from aborting the transaction: run it under a savepoint (" + code("SAVEPOINT") + " … " + code("ROLLBACK TO SAVEPOINT") + ", gorm's " + code("SavePoint") + "/" + code("RollbackTo") + "), or write the insert-or-update as one statement (" + code("INSERT … ON CONFLICT … DO UPDATE") + ", gorm's " + code("clause.OnConflict") + ").")
		a.g.Add("SAVEPOINT", "ROLLBACK TO SAVEPOINT", "SavePoint", "RollbackTo", "INSERT … ON CONFLICT … DO UPDATE", "clause.OnConflict")
		return true
	}
	a.fix("In " + code(fn) + ", return the error of the statement at " + code(a.fileLoc(stmt.Path, stmt.Line)) + " (the transaction is then rolled back); when that failure is expected (a duplicate), avoid it in the statement itself (" + code("ON CONFLICT DO NOTHING") + ") or run it under a savepoint.")
	a.g.Add("ON CONFLICT DO NOTHING")
	return true
}
