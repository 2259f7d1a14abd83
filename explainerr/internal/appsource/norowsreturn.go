package appsource

import (
	"go/ast"
	"regexp"
	"strings"

	"github.com/explainerr/explainerr/explainerr/report"
	"github.com/explainerr/explainerr/internal/astutil"
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
	cands := m.SentinelReturns(".ErrNoRows")
	reach := ReachSet(s.requestReach(r))
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

// SentinelReturns returns the module's functions, outside tests, that
// return the sentinel written as name themselves ("return
// sql.ErrNoRows"); a name that starts with "." stands for any sentinel
// whose name ends so (".ErrNoRows": database/sql's and pgx's). Only the
// files that write the name are parsed.
func (m *Module) SentinelReturns(name string) []FuncRef {
	word := strings.TrimPrefix(name, ".")
	var out []FuncRef
	for _, f := range m.Files {
		if strings.HasSuffix(f.Path, "_test.go") || !f.holds(word) {
			continue
		}
		for _, d := range f.Syntax().Decls {
			if fd, ok := d.(*ast.FuncDecl); ok && fd.Body != nil && returnsSentinel(fd, name) {
				out = append(out, FuncRef{File: f, Decl: fd})
			}
		}
	}
	return out
}

// returnsSentinel reports whether fd returns the sentinel name itself
// (SentinelReturns).
func returnsSentinel(fd *ast.FuncDecl, name string) bool {
	found := false
	ast.Inspect(fd.Body, func(n ast.Node) bool {
		if rs, ok := n.(*ast.ReturnStmt); ok {
			for _, e := range rs.Results {
				if s := astutil.ExprString(e); s == name || strings.HasPrefix(name, ".") && strings.HasSuffix(s, name) {
					found = true
				}
			}
		}
		return !found
	})
	return found
}
