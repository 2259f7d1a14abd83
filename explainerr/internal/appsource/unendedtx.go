package appsource

import (
	"go/ast"
	"regexp"
	"strings"

	"github.com/explainerr/explainerr/explainerr/report"
)

// A transaction begun and never ended (no Commit, no Rollback, none
// deferred) keeps its locks until its connection closes: with SQLite, the
// whole file's write lock, so that every later write, of any request,
// waits until its busy timeout and fails ("database is locked"); with a
// server database, the rows it wrote ("lock wait timeout"). The failing
// request's own code is innocent; the fix is the function that leaves
// its transaction open, wherever in the module it is.

// LockWait matches the message of a statement that waited for a lock and
// gave up.
var LockWait = regexp.MustCompile(`(?i)database is locked|database table is locked|lock wait timeout|lock timeout|could not obtain lock|SQLITE_BUSY`)

// txBegins are the calls that begin a transaction the caller must end.
var txBegins = map[string]bool{"Begin": true, "BeginTx": true, "Beginx": true, "BeginTxx": true, "MustBegin": true}

// UnendedTransaction is a function that begins a transaction and neither
// commits nor rolls it back.
type UnendedTransaction struct {
	Func FuncRef
	// Begin is the line that begins it.
	Begin int
}

// UnendedTransactions returns the module's functions (tests aside) that
// call Begin (or BeginTx, Beginx…) and no Commit or Rollback, deferred or
// not; a function that hands its transaction on (returns it, passes it
// to another call or stores it) ends it elsewhere and is left out. They
// are found once per module version.
func (m *Module) UnendedTransactions() []UnendedTransaction {
	m.unendedOnce.Do(func() { m.unended = m.findUnendedTransactions() })
	return m.unended
}

// findUnendedTransactions does the work of UnendedTransactions.
func (m *Module) findUnendedTransactions() []UnendedTransaction {
	var out []UnendedTransaction
	m.eachFuncDecl(func(f *File) bool { return !strings.HasSuffix(f.Path, "_test.go") }, func(f *File, fd *ast.FuncDecl) {
		if !callsAny(fd, txBegins) || callsAny(fd, txEnds) {
			return
		}
		begin, tx := 0, ""
		ast.Inspect(fd.Body, func(n ast.Node) bool {
			as, ok := n.(*ast.AssignStmt)
			if !ok || begin != 0 || len(as.Rhs) != 1 {
				return begin == 0
			}
			if ce, ok := as.Rhs[0].(*ast.CallExpr); ok && txBegins[CalleeName(ce.Fun)] {
				if id, ok := as.Lhs[0].(*ast.Ident); ok {
					begin, tx = m.Fset.Position(as.Pos()).Line, id.Name
				}
			}
			return begin == 0
		})
		if begin == 0 || handsOn(fd, tx) {
			return
		}
		out = append(out, UnendedTransaction{Func: FuncRef{File: f, Decl: fd}, Begin: begin})
	})
	return out
}

// handsOn reports whether fd returns tx, passes it to a call (other than
// as the receiver of its own methods) or stores it (s.tx = tx).
func handsOn(fd *ast.FuncDecl, tx string) bool {
	found := false
	ast.Inspect(fd.Body, func(n ast.Node) bool {
		switch x := n.(type) {
		case *ast.AssignStmt:
			for _, r := range x.Rhs {
				if id, ok := r.(*ast.Ident); ok && id.Name == tx {
					found = true
				}
			}
		case *ast.CompositeLit:
			for _, e := range x.Elts {
				if kv, ok := e.(*ast.KeyValueExpr); ok {
					e = kv.Value
				}
				if id, ok := e.(*ast.Ident); ok && id.Name == tx {
					found = true
				}
			}
		case *ast.ReturnStmt:
			for _, r := range x.Results {
				if id, ok := r.(*ast.Ident); ok && id.Name == tx {
					found = true
				}
			}
		case *ast.CallExpr:
			for _, a := range x.Args {
				if id, ok := a.(*ast.Ident); ok && id.Name == tx {
					found = true
				}
			}
		}
		return !found
	})
	return found
}

// unendedTxChunks gives, for a statement that waited for a lock and gave
// up, the functions the request ran that call a store inside the
// transaction they began on it, or that use a handle their siblings take
// from the context's transaction (TxHelperBypassed), then those that leave a transaction open
// (at most maxPerFinder, marked origin).
func (m *Module) unendedTxChunks(r *report.Report, s *staticSet) []report.Chunk {
	if !anyMessage(r, LockWait) {
		return nil
	}
	var refs []FuncRef
	// A function the request ran that calls, inside its transaction,
	// the store it began the transaction on (StoreInsideTx).
	for _, ref := range s.requestReach(r) {
		if _, ok := m.StoreInsideTx(ref.Decl); ok {
			refs = append(refs, ref)
		} else if _, ok := m.TxHelperBypassed(ref); ok {
			refs = append(refs, ref)
		}
	}
	for _, u := range m.UnendedTransactions() {
		refs = append(refs, u.Func)
	}
	return s.leadFuncChunks(refs, report.ReasonOrigin)
}
