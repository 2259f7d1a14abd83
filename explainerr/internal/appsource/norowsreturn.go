package appsource

import (
	"go/ast"
	"go/types"
	"regexp"
	"strings"

	"github.com/explainerr/explainerr/explainerr/report"
)

// A "no rows" that reaches an error handler is not always a Scan's: an
// Exec's rows-affected check, or an app's own row mapper, may return the
// driver's sentinel itself (return sql.ErrNoRows) where the app's
// callers test its own not-found error. Such a function is where the fix
// goes, and the stack does not show it when a bus or a function value
// ran it.

// noRowsWords matches the driver's no-rows message.
var noRowsWords = regexp.MustCompile(`\bno rows in result set\b`)

// noRowsReturnChunks gives, for a no-rows failure, the functions that
// return the driver's sentinel themselves: those the request reached, or,
// when it reached none, the module's when there are two at most (more
// is a store's habit, not a lead).
func (m *Module) noRowsReturnChunks(r *report.Report, s *staticSet) []report.Chunk {
	if !anyMessage(r, noRowsWords) {
		return nil
	}
	var cands []FuncRef
	for _, f := range m.Files {
		if strings.HasSuffix(f.Path, "_test.go") || !f.holds("ErrNoRows") {
			continue
		}
		for _, d := range f.Syntax().Decls {
			if fd, ok := d.(*ast.FuncDecl); ok && fd.Body != nil && returnsNoRows(fd) {
				cands = append(cands, FuncRef{File: f, Decl: fd})
			}
		}
	}
	reach := reachSet(s.requestReach(r))
	ordered := reachedFirst(cands, reach)
	if len(ordered) == 0 || !reach[ordered[0].Decl] && len(ordered) > 2 {
		return nil
	}
	var out []report.Chunk
	for _, ref := range ordered[:min(len(ordered), 2)] {
		if s.seen[ref.Decl] {
			continue
		}
		s.seen[ref.Decl] = true
		out = append(out, s.funcChunk(ref.File, ref.Decl, report.ReasonOrigin))
	}
	return out
}

// returnsNoRows reports whether fd returns a driver's no-rows sentinel
// itself (sql.ErrNoRows, pgx.ErrNoRows).
func returnsNoRows(fd *ast.FuncDecl) bool {
	found := false
	ast.Inspect(fd.Body, func(n ast.Node) bool {
		if rs, ok := n.(*ast.ReturnStmt); ok {
			for _, e := range rs.Results {
				if s := types.ExprString(e); strings.HasSuffix(s, ".ErrNoRows") {
					found = true
				}
			}
		}
		return !found
	})
	return found
}
