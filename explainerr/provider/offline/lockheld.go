package offline

import (
	"go/ast"
	"strings"

	"github.com/explainerr/explainerr/explainerr/provider/offline/internal/linefacts"
)

// Advice to guard a map with a lock is wrong where the failing line
// already runs under one. What is then at fault is how it is held: a read
// lock around a write, or other accesses of the same map that take no
// lock or another one.

// heldLock is a lock the failing function holds on its failing line.
type heldLock struct {
	// Expr is the lock's expression ("s.mu"); Read is true for RLock.
	Expr string
	Read bool
	// At is the line that takes it.
	At sourceLine
}

// lockHeldAtSite returns the lock the failing function takes before the
// failing line and does not release before it (an Unlock deferred counts
// as held): the last one taken, when several are.
func (a *analysis) lockHeldAtSite() (heldLock, bool) {
	f, fd := a.failingFunc()
	if fd == nil || fd.Body == nil {
		return heldLock{}, false
	}
	src := a.app()
	var body ast.Node = fd.Body
	if lit := src.mod.FuncLitAt(fd, a.s.Line); lit != nil {
		body = lit.Body
	}
	line := func(n ast.Node) int { return src.fset.Position(n.Pos()).Line }
	held := map[string]heldLock{}
	var order []string
	ast.Inspect(body, func(n ast.Node) bool {
		if lit, ok := n.(*ast.FuncLit); ok && lit.Body != body {
			return false // another function's locks
		}
		if _, ok := n.(*ast.DeferStmt); ok {
			return false // a deferred unlock runs after the failing line
		}
		call, ok := n.(*ast.CallExpr)
		if !ok || line(call) >= a.s.Line {
			return true
		}
		sel, ok := call.Fun.(*ast.SelectorExpr)
		if !ok || len(call.Args) != 0 {
			return true
		}
		x := src.exprText(f, sel.X)
		switch sel.Sel.Name {
		case "Lock", "RLock":
			held[x] = heldLock{Expr: x, Read: sel.Sel.Name == "RLock", At: src.lineAt(f, call.Pos(), funcName(fd))}
			order = append(order, x)
		case "Unlock", "RUnlock":
			delete(held, x)
		}
		return true
	})
	for i := len(order) - 1; i >= 0; i-- {
		if l, ok := held[order[i]]; ok && !strings.ContainsAny(l.Expr, "()") {
			return l, true
		}
	}
	return heldLock{}, false
}

// explainHeldLock says what is wrong with l, the lock the failing line
// already holds, and writes the fix in place of a new lock.
func (a *analysis) explainHeldLock(m string, l heldLock) {
	a.g.Add(l.Expr, "Lock", "Unlock", "RLock", "RUnlock")
	if l.Read && writesIndex(a.s.Facts, m) {
		a.why("This write runs under " + a.cite(l.At) + ", a read lock: any number of goroutines hold a read lock at once, so writers under it still race.")
		a.fix("Take the write lock for the write: " + code(l.Expr+".Lock()") + " and " + code(l.Expr+".Unlock()") + " instead of " + code(l.Expr+".RLock()") + ".")
		return
	}
	a.why("This line already runs under " + a.cite(l.At) + ", so another access of " + code(m) + " must take no lock, or another one.")
	a.fix("Find every other read and write of " + code(m) + " and make each hold " + code(l.Expr) + " too; the race detector (go test -race) names the unguarded one.")
}

// writesIndex reports whether the line's facts write an element of m.
func writesIndex(f linefacts.Facts, m string) bool {
	for _, ix := range f.Indexes {
		if ix.X == m && ix.Assign {
			return true
		}
	}
	return false
}

// underHeldLock handles the lock advice for a map m that the failing line
// writes once it is made, when the line already runs under a lock: a
// write lock needs nothing more, a read lock must become a write lock. It
// reports whether a lock is held (and the advice is written).
func (a *analysis) underHeldLock(m string) bool {
	l, ok := a.lockHeldAtSite()
	if !ok {
		return false
	}
	if l.Read {
		a.explainHeldLock(m, l)
		return true
	}
	a.why("The write already runs under " + a.cite(l.At) + ", which guards the map once it is made: it needs no other lock.")
	return true
}
