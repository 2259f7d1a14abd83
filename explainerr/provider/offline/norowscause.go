package offline

import (
	"go/ast"
	"go/token"
	"regexp"
	"strconv"
	"strings"

	"github.com/explainerr/explainerr/internal/astutil"
)

// Two causes of a "no rows" answered as a 500 sit outside the query:
// the handler dropped the error of reading the request's key (an id that
// is no number leaves it 0, which no row has), or a store returns the
// driver's sentinel itself where its callers test the app's own
// not-found error. Advising a test of sql.ErrNoRows would be wrong for
// both: the first is the client's 400, the second is fixed in the store.

// noRowsFromDroppedInput explains a no-rows error after the failing
// function dropped the error of reading the request's key; it reports
// whether it did.
func (a *analysis) noRowsFromDroppedInput(target string) bool {
	l, ok := a.droppedInputError()
	if !ok {
		return false
	}
	for _, q := range quotedArg.FindAllStringSubmatch(l.Text, -1) {
		if v, ok := a.routeValue(q[1]); ok {
			if _, err := strconv.ParseFloat(v, 64); err == nil {
				return false // the request gave a number: it parsed
			}
		}
	}
	a.g.Add(l.Text, l.Func, baseName(l.Path))
	a.headline("No row found for a key the request did not give: " + code(target))
	a.why(code(l.Func) + " drops the error of " + code(strings.TrimSpace(l.Text)) + " at " + code(a.fileLoc(l.Path, l.Line)) + ": when the request's value does not parse, the key keeps its zero value, and a query by it matches no row, so its Scan returns " + code(target) + ".")
	if rl := a.requestLine(); rl != "" {
		a.why("The request was " + rl + ".")
	}
	a.fix("Check the error at " + code(a.fileLoc(l.Path, l.Line)) + " and answer 400 Bad Request when the value does not parse, instead of querying with the zero value.")
	return true
}

// sentinelSwapped explains a no-rows error that a function the request
// reached returns itself (return sql.ErrNoRows) while an app frame tests
// the app's own not-found error; it reports whether it did.
func (a *analysis) sentinelSwapped(target string) bool {
	src := a.app()
	if src == nil || src.mod == nil {
		return false
	}
	var ret sourceLine
	found := false
	refs := a.reached()
	if rs := src.mod.SentinelReturns(target); len(rs) == 1 {
		// The one function of the module that returns the sentinel
		// itself, reached or not (a bus or a function value the
		// reach does not follow).
		refs = append(refs, rs[0])
	}
	for _, ref := range refs {
		if found || ref.Decl == nil || ref.Decl.Body == nil {
			continue
		}
		ast.Inspect(ref.Decl.Body, func(n ast.Node) bool {
			rs, ok := n.(*ast.ReturnStmt)
			if !ok || found {
				return !found
			}
			for _, r := range rs.Results {
				if astutil.ExprString(r) == target {
					ret, found = src.lineAt(src.viewOf(ref.File), rs.Pos(), funcName(ref.Decl)), true
				}
			}
			return true
		})
	}
	if !found {
		return false
	}
	test, sentinel, ok := a.otherSentinelTest(target)
	if !ok {
		return false
	}
	a.g.Add(sentinel, test.Text, ret.Text)
	a.headline("A store returns " + code(target) + " where the handler expects " + code(sentinel))
	a.why(code(ret.Func) + " returns " + code(target) + " itself at " + a.cite(ret) + ", while " + code(test.Func) + " answers a missing record by testing for " + code(sentinel) + " at " + a.cite(test) + ": the test does not match, and the error is answered as a 500.")
	a.fix("Return " + code(sentinel) + " at " + code(a.fileLoc(ret.Path, ret.Line)) + ", as the handler expects.")
	return true
}

// otherSentinelTest returns an errors.Is test in a function of the
// report's app frames for a sentinel other than target, with the
// sentinel as written.
func (a *analysis) otherSentinelTest(target string) (sourceLine, string, bool) {
	src := a.app()
	for _, fr := range a.appFrames(maxSentinelFrames) {
		f, fd := src.funcAt(fr.File, fr.Line)
		if fd == nil || fd.Body == nil {
			continue
		}
		var out sourceLine
		sentinel := ""
		// Names given what the error is made of (cause := errors.Cause(err)).
		fromErr := map[string]bool{"err": true}
		ast.Inspect(fd.Body, func(n ast.Node) bool {
			if as, ok := n.(*ast.AssignStmt); ok && len(as.Lhs) == 1 && len(as.Rhs) == 1 && astutil.Mentions(as.Rhs[0], "err") {
				if id, ok := as.Lhs[0].(*ast.Ident); ok {
					fromErr[id.Name] = true
				}
			}
			return true
		})
		mentionsErr := func(e ast.Expr) bool {
			for name := range fromErr {
				if astutil.Mentions(e, name) {
					return true
				}
			}
			return false
		}
		ast.Inspect(fd.Body, func(n ast.Node) bool {
			if sentinel != "" {
				return false
			}
			var tested, against ast.Expr
			switch x := n.(type) {
			case *ast.CallExpr:
				if astutil.ExprString(x.Fun) == "errors.Is" && len(x.Args) == 2 {
					tested, against = x.Args[0], x.Args[1]
				}
			case *ast.BinaryExpr:
				// errors.Cause(err) == app.ErrNotFound
				if x.Op == token.EQL {
					tested, against = x.X, x.Y
				}
			}
			if tested == nil || !mentionsErr(tested) {
				return true
			}
			s := astutil.ExprString(against)
			if s != target && !strings.HasSuffix(s, ".ErrNoRows") && sentinelName.MatchString(s) {
				out, sentinel = src.lineAt(f, n.Pos(), funcName(fd)), s
			}
			return true
		})
		if sentinel != "" {
			return out, sentinel, true
		}
	}
	return sourceLine{}, "", false
}

// quotedArg matches a string literal argument of a call's text.
var quotedArg = regexp.MustCompile(`"([A-Za-z_]\w*)"`)

// routeValue returns the value the request's URL gives the route
// parameter name ("first" for {bookID} of /book/{bookID} and
// /book/first); ok is false when the route does not name it.
func (a *analysis) routeValue(name string) (string, bool) {
	route, path := a.r.Request.Route, a.r.Request.URL
	if i := strings.IndexAny(path, "?#"); i >= 0 {
		path = path[:i]
	}
	rs, ps := strings.Split(strings.Trim(route, "/"), "/"), strings.Split(strings.Trim(path, "/"), "/")
	if route == "" || len(rs) != len(ps) {
		return "", false
	}
	for i, seg := range rs {
		if p, ok := strings.CutPrefix(seg, "{"); ok && strings.TrimSuffix(strings.SplitN(p, ":", 2)[0], "}") == name {
			return ps[i], true
		}
	}
	return "", false
}

// sentinelName matches a sentinel error's name as written (app.ErrNotFound).
var sentinelName = regexp.MustCompile(`^(?:\w+\.)?Err[A-Z]\w*$`)
