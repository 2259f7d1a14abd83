package offline

import (
	"go/ast"
	"regexp"
	"strings"

	"github.com/explainerr/explainerr/explainerr/internal/appsource"
	"github.com/explainerr/explainerr/explainerr/provider/offline/internal/corpus"
	"github.com/explainerr/explainerr/internal/astutil"
)

// A unique violation is usually fixed by checking for the row before
// writing it. Before advising that, the failing function is read: when
// it already makes the same insert earlier for the request, the request
// writes the row twice; when it already looks the row up and tests what
// it found, the check is there, and advising it again would be wrong.

// reInsertCall matches the name of a call that writes a row.
var reInsertCall = regexp.MustCompile(`^(?i:create|insert|add|save|store|put|register|upsert)`)

// reCheckHelper matches the name of a helper that checks a value before
// it is written (validate, checkUnique, emailTaken).
var reCheckHelper = regexp.MustCompile(`(?i)valid|check|exist|taken|unique|avail|dup|verif`)

// requestLookup reports whether a lookup call reads the request or the
// context (r.Header.Get, r.URL.Query().Get, c.Get), not stored rows.
func requestLookup(fun ast.Expr) bool {
	sel, ok := fun.(*ast.SelectorExpr)
	if !ok {
		return false
	}
	switch x := sel.X.(type) {
	case *ast.SelectorExpr:
		switch x.Sel.Name {
		case "Header", "Form", "PostForm", "URL", "Trailer", "Cookies":
			return true
		}
	case *ast.CallExpr:
		return calleeName(x.Fun) == "Query" || calleeName(x.Fun) == "Header"
	case *ast.Ident:
		// A request or a router's context read by one of its getters; a
		// store whose receiver is also named r (r.HandleTaken) is none.
		return (x.Name == "ctx" || x.Name == "c" || x.Name == "r" || x.Name == "req") && requestGetters[sel.Sel.Name]
	}
	return false
}

// requestGetters are the methods of a request (net/http's) or a router's
// context (gin's, echo's) that read what the request carries.
var requestGetters = wordSet(`FormValue PostFormValue Cookie Context Header URL PathValue Value Get GetString GetInt GetHeader MustGet Param Params Query QueryParam QueryParams DefaultQuery PostForm GetQuery GetPostForm FormFile Bind BindJSON ShouldBind ShouldBindJSON`)

// reLookupCall matches the name of a call that looks a row up.
var reLookupCall = regexp.MustCompile(`^(?i:get|find|lookup|load|fetch|exists|has|count|check|select|query|read|by)|By[A-Z]|(?i:exists|taken)$`)

// uniqueCheck is what the failing function already does about a
// duplicate: the same insert made on another line (twice), or a lookup
// whose result a branch tests (lookup); each with its line.
type uniqueCheck struct {
	twice, lookup corpus.Line
	insert        string
	// lookupIn is the helper holding the lookup, when the failing
	// function calls one that makes it ("" when the lookup is its own).
	lookupIn string
	// unseen is true for a lookup of a function no frame shows, on the
	// request's way to a write no frame shows either
	// (unseenUniqueLookup); lookupCallee is the module function it
	// calls, when there is one.
	unseen       bool
	lookupCallee appsource.FuncRef
}

