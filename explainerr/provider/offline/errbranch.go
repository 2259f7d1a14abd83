package offline

import (
	"go/ast"
	"go/token"
	"strings"

	"github.com/explainerr/explainerr/explainerr/failureclass"
	"github.com/explainerr/explainerr/explainerr/internal/appsource"
	"github.com/explainerr/explainerr/internal/astutil"
)

// A value assigned together with an error ("stmt, err := db.Prepare(q)")
// is nil when the call fails only if the code goes on after the failure.
// The error check right after the assignment says which: a branch that
// returns (or panics, exits, breaks out) leaves the function on failure,
// so past it the value came with a nil error; a branch that only logs the
// error goes on with the nil value.

// errBranch is the error check right after an assignment.
type errBranch struct {
	// Assign is the assignment line; Call the name of the function it
	// calls ("Prepare").
	Assign sourceLine
	Call   string
	// Check is the "if err != nil {" line.
	Check sourceLine
	// Leaves is true when the branch leaves on every path it takes to its
	// end (return, panic, os.Exit, log.Fatal, break, continue, goto).
	Leaves bool
	// First is the branch's first statement ("log.Println(err)"), when it
	// has one.
	First sourceLine
	// LetsThrough is the error the check leaves out ("river.ErrNotFound"
	// of "err != nil && !errors.Is(err, river.ErrNotFound)"): when the
	// call fails with it, the code goes on past the check.
	LetsThrough string
}

// errAssignment is an assignment that keeps a call's error (v, err :=
// call(…)): the function and the statement list that hold it, and its
// place there.
type errAssignment struct {
	f      *appFile
	fd     *ast.FuncDecl
	list   []ast.Stmt
	i      int
	as     *ast.AssignStmt
	errVar string
}

// errAssignmentAt returns the assignment on line of the file at path that
// assigns two results or more, the last an error variable that is not _.
func (s *appSource) errAssignmentAt(path string, line int) (errAssignment, bool) {
	f, fd := s.funcAt(path, line)
	if fd == nil {
		return errAssignment{}, false
	}
	var out errAssignment
	found, done := false, false
	ast.Inspect(fd.Body, func(n ast.Node) bool {
		if done {
			return false
		}
		list := stmtList(n)
		for i, st := range list {
			as, ok := st.(*ast.AssignStmt)
			if !ok || s.fset.Position(as.Pos()).Line != line || len(as.Lhs) < 2 {
				continue
			}
			done = true
			if errVar, ok := as.Lhs[len(as.Lhs)-1].(*ast.Ident); ok && errVar.Name != "_" {
				out, found = errAssignment{f: f, fd: fd, list: list, i: i, as: as, errVar: errVar.Name}, true
			}
			return false
		}
		return true
	})
	return out, found
}

// errBranchAfter returns the check of the error that the assignment on
// line of the file at path assigns, when the statement right after it is
// "if err != nil { … }" on that error.
func (s *appSource) errBranchAfter(path string, line int) (errBranch, bool) {
	a, ok := s.errAssignmentAt(path, line)
	if !ok || a.i+1 >= len(a.list) {
		return errBranch{}, false
	}
	ifs, ok := a.list[a.i+1].(*ast.IfStmt)
	if !ok || ifs.Init != nil {
		return errBranch{}, false
	}
	lets := ""
	if !isNotNilTest(ifs.Cond, a.errVar) {
		if lets = exceptedError(ifs.Cond, a.errVar); lets == "" {
			return errBranch{}, false
		}
	}
	fn := funcName(a.fd)
	out := errBranch{Assign: s.lineAt(a.f, a.as.Pos(), fn), Check: s.lineAt(a.f, ifs.Pos(), fn), Leaves: astutil.Leaves(ifs.Body) && lets == "", LetsThrough: lets}
	if len(a.as.Rhs) == 1 {
		if call, ok := ast.Unparen(a.as.Rhs[0]).(*ast.CallExpr); ok {
			out.Call = calleeName(call.Fun)
		}
	}
	if len(ifs.Body.List) > 0 {
		out.First = s.lineAt(a.f, ifs.Body.List[0].Pos(), fn)
	}
	return out, true
}

// stmtList returns the statements n holds directly: a block's, a case's.
func stmtList(n ast.Node) []ast.Stmt {
	switch n := n.(type) {
	case *ast.BlockStmt:
		return n.List
	case *ast.CaseClause:
		return n.Body
	case *ast.CommClause:
		return n.Body
	}
	return nil
}

// exceptedError returns the error a check of name leaves out: X of
// "name != nil && !errors.Is(name, X)" or "name != nil && name != X";
// "" for another condition.
func exceptedError(cond ast.Expr, name string) string {
	b, ok := ast.Unparen(cond).(*ast.BinaryExpr)
	if !ok || b.Op != token.LAND || !isNotNilTest(b.X, name) {
		return ""
	}
	switch y := ast.Unparen(b.Y).(type) {
	case *ast.UnaryExpr:
		call, ok := ast.Unparen(y.X).(*ast.CallExpr)
		if y.Op == token.NOT && ok && astutil.SelectorChain(call.Fun) == "errors.Is" && len(call.Args) == 2 {
			if id, ok := call.Args[0].(*ast.Ident); ok && id.Name == name {
				return astutil.SelectorChain(call.Args[1])
			}
		}
	case *ast.BinaryExpr:
		if id, ok := ast.Unparen(y.X).(*ast.Ident); ok && y.Op == token.NEQ && id.Name == name {
			return astutil.SelectorChain(y.Y)
		}
	}
	return ""
}

