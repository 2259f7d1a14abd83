package offline

import (
	"go/ast"
	gotoken "go/token"
	"strings"

	"github.com/explainerr/explainerr/explainerr/internal/appsource"
	"github.com/explainerr/explainerr/internal/astutil"
)

// An app that maps a driver's error to an answer (a unique violation to
// 409) often tests its type with a type assertion, err.(*pgconn.PgError).
// The assertion sees the outermost error only: a caller that wraps the
// error first, even with %w, makes it false, and the mapping never runs.
// The fix is errors.As in the mapping, or passing the error unwrapped.

// assertAfterWrap is a type assertion on a parameter of a function the
// request reached, and a call of that function passing a wrap of an
// error for that parameter.
type assertAfterWrap struct {
	assert, call sourceLine
	mapper       string
	typ          string
}

// findAssertAfterWrap returns, among the functions the request reached,
// one that asserts the type of an error parameter (p, ok :=
// err.(*T)) and a call of it, also reached, that passes fmt.Errorf of an
// error for that parameter.
func (a *analysis) findAssertAfterWrap() (assertAfterWrap, bool) {
	src := a.app()
	if src == nil || src.mod == nil {
		return assertAfterWrap{}, false
	}
	reach := a.reached()
	for _, ref := range reach {
		param, typ, at, ok := assertedParam(ref.Decl)
		if !ok {
			continue
		}
		i := paramIndex(ref.Decl, param)
		for _, caller := range reach {
			if caller.Decl == nil || caller.Decl.Body == nil {
				continue
			}
			var wrapCall *ast.CallExpr
			ast.Inspect(caller.Decl.Body, func(n ast.Node) bool {
				ce, ok := n.(*ast.CallExpr)
				if !ok || wrapCall != nil || calleeName(ce.Fun) != ref.Decl.Name.Name || i >= len(ce.Args) {
					return wrapCall == nil
				}
				if arg, ok := ce.Args[i].(*ast.CallExpr); ok && calleeName(arg.Fun) == "Errorf" {
					wrapCall = ce
				}
				return wrapCall == nil
			})
			if wrapCall == nil {
				continue
			}
			f, cf := src.viewOf(ref.File), src.viewOf(caller.File)
			return assertAfterWrap{
				assert: src.lineAt(f, at, appsource.FuncName(ref.Decl)),
				call:   src.lineAt(cf, wrapCall.Pos(), appsource.FuncName(caller.Decl)),
				mapper: appsource.FuncName(ref.Decl),
				typ:    typ,
			}, true
		}
	}
	return assertAfterWrap{}, false
}

// assertedParam returns the parameter of fd whose type fd asserts (p, ok
// := err.(*T), or a type switch on it), the type as written, and where.
func assertedParam(fd *ast.FuncDecl) (param, typ string, at gotoken.Pos, ok bool) {
	if fd == nil || fd.Body == nil {
		return "", "", 0, false
	}
	ast.Inspect(fd.Body, func(n ast.Node) bool {
		ta, isAssert := n.(*ast.TypeAssertExpr)
		if !isAssert || ok || ta.Type == nil {
			return !ok
		}
		id, isIdent := ta.X.(*ast.Ident)
		if !isIdent || paramIndex(fd, id.Name) < 0 || !strings.HasPrefix(strings.ToLower(id.Name), "err") {
			return true
		}
		param, typ, at, ok = id.Name, astutil.ExprString(ta.Type), ta.Pos(), true
		return false
	})
	return param, typ, at, ok
}

// assertAfterWrapSays explains a mapping defeated by a wrap
// (findAssertAfterWrap). It reports whether it found one.
func (a *analysis) assertAfterWrapSays(answer string) bool {
	w, ok := a.findAssertAfterWrap()
	if !ok {
		return false
	}
	a.g.Add(w.mapper, w.typ, w.assert.Text, w.call.Text)
	a.why("The app maps this error" + answer + " in " + code(w.mapper) + ", but tests its type with a type assertion at " + a.cite(w.assert) + ", which sees the outermost error only; the call at " + a.cite(w.call) + " passes it a wrap made with " + code("fmt.Errorf") + ", so the assertion to " + code(w.typ) + " is false and the mapping never runs.")
	a.fix("In " + code(w.mapper) + ", test with " + code("errors.As") + " instead of the type assertion (it looks through wraps), or pass the error unwrapped at " + code(a.fileLoc(w.call.Path, w.call.Line)) + ".")
	return true
}

// assertBehindTextWrap explains an error a function of the stack tests
// with a type assertion on its error parameter (err.(HTTPError)) when the
// error was made by a wrap with a verb other than %w whose format gives
// the message: the wrap is a new error of another type, the assertion is
// false, and the error's own answer is lost. It reports whether it did.
func (a *analysis) assertBehindTextWrap() bool {
	src := a.app()
	if src == nil || src.mod == nil {
		return false
	}
	wraps := a.wrapsGivingMessage()
	if len(wraps) != 1 {
		return false
	}
	w := wraps[0]
	for _, fr := range a.r.AppFrames() {
		f, fd := src.mod.FuncAt(fr.File, fr.Line)
		if fd == nil {
			continue
		}
		_, typ, at, ok := assertedParam(fd)
		if !ok {
			continue
		}
		fn := appsource.FuncName(fd)
		assert := src.lineAt(src.viewOf(f), at, fn)
		verb := `"%` + w.Verb + `"`
		a.g.Add(fn, typ, w.Arg)
		a.headline("An error wrapped with " + code(verb) + " does not pass the type assertion to " + code(typ))
		a.why(code(fn) + " tests the error's type with a type assertion at " + a.cite(assert) + ", which sees the outermost error only. The error was made at " + a.cite(w.Line) + ", which formats " + code(w.Arg) + " with " + code(verb) + ": a new error of another type, so the assertion to " + code(typ) + " is false and the error is answered as an unexpected one, its own answer lost.")
		a.fix("At " + code(a.fileLoc(w.Line.Path, w.Line.Line)) + ", return " + code(w.Arg) + " as it is, or wrap it with " + code(`"%w"`) + " and test it with " + code("errors.As") + " in " + code(fn) + " instead of the type assertion.")
		return true
	}
	return false
}
