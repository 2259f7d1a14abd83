package offline

import (
	"go/ast"
	"go/token"
	"strings"

	"github.com/explainerr/explainerr/explainerr/internal/appsource"
)

// A handler that serves several methods often switches on the request's
// method and assigns the error in each case ("case "PROPFIND": status, err
// = handlePropfind(…)"). Only the case of the request's method ran: the
// error comes from there, not from the case written nearest the line that
// wrote the status.

// methodSwitchCase returns the case clause of a switch on HTTP methods in
// fn that holds line, and whether it names method.
func methodSwitchCase(fset *token.FileSet, fn *ast.FuncDecl, line int, method string) (cc *ast.CaseClause, this, ok bool) {
	ast.Inspect(fn.Body, func(n ast.Node) bool {
		c, isCase := n.(*ast.CaseClause)
		if !isCase || ok {
			return !ok
		}
		if fset.Position(c.Pos()).Line > line || fset.Position(c.End()).Line < line {
			return true
		}
		labels, all := methodLabels(c)
		if !all || len(labels) == 0 {
			return true // a case of something else: look inside it
		}
		cc, ok = c, true
		for _, l := range labels {
			this = this || strings.EqualFold(l, method)
		}
		return false
	})
	return cc, this, ok
}

// methodLabels returns a case's labels as HTTP method names ("PROPFIND",
// "GET" of http.MethodGet); all is false when a label is something else.
func methodLabels(c *ast.CaseClause) (labels []string, all bool) {
	labels, all = appsource.LiteralLabels(c)
	for _, l := range labels {
		if l == "" || strings.ToUpper(l) != l {
			return nil, false
		}
	}
	return labels, all
}

// methodCaseOf is site.Site's MethodCaseOf for the failing function.
func (a *analysis) methodCaseOf(line int) (this, ok bool) {
	src := a.app()
	if src == nil || src.mod == nil || a.s.Frame == nil || a.s.Method == "" {
		return false, false
	}
	_, fd := src.mod.FuncAt(a.s.Frame.File, a.s.Line)
	if fd == nil || fd.Body == nil {
		return false, false
	}
	_, this, ok = methodSwitchCase(src.fset, fd, line, a.s.Method)
	return this, ok
}

// methodCaseErrLine returns, in the failing function, the first line of
// the case of the request's method that assigns an error, when the
// function switches on the method above the failing line.
func (a *analysis) methodCaseErrLine() (sourceLine, bool) {
	src := a.app()
	if src == nil || src.mod == nil || a.s.Frame == nil || a.s.Method == "" {
		return sourceLine{}, false
	}
	_, fd := src.mod.FuncAt(a.s.Frame.File, a.s.Line)
	if fd == nil || fd.Body == nil {
		return sourceLine{}, false
	}
	var found *ast.AssignStmt
	ast.Inspect(fd.Body, func(n ast.Node) bool {
		c, isCase := n.(*ast.CaseClause)
		if !isCase || found != nil {
			return found == nil
		}
		labels, all := methodLabels(c)
		if !all || src.fset.Position(c.Pos()).Line > a.s.Line {
			return true
		}
		for _, l := range labels {
			if strings.EqualFold(l, a.s.Method) {
				for _, st := range c.Body {
					if as, isAssign := st.(*ast.AssignStmt); isAssign && assignsErr(as) {
						found = as
						return false
					}
				}
			}
		}
		return true
	})
	if found == nil {
		return sourceLine{}, false
	}
	return src.lineOfPos(found.Pos(), funcName(fd)), true
}

// assignsErr reports whether an assignment sets a variable named err (or
// ending in Err).
func assignsErr(as *ast.AssignStmt) bool {
	for _, l := range as.Lhs {
		if id, ok := l.(*ast.Ident); ok && (id.Name == "err" || strings.HasSuffix(id.Name, "Err")) {
			return true
		}
	}
	return false
}
