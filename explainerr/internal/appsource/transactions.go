package appsource

import (
	"go/ast"
	"go/token"
	"regexp"

	"github.com/explainerr/explainerr/explainerr/report"
)

// A transaction used after it ended (database/sql's "transaction has
// already been committed or rolled back", pgx's "tx is closed"), or after
// one of its statements failed (PostgreSQL's "current transaction is
// aborted"), is made by no line of the app: the misuse is in the
// function on the error's path that begins, commits or rolls back the
// transaction, or that lets a statement's error pass.

// txMisuse matches the messages of a transaction used after it ended.
var txMisuse = regexp.MustCompile(`transaction has already been committed or rolled back|tx is closed|commit unexpectedly resulted in rollback|ErrTxDone|conn busy|current transaction is aborted|25P02`)

// txCalls are the methods that begin or end a transaction.
// The helpers (txHelpers: gorm's Transaction, bun's RunInTx, pgx's
// BeginFunc) run a function in a transaction they begin and end
// themselves.
var txCalls = func() map[string]bool {
	calls := map[string]bool{"Begin": true, "BeginTx": true, "Beginx": true, "BeginTxx": true, "MustBegin": true}
	for _, set := range []map[string]bool{txEnds, txHelpers} {
		for name := range set {
			calls[name] = true
		}
	}
	return calls
}()

// txChunks gives, for a transaction used after it ended, the functions on
// the error's path that begin, commit or roll back one, and, when the
// error's message is made in a function that is handed the transaction
// (a helper that inserts on a tx it was given), the callers of that
// function that own one: those the request ran first (at most
// maxPerFinder).
func (m *Module) txChunks(r *report.Report, s *staticSet) []report.Chunk {
	if !anyMessage(r, txMisuse) {
		return nil
	}
	var out []report.Chunk
	marked := 0
	done := map[*ast.FuncDecl]bool{}
	add := func(ref FuncRef, misuse bool, at token.Pos) {
		if done[ref.Decl] || len(out)+marked == maxPerFinder || !misuse && !callsAny(ref.Decl, txCalls) {
			return
		}
		done[ref.Decl] = true
		if s.seen[ref.Decl] {
			// Shown already as a frame's callee: marked, so that it is
			// ranked with the origins.
			if s.markShown(ref.File, ref.Decl, report.ReasonOrigin) {
				marked++
			}
			return
		}
		s.seen[ref.Decl] = true
		c := s.funcChunk(ref.File, ref.Decl, report.ReasonOrigin)
		if line := m.Fset.Position(at).Line; at.IsValid() && (line < c.StartLine || line > c.EndLine) {
			// A long function, cut before the statement that ends the
			// transaction: shown around it.
			start, end := s.lines(ref.Decl)
			c = s.chunk(ref.File, ref.Decl, max(start, line-frameBefore), min(end, line+frameAfter), report.ReasonOrigin)
		}
		out = append(out, c)
	}
	// A function that ends its transaction too early comes first: one
	// the request reached, else the module's one (TxEndedEarlyFuncs).
	reached := s.requestReach(r)
	if ends := m.TxEndedEarlyFuncs(reached); len(ends) == 1 || len(ends) > 1 && ReachSet(reached)[ends[0].Func.Decl] {
		for _, e := range ends {
			add(e.Func, true, e.End)
		}
	}
	for _, ref := range reached {
		if pass, passed := m.TxErrorLetPass(ref); passed {
			add(ref, true, pass.Stmt)
		}
	}
	for _, ref := range reached {
		add(ref, false, token.NoPos)
	}
	var reach map[*ast.FuncDecl]bool
	for _, em := range m.likelyOrigins(r, s) {
		fd, _ := em.Syntax()
		if fd == nil || len(out)+marked == maxPerFinder {
			continue
		}
		if callsAny(fd, txCalls) {
			add(FuncRef{File: em.File, Decl: fd}, false, token.NoPos)
			continue
		}
		if reach == nil {
			reach = ReachSet(reached)
		}
		for _, ref := range reachedFirst(m.CallersOf(FuncRef{File: em.File, Decl: fd}), reach) {
			add(ref, false, token.NoPos)
		}
	}
	return out
}

// callsAny reports whether fd calls a method or function named in names.
func callsAny(fd *ast.FuncDecl, names map[string]bool) bool {
	found := false
	if fd.Body == nil {
		return false
	}
	ast.Inspect(fd.Body, func(n ast.Node) bool {
		if ce, ok := n.(*ast.CallExpr); ok && names[CalleeName(ce.Fun)] {
			found = true
		}
		return !found
	})
	return found
}
