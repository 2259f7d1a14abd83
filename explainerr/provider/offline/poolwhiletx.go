package offline

import (
	"go/ast"
	"path/filepath"
	"regexp"
	"slices"
	"strings"

	"github.com/explainerr/explainerr/explainerr/internal/appsource"
	"github.com/explainerr/explainerr/internal/astutil"
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
// Exec, Only, All; gorm's Find, Create, Delete).
var statementCalls = map[string]bool{"Exec": true, "ExecContext": true, "Query": true, "QueryContext": true, "QueryRow": true, "QueryRowContext": true,
	"Get": true, "GetContext": true, "Select": true, "SelectContext": true, "NamedExec": true, "NamedExecContext": true,
	"Save": true, "SaveX": true, "ExecX": true, "Only": true, "OnlyX": true, "All": true, "AllX": true, "First": true, "Count": true, "Exist": true,
	// gorm's, which run the statement its chain built; an association's
	// too.
	"Find": true, "Create": true, "Updates": true, "Update": true, "Delete": true, "Pluck": true, "Clear": true, "Append": true, "Replace": true}

// onPool reports whether a statement's receiver, as written, is the pool
// or a chain built on it (e.db.Item.UpdateOneID(id).AddLabelIDs(ids...)
// on e.db).
func onPool(recv, pool string) bool {
	return recv == pool || strings.HasPrefix(recv, pool+".")
}

// waitedRe matches a failure a statement waiting on a lock ends with.
var waitedRe = regexp.MustCompile(`(?i)bad connection|deadline exceeded|canceling statement|context canceled|timeout|lock wait|database is locked|database table is locked`)

// poolWhileTx explains a wait on a statement the request ran on a
// pool while its transaction on that pool was open; it reports whether
// it did.
func (a *analysis) poolWhileTx(msg string) bool {
	src := a.app()
	if src == nil || src.mod == nil || !waitedRe.MatchString(msg) {
		return false
	}
	for _, r := range a.reached() {
		if r.Decl == nil || r.Decl.Body == nil {
			continue
		}
		if begin, use, pool := statementBesideTx(r.Decl.Body); use != nil {
			a.sayPoolWhileTx(msg, r, begin, use, pool, "")
			return true
		}
	}
	for _, r := range a.reached() {
		if b, ok := src.mod.TxHelperBypassed(r); ok && appsource.LockWait.MatchString(msg) {
			a.sayTxHelperBypassed(msg, r, b)
			return true
		}
	}
	for _, r := range a.reached() {
		if begin, use, pool := src.ownTxHelperUse(r); use != nil {
			a.sayPoolWhileTx(msg, r, begin, use, pool, "")
			return true
		}
		if h, ok := src.helperBesideTx(r); ok {
			a.sayHelperBesideTx(msg, r, h, "")
			return true
		}
	}
	// No function the request is known to have reached does it (a router
	// of the app's own hides the handler): the module's only one that
	// does, named as such, when the message is a lock wait. A deadline or
	// a timeout has other causes (a limit read from a setting), and a
	// function the request did not reach is no ground for one.
	if !appsource.LockWait.MatchString(msg) {
		return false
	}
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
	lead := "The stack does not show which function ran the statement; of the module's functions, only this one runs one beside its own transaction. "
	if len(only) == 1 {
		begin, use, pool := statementBesideTx(only[0].Decl.Body)
		a.sayPoolWhileTx(msg, only[0], begin, use, pool, lead)
		return true
	}
	if len(only) > 1 {
		return false
	}
	var helped []appsource.FuncRef
	var helpers []txHelper
	src.eachDecl(func(f *appFile, d ast.Decl, in string) {
		fd, ok := d.(*ast.FuncDecl)
		if !ok || fd.Body == nil || strings.HasSuffix(f.path, "_test.go") || f.src == nil {
			return
		}
		ref := appsource.FuncRef{File: f.src, Decl: fd}
		if h, ok := src.helperBesideTx(ref); ok {
			helped, helpers = append(helped, ref), append(helpers, h)
		}
	})
	if len(helped) != 1 {
		return false
	}
	a.sayHelperBesideTx(msg, helped[0], helpers[0], lead)
	return true
}

// txHelper is a call, made while a transaction is open, of a method of
// the same receiver that runs a statement on the pool itself.
type txHelper struct {
	begin, call *ast.CallExpr
	pool        string
	method      appsource.FuncRef
	use         *ast.CallExpr
}

// helperBesideTx finds, in r's body, a transaction begun on a pool of the
// receiver (s.db) and, after it, a call of a method of the same receiver
// (s.setSetting) whose own body runs a statement on that pool (its
// receiver's db), not on the transaction.
func (s *appSource) helperBesideTx(r appsource.FuncRef) (txHelper, bool) {
	fd := r.Decl
	recv := receiverName(fd)
	if fd.Body == nil || fd.Recv == nil || len(fd.Recv.List) == 0 || len(fd.Recv.List[0].Names) == 0 || recv == "" {
		return txHelper{}, false
	}
	self := fd.Recv.List[0].Names[0].Name
	var h txHelper
	// A transaction run as a function (db.Transaction(func(tx) …)): only
	// the calls inside it, not handed the transaction, run beside it.
	var txLit *ast.FuncLit
	var txNames []string
	ast.Inspect(fd.Body, func(n ast.Node) bool {
		ce, ok := n.(*ast.CallExpr)
		if !ok || h.use != nil {
			return h.use == nil
		}
		sel, ok := ce.Fun.(*ast.SelectorExpr)
		if !ok {
			return true
		}
		if h.begin == nil {
			x := astutil.ExprString(sel.X)
			if appsource.BeginCalls[sel.Sel.Name] && (strings.HasPrefix(x, self+".") || s.packagePool(r, sel.X)) {
				h.begin, h.pool = ce, x
			}
			if lit := funcLitArg(ce); lit != nil && txFuncCall.MatchString(sel.Sel.Name) {
				if root := chainRoot(sel.X); strings.HasPrefix(root, self+".") || s.packagePool(r, poolIdent(sel.X)) {
					h.begin, h.pool, txLit = ce, root, lit
					txNames = paramNames(lit.Type)
				}
			}
			return true
		}
		if txLit != nil && (ce.Pos() < txLit.Body.Pos() || ce.End() > txLit.Body.End() || passesAny(ce, txNames)) {
			return true
		}
		if id, ok := sel.X.(*ast.Ident); !ok || id.Name != self {
			return true
		}
		for _, m := range s.mod.Methods(sel.Sel.Name) {
			if receiverName(m.Decl) != recv || m.Decl.Body == nil || m.Decl == fd || len(m.Decl.Recv.List[0].Names) == 0 {
				continue
			}
			theirs := m.Decl.Recv.List[0].Names[0].Name + strings.TrimPrefix(h.pool, self)
			if !strings.HasPrefix(h.pool, self+".") {
				// The package's own pool: the same name in a method of
				// the same package.
				if filepath.Dir(m.File.Path) != filepath.Dir(r.File.Path) {
					continue
				}
				theirs = h.pool
			}
			if use := statementOn(m.Decl.Body, theirs); use != nil {
				h.call, h.method, h.use = ce, m, use
				return false
			}
		}
		return true
	})
	return h, h.use != nil
}

// funcLitArg returns the function literal ce is given, nil when none.
func funcLitArg(ce *ast.CallExpr) *ast.FuncLit {
	for _, arg := range ce.Args {
		if fl, ok := arg.(*ast.FuncLit); ok {
			return fl
		}
	}
	return nil
}

// chainRoot returns a call chain's value without the calls made on it:
// r.db of r.db.WithContext(ctx).
func chainRoot(e ast.Expr) string {
	return astutil.ExprString(poolIdent(e))
}

// poolIdent returns the expression a call chain starts from: r.db of
// r.db.WithContext(ctx), db of db.WithContext(ctx).
func poolIdent(e ast.Expr) ast.Expr {
	for {
		c, ok := e.(*ast.CallExpr)
		if !ok {
			return e
		}
		s, ok := c.Fun.(*ast.SelectorExpr)
		if !ok {
			return e
		}
		e = s.X
	}
}

// packagePool reports whether x is a variable declared at the top level
// of r's package (var db *gorm.DB): a pool every function of the package
// shares.
func (s *appSource) packagePool(r appsource.FuncRef, x ast.Expr) bool {
	id, ok := x.(*ast.Ident)
	if !ok {
		return false
	}
	_, ok = s.mod.PackageVar(filepath.Dir(r.File.Path), id.Name)
	return ok
}

// statementOn returns the first statement body runs on pool, or nil.
func statementOn(body *ast.BlockStmt, pool string) (use *ast.CallExpr) {
	ast.Inspect(body, func(n ast.Node) bool {
		if ce, ok := n.(*ast.CallExpr); ok && use == nil {
			if sel, ok := ce.Fun.(*ast.SelectorExpr); ok && statementCalls[sel.Sel.Name] && onPool(astutil.ExprString(sel.X), pool) {
				use = ce
			}
		}
		return use == nil
	})
	return use
}

// sayHelperBesideTx writes the explanation of a helper method, called
// while r's function holds a transaction open, that runs its statement on
// the pool.
func (a *analysis) sayHelperBesideTx(msg string, r appsource.FuncRef, h txHelper, lead string) {
	src := a.app()
	f, fn := src.viewOf(r.File), funcName(r.Decl)
	hf, hfn := src.viewOf(h.method.File), funcName(h.method.Decl)
	bl, cl, ul := src.lineAt(f, h.begin.Pos(), fn), src.lineAt(f, h.call.Pos(), fn), src.lineAt(hf, h.use.Pos(), hfn)
	a.g.Add(h.pool, hfn, strings.TrimSpace(bl.Text), strings.TrimSpace(cl.Text), strings.TrimSpace(ul.Text))
	a.headline("A statement run beside its own open transaction, in " + code(hfn))
	wait := "A row the transaction locked makes that statement wait until its context ends."
	if strings.Contains(strings.ToLower(msg), "database is locked") {
		wait = "SQLite lets one connection write at a time: the transaction holds the write lock, so the statement waits for it until the busy timeout and fails."
	}
	a.why(lead + code(fn) + " begins a transaction on " + code(h.pool) + " at " + a.cite(bl) + ", and while it is open calls " + a.cite(cl) + "; " + code(hfn) + " runs its statement on the pool itself at " + a.cite(ul) + ", on another connection. " + wait)
	a.fix("Run the statement of "+code(hfn)+" on the transaction: give it the transaction (or call it after "+code("Commit")+"), not "+code(h.pool)+".",
		"Run the statement of "+code(hfn)+" on the transaction, not on "+code(h.pool)+".")
}

// statementBesideTx returns, in body, the first transaction begun on a
// pool and a statement run on that pool after it (or on a query built on
// it); use is nil when there is none.
func statementBesideTx(body *ast.BlockStmt) (begin, use *ast.CallExpr, pool string) {
	if begin, use, pool := statementInTxFunc(body); use != nil {
		return begin, use, pool
	}
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
		case begin == nil && beginsTx(ce, sel):
			begin, pool = ce, astutil.ExprString(sel.X)
		case begin != nil && statementCalls[sel.Sel.Name] && onPool(astutil.ExprString(sel.X), pool):
			use = ce
		}
		return true
	})
	return begin, use, pool
}

