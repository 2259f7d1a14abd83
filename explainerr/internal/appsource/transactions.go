package appsource

import (
	"go/ast"
	"regexp"

	"github.com/explainerr/explainerr/explainerr/report"
)

// A transaction used after it ended (database/sql's "transaction has
// already been committed or rolled back", pgx's "tx is closed") is made by
// no line of the app: the misuse is in the function on the error's path
// that begins, commits or rolls back the transaction.

// txMisuse matches the messages of a transaction used after it ended.
var txMisuse = regexp.MustCompile(`transaction has already been committed or rolled back|tx is closed|commit unexpectedly resulted in rollback|ErrTxDone|conn busy`)

// txCalls are the methods that begin or end a transaction.
var txCalls = map[string]bool{"Begin": true, "BeginTx": true, "Beginx": true, "BeginTxx": true, "MustBegin": true, "Commit": true, "Rollback": true}

// txChunks gives, for a transaction used after it ended, the functions on
// the error's path that begin, commit or roll back one (at most
// maxPerFinder).
func (m *Module) txChunks(r *report.Report, s *staticSet) []report.Chunk {
	if !anyMessage(r, txMisuse) {
		return nil
	}
	var out []report.Chunk
	for _, fr := range r.AppFrames() {
		for _, ref := range m.PathFuncs(fr.File, fr.Line) {
			if len(out) == maxPerFinder || s.seen[ref.Decl] || !callsAny(ref.Decl, txCalls) {
				continue
			}
			s.seen[ref.Decl] = true
			out = append(out, s.funcChunk(ref.File, ref.Decl, report.ReasonOrigin))
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
