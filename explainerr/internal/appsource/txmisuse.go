package appsource

import (
	"fmt"
	"go/ast"
	"go/token"
	"regexp"
	"strings"

	"github.com/explainerr/explainerr/internal/astutil"
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

// txEnds are the methods that end a transaction.
var txEnds = map[string]bool{"Commit": true, "Rollback": true}

// TxEndedEarly reports how ref ends a transaction before it is done with
// it, if it does.
func (m *Module) TxEndedEarly(ref FuncRef) (TxEnd, bool) {
	fd := ref.Decl
	if fd == nil || fd.Body == nil || !callsAny(fd, txEnds) {
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
	var res *resolver // made once, for the calls that need it
	ast.Inspect(fd.Body, func(n ast.Node) bool {
		ce, ok := n.(*ast.CallExpr)
		if !ok || out.End.IsValid() {
			return !out.End.IsValid()
		}
		for _, arg := range ce.Args {
			lit, ok := arg.(*ast.FuncLit)
			if !ok {
				continue
			}
			end := endedByParam(lit)
			if end == nil {
				continue
			}
			if res == nil {
				res = newResolver(m, ref.File, fd)
			}
			if endsItself(res, ce) {
				_, method, _ := txEndCall(end)
				out = TxEnd{Func: ref, Method: method, End: end.Pos(), After: ce.Pos(), InHelper: true}
				break
			}
		}
		return !out.End.IsValid()
	})
	return out, out.End.IsValid()
}

// endedByParam returns the Commit or Rollback call that lit makes on one
// of its parameters, nil when it makes none.
func endedByParam(lit *ast.FuncLit) *ast.CallExpr {
	if lit.Type.Params == nil {
		return nil
	}
	params := map[string]bool{}
	for _, p := range lit.Type.Params.List {
		for _, n := range p.Names {
			params[n.Name] = true
		}
	}
	var found *ast.CallExpr
	ast.Inspect(lit.Body, func(n ast.Node) bool {
		if c, isCall := n.(*ast.CallExpr); isCall && found == nil {
			if tx, _, ok := txEndCall(c); ok && params[tx] {
				found = c
			}
		}
		return found == nil
	})
	return found
}

// endsItself reports whether the call runs a function in a transaction it
// ends itself: a library helper by its name, or a module function (as res
// resolves it) that calls Commit.
func endsItself(res *resolver, ce *ast.CallExpr) bool {
	if txHelpers[CalleeName(ce.Fun)] {
		return true
	}
	for _, h := range res.resolve(ce.Fun) {
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

// txStatements are the methods that run a statement on a transaction.
var txStatements = map[string]bool{"Exec": true, "ExecContext": true, "Query": true, "QueryContext": true, "QueryRow": true, "QueryRowContext": true,
	"Get": true, "GetContext": true, "Select": true, "SelectContext": true, "NamedExec": true, "NamedExecContext": true, "MustExec": true, "Prepare": true, "PrepareContext": true}

// TxErrorPassed is a statement on a transaction whose error a function
// lets pass, and the later statement on the same transaction: after a
// failed statement PostgreSQL refuses every other one until the
// transaction ends ("current transaction is aborted").
type TxErrorPassed struct {
	Func FuncRef
	// Stmt is the call whose error is let pass, Later the next statement
	// on the transaction.
	Stmt, Later token.Pos
	// Expected is set when the function tests the statement's error and
	// goes on deliberately on a failure (if err == nil { return nil }, or
	// err != nil && !isDuplicate(err)): a failure it means to handle.
	Expected bool
}

// TxErrorLetPass reports the first statement on a transaction whose error
// ref lets pass (the call's results dropped, its error assigned to _, or
// tested by an if that neither returns nor panics) with another statement
// on the same transaction after it.
func (m *Module) TxErrorLetPass(ref FuncRef) (TxErrorPassed, bool) {
	fd := ref.Decl
	if fd == nil || fd.Body == nil {
		return TxErrorPassed{}, false
	}
	var stmts []ast.Stmt
	ast.Inspect(fd.Body, func(n ast.Node) bool {
		if b, ok := n.(*ast.BlockStmt); ok {
			stmts = append(stmts, b.List...)
		}
		return true
	})
	lits := txLiterals(fd.Body)
	self := ""
	if fd.Recv != nil && len(fd.Recv.List) > 0 && len(fd.Recv.List[0].Names) > 0 {
		self = fd.Recv.List[0].Names[0].Name
	}
	statementOf := func(st ast.Stmt) (*ast.CallExpr, string) {
		if c, tx := txStatementOf(st); c != nil {
			return c, tx
		}
		return litStatementOf(st, lits, self)
	}
	for i, st := range stmts {
		call, tx := statementOf(st)
		if call == nil || !letsPass(st, stmts[i+1:]) {
			continue
		}
		for _, later := range stmts[i+1:] {
			if c, tx2 := statementOf(later); c != nil && tx2 == tx && later.Pos() > st.End() {
				ifs, tested := st.(*ast.IfStmt)
				expected := tested && astutil.Leaves(ifs.Body) && (passesSome(ifs.Cond) || testsSuccess(ifs.Cond))
				return TxErrorPassed{Func: ref, Stmt: call.Pos(), Later: c.Pos(), Expected: expected}, true
			}
		}
	}
	return TxErrorPassed{}, false
}

// txFuncRe names a helper that runs a function literal in a transaction:
// gorm's Transaction, an app's WithTransaction, RunInTx, InTx.
var txFuncRe = regexp.MustCompile(`(?i)^(?:with|run|do|exec)?(?:in)?(?:tx|txn|transaction)$`)

// ormStatements are the calls an ORM or a database wrapper runs a
// statement with, beside database/sql's (txStatements).
var ormStatements = map[string]bool{"Create": true, "Save": true, "Update": true, "Updates": true, "UpdateColumn": true,
	"Delete": true, "First": true, "Find": true, "Take": true, "Last": true, "Raw": true, "Scan": true, "Count": true, "Pluck": true}

// txLiterals returns the bodies of the function literals body hands to a
// transaction helper (db.Transaction(func(tx *gorm.DB) error {…}),
// r.db.WithTransaction(func() error {…})): every statement in one runs
// on its transaction, whatever handle it is written on.
func txLiterals(body *ast.BlockStmt) []*ast.BlockStmt {
	var out []*ast.BlockStmt
	ast.Inspect(body, func(n ast.Node) bool {
		c, ok := n.(*ast.CallExpr)
		if !ok {
			return true
		}
		if sel, ok := c.Fun.(*ast.SelectorExpr); ok && txFuncRe.MatchString(sel.Sel.Name) {
			for _, a := range c.Args {
				if fl, ok := a.(*ast.FuncLit); ok {
					out = append(out, fl.Body)
				}
			}
		}
		return true
	})
	return out
}

// litStatementOf returns the statement st makes, when st is in one of
// lits, and a key that pairs it with the others of that literal: every
// statement there runs on its transaction, on any handle, and so does a
// method of the function's own receiver self it calls (r.Get, a lookup
// of the same store).
func litStatementOf(st ast.Stmt, lits []*ast.BlockStmt, self string) (*ast.CallExpr, string) {
	var in *ast.BlockStmt
	for _, b := range lits {
		if st.Pos() >= b.Pos() && st.End() <= b.End() {
			in = b
		}
	}
	if in == nil {
		return nil, ""
	}
	e := callPart(st)
	if e == nil {
		return nil, ""
	}
	var found *ast.CallExpr
	key := ""
	ast.Inspect(e, func(n ast.Node) bool {
		if _, lit := n.(*ast.FuncLit); lit || found != nil {
			return false
		}
		c, ok := n.(*ast.CallExpr)
		if !ok {
			return true
		}
		if sel, ok := c.Fun.(*ast.SelectorExpr); ok && (txStatements[sel.Sel.Name] || ormStatements[sel.Sel.Name] || self != "" && astutil.ExprString(sel.X) == self) {
			found, key = c, fmt.Sprintf("%d", in.Pos())
		}
		return found == nil
	})
	return found, key
}

// callPart is the part of st whose calls are its own statement: st, or
// an if's init; nil for a statement that holds others (a block, a loop, a
// switch) or an if without init.
func callPart(st ast.Stmt) ast.Node {
	switch s := st.(type) {
	case *ast.IfStmt:
		if s.Init == nil {
			return nil
		}
		return s.Init
	case *ast.BlockStmt, *ast.ForStmt, *ast.RangeStmt, *ast.SwitchStmt, *ast.TypeSwitchStmt, *ast.SelectStmt:
		return nil
	}
	return st
}

// txStatementOf returns the statement call st makes on a variable named
// like a transaction (tx, txn, trx, or ending in Tx), and that name.
func txStatementOf(st ast.Stmt) (*ast.CallExpr, string) {
	var found *ast.CallExpr
	name := ""
	e := callPart(st)
	if e == nil {
		return nil, ""
	}
	ast.Inspect(e, func(n ast.Node) bool {
		if _, lit := n.(*ast.FuncLit); lit {
			return false
		}
		c, ok := n.(*ast.CallExpr)
		if !ok || found != nil {
			return found == nil
		}
		sel, ok := c.Fun.(*ast.SelectorExpr)
		if !ok || !txStatements[sel.Sel.Name] {
			return true
		}
		if id, ok := sel.X.(*ast.Ident); ok && txName(id.Name) {
			found, name = c, id.Name
		}
		return found == nil
	})
	return found, name
}

// txName reports whether a variable's name says it holds a transaction.
func txName(n string) bool {
	return n == "tx" || n == "txn" || n == "trx" || len(n) > 2 && n[len(n)-2:] == "Tx"
}

// letsPass reports whether st drops the error of the call it makes: an
// expression statement, an assignment whose last target is _, or an
// assignment to err that the next statement tests with an if whose body
// does not leave on every path (astutil.Leaves; an if statement's own
// init is tested by its body the same way), or whose condition lets some
// errors pass (passesSome).
func letsPass(st ast.Stmt, rest []ast.Stmt) bool {
	switch s := st.(type) {
	case *ast.ExprStmt:
		return true
	case *ast.AssignStmt:
		last, ok := s.Lhs[len(s.Lhs)-1].(*ast.Ident)
		if !ok {
			return false
		}
		if last.Name == "_" {
			return true
		}
		if len(rest) == 0 {
			return false
		}
		next, ok := rest[0].(*ast.IfStmt)
		return ok && next.Init == nil && identUse(next.Cond, last.Name) != nil && !astutil.Leaves(next.Body)
	case *ast.IfStmt:
		return !astutil.Leaves(s.Body) || passesSome(s.Cond) || testsSuccess(s.Cond)
	}
	return false
}

// testsSuccess reports whether an if's condition is err == nil: its body
// is the success's, and a failure goes on after it.
func testsSuccess(cond ast.Expr) bool {
	be, ok := cond.(*ast.BinaryExpr)
	if !ok || be.Op != token.EQL {
		return false
	}
	id, isIdent := be.X.(*ast.Ident)
	nilY, isNil := be.Y.(*ast.Ident)
	return isIdent && isNil && id.Name == "err" && nilY.Name == "nil"
}

// passesSome reports whether an if's condition tests err != nil together
// with another condition (err != nil && !isDuplicate(err)): the errors
// the other condition rules out pass.
func passesSome(cond ast.Expr) bool {
	be, ok := cond.(*ast.BinaryExpr)
	if !ok || be.Op != token.LAND {
		return false
	}
	for _, side := range []ast.Expr{be.X, be.Y} {
		if t, ok := side.(*ast.BinaryExpr); ok && t.Op == token.NEQ {
			if id, ok := t.X.(*ast.Ident); ok && id.Name == "err" {
				return true
			}
		}
	}
	return false
}

// TxEndedEarlyFuncs returns how the functions of reached end a
// transaction too early (TxEndedEarly); when none does, how those of the
// whole module do, outside tests: a failing request whose stack stops in
// a framework's handler (a huma or gRPC gateway operation) does not show
// the function that ended it. Only files that write Commit or Rollback
// are parsed for it.
func (m *Module) TxEndedEarlyFuncs(reached []FuncRef) []TxEnd {
	var out []TxEnd
	for _, ref := range reached {
		if strings.HasSuffix(ref.File.Path, "_test.go") {
			continue
		}
		if e, ok := m.TxEndedEarly(ref); ok {
			out = append(out, e)
		}
	}
	if len(out) > 0 {
		return out
	}
	for _, f := range m.Files {
		if strings.HasSuffix(f.Path, "_test.go") || !f.writes(".Commit(", ".Rollback(") {
			continue
		}
		syn := f.Syntax()
		if syn == nil {
			continue
		}
		for _, d := range syn.Decls {
			if fd, ok := d.(*ast.FuncDecl); ok {
				if e, ok := m.TxEndedEarly(FuncRef{File: f, Decl: fd}); ok {
					out = append(out, e)
				}
			}
		}
	}
	return out
}
