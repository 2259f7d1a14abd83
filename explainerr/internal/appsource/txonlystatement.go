package appsource

import (
	"go/ast"
	"regexp"
	"strings"

	"github.com/explainerr/explainerr/internal/astutil"
)

// Some statements may not run inside a transaction: SQLite refuses VACUUM
// there ("cannot VACUUM from within a transaction"), PostgreSQL refuses
// VACUUM, REINDEX of a database and CREATE INDEX CONCURRENTLY ("… cannot
// run inside a transaction block"). The fix is where the statement is run:
// on the database handle, outside the transaction (after its commit).

// txRefusedWords matches such an error; the statement's words are the
// first group that matched.
var txRefusedWords = regexp.MustCompile(`(?i)cannot (VACUUM) from within a transaction|\b(VACUUM|REINDEX|CREATE INDEX CONCURRENTLY|DROP INDEX CONCURRENTLY)\b[\w ]*? cannot run inside a transaction block`)

// TxRefusedStatement returns the words of the statement an error says may
// not run inside a transaction ("VACUUM", "CREATE INDEX CONCURRENTLY").
func TxRefusedStatement(msg string) (string, bool) {
	m := txRefusedWords.FindStringSubmatch(msg)
	if m == nil {
		return "", false
	}
	for _, g := range m[1:] {
		if g != "" {
			return strings.ToUpper(g), true
		}
	}
	return "", false
}

// StatementRun is a call of the module that runs an SQL statement written
// as a literal argument.
type StatementRun struct {
	Func FuncRef
	// Call runs the statement: tx.ExecContext(ctx, "VACUUM").
	Call *ast.CallExpr
	// Runner is what the statement is run on ("tx", "d.db").
	Runner string
	// OnTx says Runner is a transaction: a value the function began with
	// Begin, BeginTx, Beginx or BeginTxx, a parameter of a type named Tx,
	// or a name that says so (tx, txn, trx, …Tx).
	OnTx bool
	// Handle is what the transaction was begun on ("d.db"), when the
	// function began it; "" otherwise.
	Handle string
}

// StatementRuns returns the calls that run a literal statement starting
// with words (case aside), in the module's order.
func (m *Module) StatementRuns(words string) []StatementRun {
	starts := regexp.MustCompile(`(?i)^\s*` + strings.Join(strings.Fields(regexp.QuoteMeta(words)), `\s+`) + `\b`)
	var out []StatementRun
	for _, l := range m.SQLLiterals() {
		if !starts.MatchString(l.Value) {
			continue
		}
		d, lit := l.Syntax()
		fd, ok := d.(*ast.FuncDecl)
		if !ok || lit == nil || fd.Body == nil {
			continue
		}
		ast.Inspect(fd.Body, func(n ast.Node) bool {
			call, ok := n.(*ast.CallExpr)
			if !ok {
				return true
			}
			sel, ok := call.Fun.(*ast.SelectorExpr)
			if !ok || !takesArg(call, lit) {
				return true
			}
			run := StatementRun{Func: FuncRef{File: l.File, Decl: fd}, Call: call, Runner: astutil.ExprString(sel.X)}
			run.OnTx, run.Handle = onTransaction(fd, sel.X)
			out = append(out, run)
			return false
		})
	}
	return out
}

// takesArg reports whether lit is one of call's arguments.
func takesArg(call *ast.CallExpr, lit *ast.BasicLit) bool {
	for _, a := range call.Args {
		if ast.Unparen(a) == lit {
			return true
		}
	}
	return false
}

// BeginCalls are the methods that begin a transaction on a pool
// (database/sql's, sqlx's).
var BeginCalls = map[string]bool{"Begin": true, "BeginTx": true, "Beginx": true, "BeginTxx": true}

// onTransaction reports whether runner, in fd, is a transaction, and what
// fd began it on when fd did.
func onTransaction(fd *ast.FuncDecl, runner ast.Expr) (bool, string) {
	id, ok := ast.Unparen(runner).(*ast.Ident)
	if !ok {
		return false, ""
	}
	handle, began := "", false
	ast.Inspect(fd.Body, func(n ast.Node) bool {
		as, ok := n.(*ast.AssignStmt)
		if !ok || began || len(as.Rhs) != 1 {
			return !began
		}
		call, ok := ast.Unparen(as.Rhs[0]).(*ast.CallExpr)
		if !ok {
			return true
		}
		sel, ok := call.Fun.(*ast.SelectorExpr)
		if !ok || !BeginCalls[sel.Sel.Name] {
			return true
		}
		if lhs, ok := as.Lhs[0].(*ast.Ident); ok && lhs.Name == id.Name {
			handle, began = astutil.ExprString(sel.X), true
		}
		return !began
	})
	if began {
		return true, handle
	}
	for _, p := range fd.Type.Params.List {
		for _, n := range p.Names {
			if n.Name == id.Name && strings.HasSuffix(astutil.ExprString(p.Type), "Tx") {
				return true, ""
			}
		}
	}
	return txName(id.Name), ""
}