// readUniqueCheck reads the failing function for the insert on the
// failing line made again elsewhere, and for a lookup above it whose
// result an if statement tests.
func (a *analysis) readUniqueCheck() uniqueCheck {
	var out uniqueCheck
	f, fd := a.failingFunc()
	if f == nil || fd == nil || fd.Body == nil {
		return out
	}
	src := a.app()
	line := func(n ast.Node) int { return src.fset.Position(n.Pos()).Line }
	text := func(n int) corpus.Line {
		t := ""
		if n >= 1 && n <= len(f.text()) {
			t = strings.TrimSpace(f.text()[n-1])
		}
		return corpus.Line{File: a.s.File, Number: n, Text: t}
	}
	// The insert calls on the failing line, by their text, and the names
	// their arguments are made of.
	inserts := map[string]bool{}
	inserted := map[string]bool{}
	ast.Inspect(fd.Body, func(n ast.Node) bool {
		if c, ok := n.(*ast.CallExpr); ok && line(c) == a.s.Line && reInsertCall.MatchString(calleeName(c.Fun)) {
			for _, arg := range c.Args {
				for _, name := range valueNames(arg) {
					inserted[name] = true
				}
			}
			inserts[src.exprText(f, c)] = true
			if out.insert == "" {
				out.insert = src.exprText(f, c)
			}
		}
		return true
	})
	var path []ast.Node // the nodes enclosing the one inspected
	var calledAbove []string
	ast.Inspect(fd.Body, func(n ast.Node) bool {
		if n == nil {
			path = path[:len(path)-1]
			return true
		}
		path = append(path, n)
		if c, ok := n.(*ast.CallExpr); ok && line(c) < a.s.Line {
			if out.twice.Number == 0 && inserts[src.exprText(f, c)] && a.runsBefore(path) {
				out.twice = text(line(c))
			}
			calledAbove = append(calledAbove, calleeName(c.Fun))
		}
		return true
	})
	keys := a.constraintColumns()
	// A lookup of the duplicate reads a value the insert writes, or one of
	// the constraint's columns: finding the parent row the new one refers
	// to (the dial of an invite code) is no check for the duplicate.
	aboutRow := func(c *ast.CallExpr) bool {
		if len(inserted) == 0 && len(keys) == 0 {
			return true
		}
		for _, arg := range c.Args {
			for _, name := range valueNames(arg) {
				if inserted[name] || keys[normalColumn(name)] {
					return true
				}
			}
		}
		return false
	}
	if n := lookupTested(src, fd.Body, a.s.Line, aboutRow); n != 0 {
		out.lookup = text(n)
		return out
	}
	// A helper called above the insert may make the check (a request's
	// Validate that looks the name up).
	for _, name := range calledAbove {
		if !reCheckHelper.MatchString(name) {
			continue
		}
		for _, d := range src.funcs(name, "") {
			if n := lookupTested(src, d.fd.Body, 0, nil); n != 0 && n <= len(d.f.text()) {
				out.lookup = corpus.Line{File: a.fileName(d.f.path), Number: n, Text: strings.TrimSpace(d.f.text()[n-1])}
				out.lookupIn = funcName(d.fd)
				return out
			}
		}
	}
	if out.insert == "" {
		// No write on the failing line: the write ran in code the stack
		// does not show, and so may its lookup.
		out.lookup, out.lookupIn, out.lookupCallee, out.unseen = a.unseenUniqueLookup()
	}
	return out
}

// constraintColumns returns the columns the violated constraint covers,
// as normalColumn writes them: the message's ("dial_memberships.dial_id,
// dial_memberships.user_id") and the captured column.
func (a *analysis) constraintColumns() map[string]bool {
	out := map[string]bool{}
	add := func(c string) {
		// club_id is also said as club.
		n := normalColumn(c)
		out[n] = true
		if base := strings.TrimSuffix(n, "id"); base != n && len(base) > 2 {
			out[base] = true
		}
	}
	for _, part := range strings.Split(a.f.Captures["column"], ",") {
		if c := strings.TrimSpace(part); c != "" {
			add(c)
		}
	}
	if _, after, ok := strings.Cut(a.f.Message, "constraint failed:"); ok {
		for _, m := range reQualifiedColumn.FindAllStringSubmatch(after, -1) {
			add(m[1])
		}
	}
	return out
}

// reQualifiedColumn finds table.column in a constraint's message.
var reQualifiedColumn = regexp.MustCompile(`\b\w+\.(\w+)\b`)

// normalColumn writes a column or a Go name alike: dial_id and DialID
// are "dialid".
func normalColumn(name string) string {
	return strings.ToLower(strings.ReplaceAll(name, "_", ""))
}

// valueNames returns the names an expression is made of (identifiers,
// selected fields, a composite literal's keys), the request's context
// aside.
func valueNames(e ast.Expr) []string {
	var out []string
	ast.Inspect(e, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.Ident:
			switch n.Name {
			case "ctx", "r", "req", "c", "context", "Context", "nil", "true", "false":
			default:
				out = append(out, n.Name)
			}
		case *ast.CallExpr:
			if calleeName(n.Fun) == "Context" {
				return false
			}
		}
		return true
	})
	return out
}