// isNotNilTest reports whether cond is "name != nil" (or "nil != name").
func isNotNilTest(cond ast.Expr, name string) bool {
	b, ok := ast.Unparen(cond).(*ast.BinaryExpr)
	if !ok || b.Op != token.NEQ {
		return false
	}
	x, y := ast.Unparen(b.X), ast.Unparen(b.Y)
	if isNilIdent(x) {
		x, y = y, x
	}
	id, ok := x.(*ast.Ident)
	return ok && id.Name == name && isNilIdent(y)
}

// alwaysNew returns a return statement of the module's functions called
// name when every one of them returns, as its first result, a value made
// on the spot (&T{…}, new(T), T{…}) on every return: such a function never
// returns nil.
func (s *appSource) alwaysNew(name string) (sourceLine, bool) {
	l, _, ok := s.alwaysNewType(name)
	return l, ok
}

// alwaysNewType is alwaysNew, with the type of the first value made (a
// pointer type for &T{…} and new(T)).
func (s *appSource) alwaysNewType(name string) (sourceLine, ast.Expr, bool) {
	decls := s.funcs(name, "")
	if len(decls) == 0 {
		return sourceLine{}, nil, false
	}
	var first sourceLine
	var typ ast.Expr
	for _, d := range decls {
		returns := 0
		fresh := true
		ast.Inspect(d.fd.Body, func(n ast.Node) bool {
			if _, ok := n.(*ast.FuncLit); ok {
				return false
			}
			ret, ok := n.(*ast.ReturnStmt)
			if !ok {
				return true
			}
			returns++
			if len(ret.Results) == 0 || !madeOnTheSpot(ret.Results[0]) {
				fresh = false
			} else if first.Path == "" {
				first = s.lineAt(d.f, ret.Pos(), funcName(d.fd))
				typ = madeType(ret.Results[0])
			}
			return true
		})
		if returns == 0 || !fresh {
			return sourceLine{}, nil, false
		}
	}
	return first, typ, true
}

// madeType returns the type of a value made on the spot (see
// madeOnTheSpot); nil when the literal names none.
func madeType(e ast.Expr) ast.Expr {
	switch x := ast.Unparen(e).(type) {
	case *ast.CompositeLit:
		return x.Type
	case *ast.UnaryExpr:
		if lit, ok := ast.Unparen(x.X).(*ast.CompositeLit); ok && lit.Type != nil {
			return &ast.StarExpr{X: lit.Type}
		}
	case *ast.CallExpr:
		if len(x.Args) == 1 {
			return &ast.StarExpr{X: x.Args[0]}
		}
	}
	return nil
}

// madeOnTheSpot reports whether e makes a new value that cannot be nil:
// &T{…}, new(T), T{…}.
func madeOnTheSpot(e ast.Expr) bool {
	switch x := ast.Unparen(e).(type) {
	case *ast.CompositeLit:
		return true
	case *ast.UnaryExpr:
		_, lit := ast.Unparen(x.X).(*ast.CompositeLit)
		return x.Op == token.AND && lit
	case *ast.CallExpr:
		id, ok := x.Fun.(*ast.Ident)
		return ok && id.Name == "new"
	}
	return false
}

// calleeName returns the last name of a called function ("Prepare" for
// db.Prepare), "" when it has none.
func calleeName(fun ast.Expr) string { return appsource.CalleeName(fun) }

// explainGoesOn says how root came to be nil: the call that assigns it
// failed, and the error check after it went on.
func (a *analysis) explainGoesOn(root string, br errBranch) {
	handled := br.Check
	if br.First.Path != "" {
		handled = br.First
	}
	fn := code(br.Call)
	if br.LetsThrough != "" {
		a.g.Add(br.LetsThrough)
		a.why(code(root) + " comes from " + a.cite(br.Assign) + ", and the check of its error at " + a.cite(br.Check) + " leaves out " + code(br.LetsThrough) + ": when " + fn + " fails with it, " + code(root) + " is " + code("nil") + " and the code goes on to use it.")
		a.fix("When " + fn + " fails with " + code(br.LetsThrough) + " (the check at " + code(a.fileLoc(br.Check.Path, br.Check.Line)) + " lets it through), skip what follows for that value, or answer it (404 Not Found for a missing record), instead of using a " + code("nil") + " " + code(root) + ".")
		return
	}
	a.why(code(root)+" comes from "+a.cite(br.Assign)+", whose error is only handled at "+a.cite(handled)+" before the code goes on: when "+fn+" fails, "+code(root)+" is "+code("nil")+".",
		code(root)+" comes from a call whose error is handled without leaving.")
	line, ok := lastErrorLogLine(a.r)
	if !ok && strings.Contains(strings.ToLower(handled.Text), "print") && len(a.r.Logs) > 0 {
		// The check prints the error: the request's last log line is
		// most likely it, whatever its words.
		line, ok = failureclass.LogText(a.r.Logs[len(a.r.Logs)-1].Text), true
	}
	if ok && line != "" {
		a.g.Add(line) // the report's own evidence
		a.why("The request logged "+code(shorten(line, 200))+" before the failure: most likely the error of "+fn+".",
			"The request logged "+code(shorten(line, 200))+" before the failure.")
	}
	a.fix("Leave when " + fn + " fails: inside the check at " + code(a.fileLoc(br.Check.Path, br.Check.Line)) + ", answer with the error and return instead of going on with a " + code("nil") + " " + code(root) + ".")
}
