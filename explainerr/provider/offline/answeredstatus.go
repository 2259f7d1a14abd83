package offline

import (
	"go/ast"
	"go/token"
	"regexp"
	"strconv"
	"strings"
	"unicode"

	"github.com/explainerr/explainerr/explainerr/internal/appsource"
	"github.com/explainerr/explainerr/internal/astutil"
)

// A handler that already answers a status for one of the app's errors
// (409 Conflict for ErrAlreadyExists) says where a failure that reached
// 500 was meant to go: the error that came is not the one its branch
// tests. Advising "answer 409" there is advice the code already has; the
// fix is to make the call that failed return the error the branch tests.

// statusBranch is a branch of a function on the request's path that
// answers a status when the error is one the app names.
type statusBranch struct {
	// test is the line of the branch's test; fn the function holding it.
	test sourceLine
	fn   appsource.FuncRef
	// target is the error the branch tests, as the file spells it
	// ("model.ErrAlreadyExists").
	target string
}

// statusBranchFor returns a branch, in the route's handler or a function
// of the report's app frames, whose test is errors.Is(err, T) or
// err == T (T not nil) and whose body answers the status: a name holding
// word ("Conflict" for http.StatusConflict or echo.ErrConflict) or the
// number itself.
func (a *analysis) statusBranchFor(word, number string) (statusBranch, bool) {
	src := a.app()
	if src == nil || src.mod == nil {
		return statusBranch{}, false
	}
	for _, ref := range a.pathFuncs() {
		f := src.viewOf(ref.File)
		if ref.Decl.Body == nil {
			continue
		}
		var out statusBranch
		ast.Inspect(ref.Decl.Body, func(n ast.Node) bool {
			if out.target != "" {
				return false
			}
			var tests []ast.Expr
			var body []ast.Stmt
			switch n := n.(type) {
			case *ast.IfStmt:
				tests, body = []ast.Expr{n.Cond}, n.Body.List
			case *ast.CaseClause:
				tests, body = n.List, n.Body
			default:
				return true
			}
			if !answersStatus(body, word, number) {
				return true
			}
			for _, t := range tests {
				if target, at, ok := src.testedError(f, t); ok {
					out = statusBranch{test: src.lineAt(f, at, appsource.FuncName(ref.Decl)), fn: ref, target: target}
					return false
				}
			}
			return true
		})
		if out.target != "" {
			return out, true
		}
	}
	return statusBranch{}, false
}

// pathFuncs returns the route's handler and what it calls, then the
// functions the report's app frames reached (appsource's Reach), each
// once.
func (a *analysis) pathFuncs() []appsource.FuncRef {
	src := a.app()
	var out []appsource.FuncRef
	seen := map[*ast.FuncDecl]bool{}
	add := func(ref appsource.FuncRef) {
		if ref.Decl != nil && ref.File != nil && !seen[ref.Decl] {
			seen[ref.Decl] = true
			out = append(out, ref)
		}
	}
	if h, ok := a.routeHandler(); ok {
		add(h)
		// What the handler calls: the stack that showed it is gone.
		for _, ref := range src.mod.Callees(h.File, h.Decl, 0) {
			add(ref)
		}
	}
	for _, ref := range src.mod.Reach(a.r.AppFrames()) {
		add(ref)
	}
	return out
}

// testedError returns the error a branch's test compares with, as the
// file spells it, and where: errors.Is(x, T), x == T or, in a switch on
// the error, the case value T itself; never nil.
func (s *appSource) testedError(f *appFile, e ast.Expr) (string, token.Pos, bool) {
	var target string
	var at token.Pos
	ast.Inspect(e, func(n ast.Node) bool {
		if target != "" {
			return false
		}
		switch n := n.(type) {
		case *ast.CallExpr:
			if t, ok := s.errorsIsTarget(f, n); ok && s.moduleSentinel(f, t) {
				target, at = t, n.Pos()
			}
			// strings.Contains(err.Error(), "idx_users_email"): the
			// error told by a constraint's name.
			if calleeName(n.Fun) == "Contains" && len(n.Args) == 2 && constraintLiteral(n.Args[1]) != "" {
				target, at = s.exprText(f, n.Args[1]), n.Pos()
			}
		case *ast.BinaryExpr:
			if n.Op == token.EQL {
				if t := s.exprText(f, n.Y); s.moduleSentinel(f, t) || constraintLiteral(n.Y) != "" {
					target, at = t, n.Pos()
				}
			}
		case *ast.SelectorExpr, *ast.Ident:
			if t := s.exprText(f, n.(ast.Expr)); t == s.exprText(f, e) && s.moduleSentinel(f, t) {
				target, at = t, n.Pos()
			}
		}
		return target == ""
	})
	return target, at, target != ""
}

