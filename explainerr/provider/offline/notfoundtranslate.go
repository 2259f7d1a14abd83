package offline

import (
	"go/ast"
	"strings"

	"github.com/explainerr/explainerr/internal/astutil"
)

// Layered apps keep a not-found error of their own (user.ErrNotFound):
// each store function turns the driver's not-found into it, and the
// handler answers it with 404. A store function that passes the driver's
// error on breaks that: the handler's test misses, and the request fails
// with 500. The fix is in that store function, as its siblings do it,
// not a test for the driver's error in the handler.

// sentinelTranslation is what shows such a break: the handler's test of
// the module's sentinel, a sibling that translates into it, and the
// reached query function that does not.
type sentinelTranslation struct {
	sentinel             string
	test, sibling, store sourceLine
}

// notFoundTranslationLost explains a driver's not-found error answered
// 500 where the request's code tests the module's own not-found sentinel
// and the store functions beside the one that ran translate into it. It
// reports whether it did.
func (a *analysis) notFoundTranslationLost(target string) bool {
	src := a.app()
	if src == nil || src.mod == nil {
		return false
	}
	st, ok := a.readSentinelTranslation()
	if !ok {
		return false
	}
	a.headline("A lookup passed on " + code(target) + " where the app answers its own " + code(st.sentinel))
	a.why("A single-row query matched no row, so its Scan returned " + code(target) + ".")
	a.why("The app answers a missing record by its own error: it tests " + code(st.sentinel) + " at " + a.cite(st.test) + ". The store functions beside the one that ran turn the driver's not-found into it, as at " + a.cite(st.sibling) + "; " + code(st.store.Func) + " (" + code(a.modulePathLoc(st.store)) + ") passes the driver's error on, so that test misses it and the request fails with 500.")
	a.fix("In " + code(st.store.Func) + ", return " + code(st.sentinel) + " for the driver's not-found error, rather than testing " + code(target) + " in the handler; its siblings do it, as at " + a.cite(st.sibling) + ".")
	return true
}

// readSentinelTranslation finds, among the functions the request reached,
// a test of a module sentinel whose name says "not found" and a function
// that runs a query without returning that sentinel while another
// function of its file does.
func (a *analysis) readSentinelTranslation() (sentinelTranslation, bool) {
	src := a.app()
	reached := a.reached()
	var st sentinelTranslation
	for _, ref := range reached {
		if st.test.Line != 0 {
			break
		}
		ast.Inspect(ref.Decl, func(n ast.Node) bool {
			if st.test.Line != 0 {
				return false
			}
			// "if errors.Is(err, user.ErrNotFound) {…}", or a case of a
			// switch without a tag.
			var conds []ast.Expr
			var body *ast.BlockStmt
			switch x := n.(type) {
			case *ast.IfStmt:
				conds, body = []ast.Expr{x.Cond}, x.Body
			case *ast.CaseClause:
				conds, body = x.List, &ast.BlockStmt{List: x.Body}
			}
			for _, cond := range conds {
				if name, ok := src.testedSentinel(src.viewOf(ref.File), cond); ok && astutil.Leaves(body) {
					st.sentinel, st.test = name, src.lineOfPos(cond.Pos(), funcName(ref.Decl))
					return false
				}
			}
			return true
		})
	}
	if st.test.Line == 0 {
		return st, false
	}
	short := st.sentinel[strings.LastIndexByte(st.sentinel, '.')+1:]
	for _, ref := range reached {
		if ref.Decl.Body == nil || returnsName(ref.Decl.Body, short) || !passesErrorOn(ref.Decl) {
			continue
		}
		for _, decl := range ref.File.Syntax().Decls {
			sib, ok := decl.(*ast.FuncDecl)
			if !ok || sib == ref.Decl || sib.Body == nil {
				continue
			}
			if at, ok := translatesInto(sib, short); ok {
				st.sibling = src.lineOfPos(at.Pos(), funcName(sib))
				st.store = src.lineOfPos(ref.Decl.Pos(), funcName(ref.Decl))
				return st, true
			}
		}
	}
	return st, false
}

// testedSentinel returns the sentinel an errors.Is condition of f tests, when
// its name says "not found" (ErrNotFound, ErrUserNotFound) and it is no
// driver's (sql, pgx, gorm).
func (s *appSource) testedSentinel(f *appFile, cond ast.Expr) (string, bool) {
	call, ok := cond.(*ast.CallExpr)
	if !ok {
		return "", false
	}
	name, ok := s.errorsIsTarget(f, call)
	if !ok {
		return "", false
	}
	short := name[strings.LastIndexByte(name, '.')+1:]
	if !strings.HasPrefix(short, "Err") || !strings.Contains(strings.ToLower(short), "notfound") {
		return "", false
	}
	switch strings.SplitN(name, ".", 2)[0] {
	case "sql", "pgx", "gorm", "mongo", "redis":
		return "", false
	}
	return name, true
}

// translatesInto returns the return statement of fd that gives the
// sentinel called short inside an if: the driver's not-found turned into
// the module's.
func translatesInto(fd *ast.FuncDecl, short string) (pos ast.Node, found bool) {
	ast.Inspect(fd.Body, func(n ast.Node) bool {
		is, ok := n.(*ast.IfStmt)
		if !ok {
			return true
		}
		if !returnsName(is.Body, short) {
			return !found
		}
		// The innermost if whose body gives the sentinel: the test of
		// the driver's not-found, not the "err != nil" around it.
		pos, found = is, true
		return true
	})
	return pos, found
}

// returnsName reports whether a return statement of body names short.
func returnsName(body *ast.BlockStmt, short string) bool {
	found := false
	ast.Inspect(body, func(n ast.Node) bool {
		ret, ok := n.(*ast.ReturnStmt)
		if !ok || found {
			return !found
		}
		for _, e := range ret.Results {
			ast.Inspect(e, func(m ast.Node) bool {
				if id, ok := m.(*ast.Ident); ok && id.Name == short {
					found = true
				}
				return !found
			})
		}
		return !found
	})
	return found
}

// passesErrorOn reports whether fd returns an error it got from a call:
// a return, inside "if err != nil", that names err.
func passesErrorOn(fd *ast.FuncDecl) bool {
	found := false
	ast.Inspect(fd.Body, func(n ast.Node) bool {
		is, ok := n.(*ast.IfStmt)
		if !ok || found {
			return !found
		}
		if cond := astutil.ExprString(is.Cond); strings.HasSuffix(cond, "err != nil") && returnsName(is.Body, "err") {
			found = true
		}
		return !found
	})
	return found
}
