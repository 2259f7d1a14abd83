package offline

import (
	"go/ast"
	"strings"

	"github.com/explainerr/explainerr/explainerr/internal/appsource"
	"github.com/explainerr/explainerr/internal/astutil"
)

// A statement the database refuses inside a transaction (SQLite's VACUUM,
// PostgreSQL's VACUUM or CREATE INDEX CONCURRENTLY) is fixed where it is
// run: on the database handle, after the transaction commits. The
// explanation names the call only when the module's source shows it runs
// the statement on a transaction; otherwise it says what the database
// refuses and leaves the place to the reader.

// txRefused explains such an error from the calls of the module that run
// the statement. It reports whether it did.
func (a *analysis) txRefused(msg string) bool {
	stmt, ok := appsource.TxRefusedStatement(msg)
	if !ok {
		return false
	}
	a.headline("A " + code(stmt) + " run inside a transaction")
	a.why("The error says " + code(shorten(msg, 160)) + ": the database runs " + code(stmt) + " only outside a transaction, and this one was given to it inside one.")
	a.g.Add(stmt)
	src := a.app()
	var onTx []appsource.StatementRun
	if src != nil && src.mod != nil {
		for _, run := range src.mod.StatementRuns(stmt) {
			if run.OnTx && !strings.HasSuffix(run.Func.File.Path, "_test.go") {
				onTx = append(onTx, run)
			}
		}
		d := a.dialect()
		onTx = appsource.ByDialect(onTx, d, d != "" && src.mod.HasDialectFiles(d), func(r appsource.StatementRun) string { return src.mod.Rel(r.Func.File.Path) })
		onTx = reachedFirst(a, onTx, func(r appsource.StatementRun) *ast.FuncDecl { return r.Func.Decl })
	}
	if len(onTx) == 0 {
		a.fix("Find where " + code(stmt) + " is run and run it on the database handle (" + code("*sql.DB") + "), not on a transaction, after any transaction around it has committed.")
		return true
	}
	run := onTx[0]
	fn := appsource.FuncName(run.Func.Decl)
	f := src.viewOf(run.Func.File)
	at := src.lineAt(f, run.Call.Pos(), fn)
	a.g.Add(at.Text, fn, baseName(at.Path))
	a.why(code(fn) + " runs it on the transaction " + code(run.Runner) + " at " + code(a.fileLoc(at.Path, at.Line)) + ": " + code(at.Text) + ".")
	if run.Handle == "" {
		a.fix("In " + code(fn) + ", do not run " + code(stmt) + " on " + code(run.Runner) + ": run it on the database handle (" + code("*sql.DB") + "), outside any transaction, after the transaction has committed.")
		return true
	}
	call := astutil.ExprString(run.Call)
	onHandle := run.Handle + strings.TrimPrefix(call, run.Runner)
	a.g.Add(onHandle, run.Handle)
	a.fix("In " + code(fn) + ", commit the transaction first and then run " + code(stmt) + " on " + code(run.Handle) + ", the handle the transaction was begun on: " + code(onHandle) + " in place of " + code(call) + ".")
	return true
}