// beginsTx reports whether ce, a call of sel, begins a transaction:
// database/sql's and the drivers' Begin calls, or ent's client.Tx(ctx).
func beginsTx(ce *ast.CallExpr, sel *ast.SelectorExpr) bool {
	return appsource.BeginCalls[sel.Sel.Name] || sel.Sel.Name == "Tx" && len(ce.Args) == 1
}

// txFuncCall matches the names of the methods that run a function in a
// transaction they begin and end themselves, handing it the transaction
// (gorm's Transaction, bun's RunInTx, an app's DoTransaction or WithTx).
var txFuncCall = regexp.MustCompile(`^(?:Do|Run|With|In|Exec)?(?:Transaction|Transact|Tx|InTx)\w*$`)

// statementInTxFunc returns, in body, a call that runs a function in a
// transaction on a pool (db.Transaction(func(tx *gorm.DB) error {…})) and
// a call inside that function on the pool itself rather than on the
// transaction it was handed.
func statementInTxFunc(body *ast.BlockStmt) (begin, use *ast.CallExpr, pool string) {
	ast.Inspect(body, func(n ast.Node) bool {
		ce, ok := n.(*ast.CallExpr)
		if !ok || use != nil {
			return use == nil
		}
		sel, ok := ce.Fun.(*ast.SelectorExpr)
		if !ok || !txFuncCall.MatchString(sel.Sel.Name) {
			return true
		}
		var lit *ast.FuncLit
		for _, arg := range ce.Args {
			if fl, isLit := arg.(*ast.FuncLit); isLit {
				lit = fl
			}
		}
		if lit == nil {
			return true
		}
		p := astutil.ExprString(sel.X)
		txNames := paramNames(lit.Type)
		ast.Inspect(lit.Body, func(n ast.Node) bool {
			inner, ok := n.(*ast.CallExpr)
			if !ok || use != nil {
				return use == nil
			}
			// A call on the pool that is handed the transaction
			// (db.SetSavePoint(sess, …)) works on the transaction.
			if s, ok := inner.Fun.(*ast.SelectorExpr); ok && astutil.ExprString(s.X) == p && !txFuncCall.MatchString(s.Sel.Name) && !passesAny(inner, txNames) {
				begin, use, pool = ce, inner, p
			}
			return use == nil
		})
		return use == nil
	})
	return begin, use, pool
}