// lookupTested returns the line of body, above before (anywhere when
// before is 0), that assigns a lookup's result which an if statement's
// condition then reads, of a lookup call about accepts (any, when about
// is nil); 0 when there is none.
func lookupTested(src *appSource, body *ast.BlockStmt, before int, about func(*ast.CallExpr) bool) int {
	if body == nil {
		return 0
	}
	line := func(n ast.Node) int { return src.fset.Position(n.Pos()).Line }
	looked := map[string]int{}
	tested := map[string]bool{}
	inCond := 0 // the first if whose condition makes the lookup itself
	ast.Inspect(body, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.AssignStmt:
			if before != 0 && line(n) >= before || len(n.Rhs) != 1 {
				break
			}
			c, ok := n.Rhs[0].(*ast.CallExpr)
			if !ok || !reLookupCall.MatchString(calleeName(c.Fun)) || requestLookup(c.Fun) || about != nil && !about(c) {
				break
			}
			for _, l := range n.Lhs {
				if id, ok := l.(*ast.Ident); ok && id.Name != "_" && id.Name != "err" {
					looked[id.Name] = line(n)
				}
			}
		case *ast.IfStmt:
			ast.Inspect(n.Cond, func(m ast.Node) bool {
				if id, ok := m.(*ast.Ident); ok {
					tested[id.Name] = true
				}
				// if !dao.FindSite(name).IsEmpty() { … }: the lookup is
				// tested where it is made.
				if c, ok := m.(*ast.CallExpr); ok && reLookupCall.MatchString(calleeName(c.Fun)) && !requestLookup(c.Fun) && (about == nil || about(c)) && (before == 0 || line(n) < before) && inCond == 0 {
					inCond = line(n)
				}
				return true
			})
		}
		return true
	})
	best := inCond
	for name, n := range looked {
		if tested[name] && (best == 0 || n < best) {
			best = n
		}
	}
	return best
}

// runsBefore reports whether the node at the end of path, above the
// failing line, runs before it in one pass through the function: every
// if statement holding it that ends above the failing line holds it in
// its head or its body, and that body does not always leave; an if
// statement holding both does not hold them in its two branches.
func (a *analysis) runsBefore(path []ast.Node) bool {
	src := a.app()
	for i := len(path) - 2; i >= 0; i-- {
		switch st := path[i].(type) {
		case *ast.IfStmt:
			inBody, inElse := path[i+1] == st.Body, st.Else != nil && path[i+1] == st.Else
			if src.fset.Position(st.End()).Line >= a.s.Line {
				// The failing line is in this statement too: in its else
				// while the node is in its body, the two exclude each other.
				failsInElse := st.Else != nil && src.fset.Position(st.Else.Pos()).Line <= a.s.Line
				return !(inBody && failsInElse)
			}
			if inElse || inBody && astutil.Leaves(st.Body) {
				return false
			}
		case *ast.ForStmt, *ast.RangeStmt, *ast.SwitchStmt, *ast.TypeSwitchStmt, *ast.SelectStmt, *ast.FuncLit:
			if src.fset.Position(st.End()).Line < a.s.Line {
				return false // a loop, a case or a closure: not plainly once before
			}
		}
	}
	return true
}

// explainUniqueCheck writes what the failing function already does about
// a duplicate and the fixes that follow; it reports false when it does
// nothing about one, and the usual fixes apply.
func (a *analysis) explainUniqueCheck() bool {
	uc := a.readUniqueCheck()
	switch {
	case uc.twice.Number != 0:
		a.g.Add(uc.twice.Text, uc.insert)
		a.why("The same call " + code(uc.insert) + " is made twice in this function for one request: at " + quoteLine(uc.twice) + " and on the failing line, so the second one writes the row the first already wrote.")
		a.fix("Make the insert once: remove one of the two calls of " + code(uc.insert) + " (keep the one in the branch that decides to create the row).")
		return true
	case uc.lookup.Number != 0 && uc.unseen:
		a.explainUnseenUniqueLookup(uc)
		return true
	case uc.lookup.Number != 0:
		a.g.Add(uc.lookup.Text)
		who := "The function already looks"
		if uc.lookupIn != "" {
			a.g.Add(uc.lookupIn)
			who = "The function already has " + code(uc.lookupIn) + ", which it calls above, look"
		}
		a.why(who + " for an existing row before writing, at " + quoteLine(uc.lookup) + ", and tests what it found: so either that lookup reads another value (or column) than the one the unique constraint covers, or the row was written after the lookup (by this request, or by another request at the same time).")
		a.fix("Check that the lookup at " + code(loc(uc.lookup.File, uc.lookup.Number)) + " searches the same value, with the same case and trimming, as the unique constraint compares, and that nothing between it and the failing line writes the row.")
		a.fix("Two requests can both pass the lookup: recognise the constraint error as well, and answer 409 Conflict (" + code("http.StatusConflict") + ").")
		return true
	}
	return false
}
