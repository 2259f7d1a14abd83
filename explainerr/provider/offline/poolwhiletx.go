package offline

import (
	"go/ast"
	"go/types"
	"regexp"
	"strings"

	"github.com/explainerr/explainerr/explainerr/internal/appsource"
)

// A statement run on the pool (m.DB.ExecContext, or a query built on it:
// e.db.Item.UpdateOneID(id)…Exec(ctx)) while the same function holds a
// transaction open on that pool (db.Begin, ent's client.Tx) waits on another connection for
// every lock the transaction took (a SELECT … FOR UPDATE, an UPDATE of
// the same row) until its context ends: the request fails with the
// context's error, or the driver's "bad connection" when the context
// cut the connection. The statement belongs on the transaction.

// statementCalls are the methods that run a statement: database/sql's
// and sqlx's, and those that end a query builder's chain (ent's Save,
// Exec, Only, All).
var statementCalls = map[string]bool{"Exec": true, "ExecContext": true, "Query": true, "QueryContext": true, "QueryRow": true, "QueryRowContext": true,
	"Get": true, "GetContext": true, "Select": true, "SelectContext": true, "NamedExec": true, "NamedExecContext": true,
	"Save": true, "SaveX": true, "ExecX": true, "Only": true, "OnlyX": true, "All": true, "AllX": true, "First": true, "Count": true, "Exist": true}

// onPool reports whether a statement's receiver, as written, is the pool
// or a chain built on it (e.db.Item.UpdateOneID(id).AddLabelIDs(ids...)
// on e.db).
func onPool(recv, pool string) bool {
	return recv == pool || strings.HasPrefix(recv, pool+".")
}

// waitedRe matches a failure a statement waiting on a lock ends with.
var waitedRe = regexp.MustCompile(`(?i)bad connection|deadline exceeded|canceling statement|context canceled|timeout|lock wait|database is locked`)

// poolWhileTx explains a wait on a statement the request ran on a
// pool while its transaction on that pool was open; it reports whether
// it did.
func (a *analysis) poolWhileTx(msg string) bool {
	src := a.app()
	if src == nil || src.mod == nil || !waitedRe.MatchString(msg) {
		return false
	}
	found := false
	for _, r := range a.reached() {
		if r.Decl == nil || r.Decl.Body == nil {
			continue
		}
		if begin, use, pool := statementBesideTx(r.Decl.Body); use != nil {
			a.sayPoolWhileTx(msg, r, begin, use, pool, "")
			found = true
			break
		}
	}
	if found {
		return true
	}
	// No function the request is known to have reached does it (a router
	// of the app's own hides the handler): the module's only one that
	// does, named as such.
	var only []appsource.FuncRef
	src.eachDecl(func(f *appFile, d ast.Decl, in string) {
		fd, ok := d.(*ast.FuncDecl)
		if !ok || fd.Body == nil || strings.HasSuffix(f.path, "_test.go") || f.src == nil {
			return
		}
		if _, use, _ := statementBesideTx(fd.Body); use != nil {
			only = append(only, appsource.FuncRef{File: f.src, Decl: fd})
		}
	})
	if len(only) != 1 {
		return false
	}
	begin, use, pool := statementBesideTx(only[0].Decl.Body)
	a.sayPoolWhileTx(msg, only[0], begin, use, pool, "The stack does not show which function ran the statement; of the module's functions, only this one runs one beside its own transaction. ")
	return true
}

// statementBesideTx returns, in body, the first transaction begun on a
// pool and a statement run on that pool after it (or on a query built on
// it); use is nil when there is none.
func statementBesideTx(body *ast.BlockStmt) (begin, use *ast.CallExpr, pool string) {
	ast.Inspect(body, func(n ast.Node) bool {
		ce, ok := n.(*ast.CallExpr)
		if !ok || use != nil {
			return use == nil
		}
		sel, ok := ce.Fun.(*ast.SelectorExpr)
		if !ok {
			return true
		}
		switch {
		case begin == nil && (sel.Sel.Name == "Begin" || sel.Sel.Name == "BeginTx" || sel.Sel.Name == "Beginx" || sel.Sel.Name == "BeginTxx" || sel.Sel.Name == "Tx" && len(ce.Args) == 1):
			begin, pool = ce, types.ExprString(sel.X)
		case begin != nil && statementCalls[sel.Sel.Name] && onPool(types.ExprString(sel.X), pool):
			use = ce
		}
		return true
	})
	return begin, use, pool
}

// sayPoolWhileTx writes the explanation of a statement run on the pool
// beside the transaction r's function holds; lead opens the why when the
// stack does not show that function.
func (a *analysis) sayPoolWhileTx(msg string, r appsource.FuncRef, begin, use *ast.CallExpr, pool, lead string) {
	src := a.app()
	f, fn := src.viewOf(r.File), funcName(r.Decl)
	bl, ul := src.lineAt(f, begin.Pos(), fn), src.lineAt(f, use.Pos(), fn)
	a.g.Add(pool, strings.TrimSpace(bl.Text), strings.TrimSpace(ul.Text))
	a.headline("A statement run beside its own open transaction: " + code(strings.TrimSpace(ul.Text)))
	wait := "A row the transaction locked (" + code("FOR UPDATE") + ", an UPDATE) makes that statement wait until its context ends."
	if strings.Contains(strings.ToLower(msg), "database is locked") {
		// SQLite: one writer at a time, for the whole file.
		wait = "SQLite lets one connection write at a time: the transaction holds the write lock, so the statement waits for it until the busy timeout and fails."
	}
	a.why(lead + code(fn) + " begins a transaction on " + code(pool) + " at " + a.cite(bl) + ", and runs a statement on " + code(pool) + " itself at " + code(a.fileLoc(ul.Path, ul.Line)) + ": " + code(strings.TrimSpace(ul.Text)) + ", on another connection, while the transaction is open. " + wait)
	a.fix("In " + code(fn) + ", run the statement at " + code(a.fileLoc(ul.Path, ul.Line)) + " on the transaction, not on " + code(pool) + ".")
}