// passesAny reports whether one of call's arguments names one of names.
func passesAny(call *ast.CallExpr, names []string) bool {
	found := false
	for _, arg := range call.Args {
		ast.Inspect(arg, func(n ast.Node) bool {
			if id, ok := n.(*ast.Ident); ok && slices.Contains(names, id.Name) {
				found = true
			}
			return !found
		})
	}
	return found
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
	switch lower := strings.ToLower(msg); {
	case strings.Contains(lower, "database is locked"):
		// SQLite: one writer at a time, for the whole file.
		wait = "SQLite lets one connection write at a time: the transaction holds the write lock, so the statement waits for it until the busy timeout and fails."
	case strings.Contains(lower, "database table is locked"):
		wait = "SQLite refuses it at once: the open transaction holds a lock on the table the statement writes."
	}
	a.why(lead + code(fn) + " begins a transaction on " + code(pool) + " at " + a.cite(bl) + ", and runs a statement on " + code(pool) + " itself at " + code(a.fileLoc(ul.Path, ul.Line)) + ": " + code(strings.TrimSpace(ul.Text)) + ", on another connection, while the transaction is open. " + wait)
	a.fix("In " + code(fn) + ", run the statement at " + code(a.fileLoc(ul.Path, ul.Line)) + " on the transaction, not on " + code(pool) + ".")
}

