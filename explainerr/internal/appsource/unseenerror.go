package appsource

import (
	"go/ast"
	"strings"

	"github.com/explainerr/explainerr/explainerr/failureclass"
	"github.com/explainerr/explainerr/explainerr/internal/logrecord"
	"github.com/explainerr/explainerr/explainerr/report"
)

// A handler that answers a fixed text ("500 Internal Server Error") and
// logs nothing loses the error's words: neither its message nor its origin
// can be matched. What is still known is the call, above the line that
// reported the failure, whose error the handler carried on; the error was
// made in what that call reaches, most often in a function that runs a
// query.

// maxUnseenReach is how many calls below the failed call UnseenErrorOrigins
// reads.
const maxUnseenReach = 2

// UnseenErrorOrigins returns, for a status r's app answered with a text
// that says nothing (failureclass.SaysNothing) and no line logged, the
// call that failed (its line in the reporting function, 0 when none is
// found), the module functions it calls there, and the functions they
// reach that run a query or a transaction, in reach order.
func (m *Module) UnseenErrorOrigins(r *report.Report) (f *File, fd *ast.FuncDecl, at int, calls, runners []FuncRef) {
	if r.Error.Kind != report.KindStatus || r.Error.HandedOver || !failureclass.SaysNothing(r.Error.Message) || loggedAnything(r) {
		return nil, nil, 0, nil, nil
	}
	f, fd, line := m.reportingFunc(r)
	if fd == nil {
		return nil, nil, 0, nil, nil
	}
	at, calls = m.ErrorSourceFor(r, f, fd, line)
	if at == 0 || len(calls) == 0 {
		return nil, nil, 0, nil, nil
	}
	runs := m.queryRunnerDecls()
	for _, ref := range m.ReachFrom(calls, maxUnseenReach) {
		if runs[ref.Decl] || runsStatements(ref.Decl) {
			runners = append(runners, ref)
		}
	}
	return f, fd, at, calls, runners
}

// loggedAnything reports whether the request logged a line that is not
// at a quiet level (logrecord.Quiet) nor its access log line
// (AccessLogLine): one that may carry the error.
func loggedAnything(r *report.Report) bool {
	for _, l := range r.Logs {
		if strings.TrimSpace(l.Text) != "" && !logrecord.Quiet(l.Text) && !AccessLogLine(r, l.Text) {
			return true
		}
	}
	return false
}

// reportingFunc returns the innermost app frame's function and line, or,
// when that function is handed the error to answer (writeError(w, r,
// err)), its caller's: the line that carried the error on.
func (m *Module) reportingFunc(r *report.Report) (*File, *ast.FuncDecl, int) {
	frames := r.AppFrames()
	for i, fr := range frames {
		f, fd := m.FuncAt(fr.File, fr.Line)
		if fd == nil {
			continue
		}
		if takesError(fd) && i+1 < len(frames) {
			continue
		}
		return f, fd, fr.Line
	}
	return nil, nil, 0
}

// queryRunnerDecls returns the functions that run one of the module's
// SQL literals (QueryRunners), found once per module.
func (m *Module) queryRunnerDecls() map[*ast.FuncDecl]bool {
	m.runnersOnce.Do(func() {
		m.runners = map[*ast.FuncDecl]bool{}
		for _, l := range m.SQLLiterals() {
			if l.DDL {
				continue
			}
			for _, ref := range m.QueryRunners(l) {
				m.runners[ref.Decl] = true
			}
		}
	})
	return m.runners
}

// statementMethods are the methods of database/sql and the drivers'
// pools that run a statement or end a transaction.
var statementMethods = map[string]bool{
	"Exec": true, "ExecContext": true, "Query": true, "QueryContext": true, "QueryRow": true, "QueryRowContext": true,
	"Commit": true, "Rollback": true, "Prepare": true, "PrepareContext": true,
}

// runsStatements reports whether fd calls a method that runs a statement
// or ends a transaction.
func runsStatements(fd *ast.FuncDecl) bool {
	found := false
	if fd.Body == nil {
		return false
	}
	ast.Inspect(fd.Body, func(n ast.Node) bool {
		if call, ok := n.(*ast.CallExpr); ok {
			if sel, ok := call.Fun.(*ast.SelectorExpr); ok && statementMethods[sel.Sel.Name] {
				found = true
			}
		}
		return !found
	})
	return found
}

// unseenErrorChunks gives, for an error whose words were neither shown
// nor logged (UnseenErrorOrigins), the function whose call failed and the
// functions below it that run statements: where the error was most
// likely made.
func (m *Module) unseenErrorChunks(r *report.Report, s *staticSet) []report.Chunk {
	_, _, _, calls, runners := m.UnseenErrorOrigins(r)
	var out []report.Chunk
	for _, ref := range append(runners, calls...) {
		if len(out) == maxPerFinder {
			break
		}
		if s.seen[ref.Decl] {
			continue
		}
		s.seen[ref.Decl] = true
		reason := report.ReasonOrigin
		if ref.Via != "" {
			reason = ref.Via // reached through an interface: that is how it is known
		}
		c := s.funcChunk(ref.File, ref.Decl, reason)
		s.markLead(c)
		out = append(out, c)
	}
	return out
}
