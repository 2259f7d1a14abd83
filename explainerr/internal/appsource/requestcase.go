package appsource

import (
	"go/ast"
	"go/token"
	"net/url"
	"strconv"
	"strings"

	"github.com/explainerr/explainerr/explainerr/report"
)

// A handler that serves several paths or methods often switches on them
// and assigns the error in each case (case "/api/v1/new": err =
// data.newHand(rw, req)). Only the case the request matched ran: the
// error it answers was made there, not in the case written nearest the
// line that reported it.

// CaseRan reports whether line of fn can have run for a request of
// method and path. It is false only for a line in a case of a switch
// whose labels are string literals or net/http's method constants when
// another case of that switch names the request's method or path, or,
// when none does and the switch tests the request's method, path or URL,
// when the line's case is not the default.
func CaseRan(fset *token.FileSet, fn *ast.FuncDecl, line int, method, path string) bool {
	sw, clause := switchCaseAt(fset, fn, line)
	if sw == nil {
		return true
	}
	var matched *ast.CaseClause
	for _, st := range sw.Body.List {
		c := st.(*ast.CaseClause)
		labels, all := LiteralLabels(c)
		if !all {
			return true // a case of computed values: which ran is not known
		}
		for _, l := range labels {
			if l == path || l != "" && strings.ToUpper(l) == l && strings.EqualFold(l, method) {
				matched = c
			}
		}
	}
	if matched != nil {
		return matched == clause
	}
	if !testsRequest(sw.Tag) {
		return true
	}
	return clause.List == nil
}

// switchCaseAt returns the innermost expression switch of fn with a case
// whose body holds line, and that case.
func switchCaseAt(fset *token.FileSet, fn *ast.FuncDecl, line int) (*ast.SwitchStmt, *ast.CaseClause) {
	var sw *ast.SwitchStmt
	var clause *ast.CaseClause
	if fn == nil || fn.Body == nil {
		return nil, nil
	}
	ast.Inspect(fn.Body, func(n ast.Node) bool {
		s, ok := n.(*ast.SwitchStmt)
		if !ok {
			return true
		}
		for _, st := range s.Body.List {
			c := st.(*ast.CaseClause)
			if len(c.Body) == 0 {
				continue
			}
			if fset.Position(c.Colon).Line < line && line <= fset.Position(c.End()).Line {
				sw, clause = s, c
			}
		}
		return true
	})
	return sw, clause
}

// LiteralLabels returns a case's labels as the strings they stand for: a
// string literal's value, or the method name of net/http's
// http.MethodGet; all is false when a label is something else.
func LiteralLabels(c *ast.CaseClause) (labels []string, all bool) {
	for _, e := range c.List {
		switch x := e.(type) {
		case *ast.BasicLit:
			v, err := strconv.Unquote(x.Value)
			if x.Kind != token.STRING || err != nil {
				return nil, false
			}
			labels = append(labels, v)
		case *ast.SelectorExpr:
			pkg, isIdent := x.X.(*ast.Ident)
			name, isMethod := strings.CutPrefix(x.Sel.Name, "Method")
			if !isIdent || pkg.Name != "http" || !isMethod {
				return nil, false
			}
			labels = append(labels, strings.ToUpper(name))
		default:
			return nil, false
		}
	}
	return labels, true
}

// testsRequest reports whether a switch's tag reads the request's method,
// path or URL (r.Method, req.URL.Path).
func testsRequest(tag ast.Expr) bool {
	found := false
	ast.Inspect(tag, func(n ast.Node) bool {
		if sel, ok := n.(*ast.SelectorExpr); ok {
			switch sel.Sel.Name {
			case "Method", "Path", "URL", "RequestURI":
				found = true
			}
		}
		return !found
	})
	return found
}

// ErrorSourceFor is ErrorSourceRan for the request of r: the cases of a
// switch on its path or method that it did not match left out (CaseRan).
func (m *Module) ErrorSourceFor(r *report.Report, f *File, fd *ast.FuncDecl, line int) (int, []FuncRef) {
	path := r.Request.URL
	if u, err := url.Parse(path); err == nil {
		path = u.Path
	}
	return m.ErrorSourceRan(f, fd, line, func(l int) bool { return CaseRan(m.Fset, fd, l, r.Request.Method, path) })
}
