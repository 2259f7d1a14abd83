package offline

import (
	"go/ast"
	"strings"

	"github.com/explainerr/explainerr/explainerr/provider/offline/internal/site"
)

// The nearest assignment above the failing line is not always the one
// that ran: `if n > Max { n = Max }` assigns n only when its condition
// held. Naming that assignment as where the value came from is a claim the
// source does not support; these helpers tell such an assignment and say
// what is known instead.

// conditionalAssignment returns, as Markdown, the branch under which the
// statement on line runs in the failing function (the condition of an if,
// its else, a case, a loop's body, a function literal), when that branch
// does not also hold the failing line: the statement may not have run. ok
// is false when the line runs on every path to the failing line, or the
// source cannot be read.
func (a *analysis) conditionalAssignment(line int) (cond string, ok bool) {
	src := a.app()
	if src == nil || src.mod == nil || a.s.Frame == nil {
		return "", false
	}
	f, fd := src.funcAt(a.s.Frame.File, a.s.Line)
	if fd == nil || fd.Body == nil {
		return "", false
	}
	lineOf := func(n ast.Node) (int, int) {
		return src.fset.Position(n.Pos()).Line, src.fset.Position(n.End()).Line
	}
	holds := func(n ast.Node, l int) bool {
		from, to := lineOf(n)
		return from <= l && l <= to
	}
	ast.Inspect(fd.Body, func(n ast.Node) bool {
		if ok || n == nil || !holds(n, line) {
			return !ok && n != nil
		}
		var body ast.Node
		what := ""
		switch x := n.(type) {
		case *ast.IfStmt:
			if holds(x.Body, line) {
				body, what = x.Body, "the condition "+code(src.exprText(f, x.Cond))
			} else if x.Else != nil && holds(x.Else, line) {
				body, what = x.Else, "the else branch of "+code("if "+src.exprText(f, x.Cond))
			}
		case *ast.CaseClause, *ast.CommClause:
			body, what = x, "one case of a switch"
		case *ast.ForStmt:
			body, what = x.Body, "a loop's body"
		case *ast.RangeStmt:
			body, what = x.Body, "a loop's body"
		case *ast.FuncLit:
			body, what = x.Body, "a function literal"
		}
		if body != nil && holds(body, line) && !holds(body, a.s.Line) {
			cond, ok = what, true
		}
		return !ok
	})
	return strings.TrimSpace(cond), ok
}

// ungroundedSource says, for a value whose nearest assignment (at w)
// runs only under cond, what is known: that assignment and its branch,
// and the one before it on the path when there is one, without naming
// either as where the value came from.
func (a *analysis) ungroundedSource(name string, w site.WindowLine, cond string) {
	before := ""
	s := a.s
	s.Line = w.Number
	if p, _, ok := s.AssignmentOf(name); ok {
		if _, branch := a.conditionalAssignment(p.Number); !branch {
			before = "; before that it is set at " + quoteLine(a.siteLine(p))
		}
	}
	a.why(code(name) + " is assigned at " + quoteLine(a.siteLine(w)) + " only under " + cond + before + ". Whether that branch ran, the trace does not say, so which assignment gave the 0 is not known from the source here.")
}

// conditionalAt is conditionalAssignment at another frame's site (the
// caller that passed a value on).
func (a *analysis) conditionalAt(s site.Site, line int) (branch bool) {
	a.atSite(s, func() { _, branch = a.conditionalAssignment(line) })
	return branch
}