// moduleSentinel reports whether expr, as f spells it, names an error
// variable of the module (ErrAlreadyExists, model.ErrNotFound,
// errNoToken), not one of another module's packages.
func (s *appSource) moduleSentinel(f *appFile, expr string) bool {
	name := lastSelector(expr)
	if len(name) <= 3 || !strings.HasPrefix(name, "Err") && !strings.HasPrefix(name, "err") || !unicode.IsUpper(rune(name[3])) {
		return false
	}
	pkg := strings.TrimSuffix(expr, "."+name)
	return pkg == expr || !strings.Contains(pkg, ".") && !importsOutside(s, f, pkg)
}

// answersStatus reports whether the statements name the status: an
// identifier or selector holding word, or the number as a literal.
func answersStatus(body []ast.Stmt, word, number string) bool {
	found := false
	for _, st := range body {
		ast.Inspect(st, func(n ast.Node) bool {
			switch n := n.(type) {
			case *ast.Ident:
				found = found || strings.Contains(n.Name, word)
			case *ast.BasicLit:
				found = found || n.Kind == token.INT && n.Value == number
			}
			return !found
		})
	}
	return found
}

// explainStatusBranch says, when a function on the request's path already
// answers the status for an error the app names, that the failure did not
// reach that branch, and advises making the writing call return that
// error for what the statement met (what: "a duplicate"). It reports
// whether it did.
func (a *analysis) explainStatusBranch(status, word, number, what string) bool {
	b, ok := a.statusBranchFor(word, number)
	if !ok {
		return false
	}
	fn := appsource.FuncName(b.fn.Decl)
	a.g.Add(fn, b.target, b.test.Text)
	if name, err := strconv.Unquote(b.target); err == nil {
		// The branch tells the error by a constraint's name.
		got := a.f.Captures["constraint"]
		if got == "" || got == name {
			return false
		}
		a.g.Add(name, got)
		a.why(code(fn) + " already answers " + status + " when the error names the constraint " + code(name) + " (" + code(a.fileLoc(b.test.Path, b.test.Line)) + ": " + code(b.test.Text) + "), but the database named " + code(got) + ", so the branch was passed and the error answered with a server error.")
		a.fix("Test for the constraint the database reports, " + code(got) + " (or the error's code, a unique violation, rather than a name), in that branch at " + code(a.fileLoc(b.test.Path, b.test.Line)) + ".")
		return true
	}
	a.why(code(fn) + " already answers " + status + " when the error is " + code(b.target) + " (" + code(a.fileLoc(b.test.Path, b.test.Line)) + ": " + code(b.test.Text) + "). The database's constraint error is not " + code(b.target) + ", so it passed that branch and was answered with a server error.")
	if l, ok := a.returnsError(b.target, b.fn.Decl); ok && a.explainIndexWiderThanCheck(b.target, l) {
		return true // the app looks the row up already: the index is wider than its check
	}
	advice := "Make the function that writes the row return " + code(b.target) + " for " + what + " (look it up before the write, or recognise the constraint error there and return " + code(b.target) + "), so the existing branch answers it"
	if l, ok := a.returnsError(b.target, b.fn.Decl); ok {
		a.g.Add(l.Func)
		advice += "; " + code(l.Func) + " returns it at " + code(a.fileLoc(l.Path, l.Line))
	}
	a.fix(advice + ".")
	return true
}

// returnsError returns a line of the module, outside the function skip,
// that returns the error target (by its last selector).
func (a *analysis) returnsError(target string, skip *ast.FuncDecl) (sourceLine, bool) {
	src := a.app()
	name := lastSelector(target)
	for _, f := range src.files {
		if strings.HasSuffix(f.path, "_test.go") || !linesHold(f.text(), "return", name) {
			continue
		}
		for _, d := range f.syntax().Decls {
			fd, ok := d.(*ast.FuncDecl)
			if !ok || fd == skip || fd.Body == nil {
				continue
			}
			var found *ast.ReturnStmt
			ast.Inspect(fd.Body, func(n ast.Node) bool {
				if ret, isRet := n.(*ast.ReturnStmt); isRet && found == nil {
					for _, r := range ret.Results {
						if t := src.exprText(f, r); lastSelector(t) == name {
							found = ret
						}
					}
				}
				return found == nil
			})
			if found != nil {
				return src.lineAt(f, found.Pos(), funcName(fd)), true
			}
		}
	}
	return sourceLine{}, false
}

// constraintName matches the name of a constraint or an index as schemas
// write them (idx_subs_email, subscribers_email_key, users_email_unique).
var constraintName = regexp.MustCompile(`^(?:\w+_(?:key|pkey|fkey|idx|index|unique|uniq|check)|(?:idx|uniq|unique|uq|fk|pk)_\w+)$`)

// constraintLiteral returns the constraint name e quotes, "" when e is no
// such string literal.
func constraintLiteral(e ast.Expr) string {
	v, ok := astutil.StringLit(e)
	if !ok || !constraintName.MatchString(v) {
		return ""
	}
	return v
}
