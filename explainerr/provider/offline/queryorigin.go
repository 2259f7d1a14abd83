package offline

import (
	"go/ast"
	"regexp"
	"strings"

	"github.com/explainerr/explainerr/explainerr/provider/offline/internal/corpus"
	"github.com/explainerr/explainerr/explainerr/provider/offline/internal/site"
)

// rowQuery matches a line that runs a single-row query or scans its row:
// the calls that return sql.ErrNoRows.
var rowQuery = regexp.MustCompile(`\.(?:QueryRow|QueryRowContext|QueryRowx|QueryRowxContext)\(|\.Scan\(`)

// runsQuery reports whether line n of the failing function, with text,
// runs SQL: it queries a single row or scans one, or it calls another
// query method and assigns or returns the error it gives. The request's
// lookups that share a method's name (r.URL.Query().Get("name"),
// r.Header.Get, r.Form.Get) give no error and do not count.
func (a *analysis) runsQuery(l site.WindowLine) bool {
	if rowQuery.MatchString(l.Text) {
		return true
	}
	if !queryCall.MatchString(l.Text) {
		return false
	}
	return strings.HasPrefix(strings.TrimSpace(l.Text), "return ") || a.s.FactsAt(l.Number).AssignsErr()
}

// queryLine finds the nearest line of the scope that runs SQL.
func (a *analysis) queryLine() (site.WindowLine, bool) {
	for _, l := range a.s.Scope() {
		if a.runsQuery(l) {
			return l, true
		}
	}
	return site.WindowLine{}, false
}

// queryInCallee follows a call of the failing function into the module
// function it calls and returns that function's line that queries a row
// or scans it, as a source line naming the function; ok is false when the
// callee is not the module's or runs no such query itself.
func (a *analysis) queryInCallee(call corpus.Line) (sourceLine, bool) {
	name := callName(call.Text)
	src := a.app()
	if name == "" || src == nil || src.mod == nil || a.s.Frame == nil {
		return sourceLine{}, false
	}
	f, fd := src.mod.FuncOrVarAt(a.s.Frame.File, a.s.Line)
	if fd == nil {
		return sourceLine{}, false
	}
	for _, ref := range src.mod.Callees(f, fd, call.Number) {
		if ref.Decl.Name.Name != name {
			continue
		}
		var found sourceLine
		ast.Inspect(ref.Decl.Body, func(n ast.Node) bool {
			if found.Line != 0 {
				return false
			}
			if ce, ok := n.(*ast.CallExpr); ok {
				l := src.lineOfPos(ce.Pos(), funcName(ref.Decl))
				if rowQuery.MatchString(l.Text) {
					found = l
				}
			}
			return true
		})
		if found.Line != 0 {
			return found, true
		}
	}
	return sourceLine{}, false
}

// reWriteCall matches a line that writes rows: a write call of a store or
// a driver, or an SQL write statement.
var reWriteCall = regexp.MustCompile(`\.(?i:Exec|Insert|Create|Save|Update|Upsert|Add|Put|Store|Register|Delete|Remove|Join|Set)\w*\s*\(|\b(?i:INSERT|UPDATE|DELETE|UPSERT|REPLACE)\b`)

// writeCallLine is queryCallLine for a constraint: the line must write
// rows, since a lookup or the line that writes the error response is no
// statement that broke a constraint.
func (a *analysis) writeCallLine() (corpus.Line, bool) {
	if l, ok := a.queryCallLine(); ok && reWriteCall.MatchString(l.Text) {
		return l, true
	}
	return corpus.Line{}, false
}

// queryCallLine returns the statement that produced a database error: the
// nearest line of the failing function that runs SQL, else the line the
// error came from (a call of a function that runs it).
func (a *analysis) queryCallLine() (corpus.Line, bool) {
	if l, ok := a.queryLine(); ok {
		return a.siteLine(l), true
	}
	if w, _, ok := a.s.ErrorOrigin(); ok {
		return a.siteLine(w), true
	}
	return corpus.Line{}, false
}
