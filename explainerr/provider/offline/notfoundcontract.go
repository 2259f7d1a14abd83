package offline

import (
	"go/ast"
	"regexp"
	"strings"
)

// Many stores answer a lookup that finds nothing with nil and no error,
// and their callers test the result against nil: "create the user unless
// one exists". When one such lookup returns the driver's not-found error
// instead, the caller's nil branch never runs and the request fails. The
// fix is then in the lookup, made to keep the contract its caller and
// its siblings keep, not a sentinel and a 404: the caller wanted "none".

// reResultCall reads "v, err := x.Lookup(" on a line: the result (m[1])
// and the called function's name (m[2]).
var reResultCall = regexp.MustCompile(`\b(\w+)\s*,\s*\w+\s*:?=\s*(?:[\w.]+\.)?(\w+)\(`)

// nilContract is what shows that the call at the failing site was meant
// to answer "none" with nil: the caller's nil test of its result, and a
// sibling of the called function (in its file) that turns the not-found
// error into nil, when one does.
type nilContract struct {
	result, callee string
	test, sibling  sourceLine
}

// readNilContract reads call, the statement whose error was the
// not-found one, for a result the failing function tests against nil.
func (a *analysis) readNilContract(call string) (nilContract, bool) {
	m := reResultCall.FindStringSubmatch(call)
	if m == nil || m[1] == "_" {
		return nilContract{}, false
	}
	nc := nilContract{result: m[1], callee: m[2]}
	f, fd := a.failingFunc()
	if f == nil || fd == nil {
		return nilContract{}, false
	}
	src := a.app()
	nilTest := compiled(`\b` + regexp.QuoteMeta(nc.result) + `\s*[!=]=\s*nil\b|\bnil\s*[!=]=\s*` + regexp.QuoteMeta(nc.result) + `\b`)
	ast.Inspect(fd.Body, func(n ast.Node) bool {
		is, ok := n.(*ast.IfStmt)
		if ok && nc.test.Line == 0 && nilTest.MatchString(src.exprText(f, is.Cond)) {
			nc.test = src.lineOfPos(is.Pos(), funcName(fd))
		}
		return nc.test.Line == 0
	})
	if nc.test.Line == 0 {
		return nilContract{}, false
	}
	for _, d := range src.funcs(nc.callee, "") {
		if strings.HasSuffix(d.f.path, "_test.go") {
			continue
		}
		if testsNotFound(d.fd.Body) != nil {
			return nilContract{}, false // the lookup already turns it to nil: something else is wrong
		}
		for _, decl := range d.f.syntax().Decls {
			sib, ok := decl.(*ast.FuncDecl)
			if !ok || sib == d.fd || sib.Body == nil || nc.sibling.Line != 0 {
				continue
			}
			if is := testsNotFound(sib.Body); is != nil {
				nc.sibling = src.lineOfPos(is.Cond.Pos(), funcName(sib))
			}
		}
	}
	return nc, true
}

// explainNilContract says that the lookup nc reads broke the contract
// its caller relies on, and gives the fix in the lookup.
func (a *analysis) explainNilContract(nc nilContract) {
	a.g.Add(nc.result, nc.callee)
	why := "The caller expects " + code("nil") + " when nothing matches: it tests " + code(nc.result) + " at " + a.cite(nc.test) + ", its branch for a missing row, but " + code(nc.callee) + " returned the not-found error instead, so the request failed before that test."
	if nc.sibling.Line != 0 {
		why += " The other lookups beside it turn that error into " + code("nil") + ", as at " + a.cite(nc.sibling) + "."
	}
	a.why(why)
	a.fix("Make " + code(nc.callee) + " answer a missing row with a " + code("nil") + " result and no error, as its caller expects (test the driver's not-found error there and return nil), rather than turning the error into a 404 here: for this request, \"none found\" is the expected answer.")
}