// sayTxHelperBypassed explains a lock wait on a statement that r runs on
// its receiver's handle while the other methods of its type take the
// handle from a helper given the request's context, which hands them
// the transaction the context carries (appsource.TxHelperBypass).
func (a *analysis) sayTxHelperBypassed(msg string, r appsource.FuncRef, b appsource.TxHelperBypass) {
	name := appsource.FuncName(r.Decl)
	self := r.Decl.Recv.List[0].Names[0].Name
	handle := self + "." + b.Field
	lines := r.File.Lines()
	use := sourceLine{Path: r.File.Path, Line: b.Line, Text: strings.TrimSpace(lines[b.Line-1])}
	sib := sourceLine{Path: b.Sibling.Path, Line: b.Sibling.Line, Text: b.Sibling.Text}
	a.g.Add(name, handle, b.Helper, b.Field)
	a.g.AddScanned(a.fileLoc(use.Path, use.Line))
	a.g.AddScanned(a.fileLoc(sib.Path, sib.Line))
	a.headline("A statement run beside the request's transaction: "+code(name), "A statement run beside the request's transaction")
	a.why("The error says " + code(shorten(msg, 120)) + ": the statement waited for a lock and gave up.")
	a.why(code(name) + " runs its statement on " + code(handle) + " itself at " + a.cite(use) + ", while the other methods of its type take the handle from " + code(b.Helper) + ", given the request's context (" + a.cite(sib) + "), which gives them the transaction that context carries. When " + code(name) + " runs inside that transaction, its statement goes to another connection and waits for the locks the transaction holds.")
	a.fix("In " + code(name) + ", take the handle from " + code(b.Helper) + " as its siblings do, so that the statement runs on the request's transaction.")
}
