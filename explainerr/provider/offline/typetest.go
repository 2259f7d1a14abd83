package offline

import (
	"github.com/explainerr/explainerr/internal/astutil"
	"go/ast"
	"go/token"
	"regexp"
	"strconv"
	"strings"

	"github.com/explainerr/explainerr/explainerr/internal/appsource"
)

// A test of an error's type (a type switch, errors.As, a library's
// predicate such as ent.IsNotFound or os.IsNotExist) misses an error that
// a function it calls formatted with %v: the message keeps the original
// error's text, but the value is a new error of another type. The test is
// not tied to the wrap by a name, as an errors.Is target is: the wrap must
// give the failure's message and be in a function the testing one calls.

// lostTypeTest reports the pair when n, a node of fd, tests an error's
// type and one of wraps gives the failure's message in a function fd
// calls.
func (a *analysis) lostTypeTest(src *appSource, f *appFile, fd *ast.FuncDecl, n ast.Node, wraps []textWrap) (lostSentinel, bool) {
	target, test, at := typeTestOf(src, f, n, strings.ToLower(a.f.Message))
	if test == "" {
		return lostSentinel{}, false
	}
	for _, w := range wraps {
		if a.wrapGivesMessage(w) && appsource.Calls(fd, lastName(w.Line.Func)) {
			return lostSentinel{Check: src.lineAt(f, at, funcName(fd)), Target: target, Test: test, Wrap: w}, true
		}
	}
	return lostSentinel{}, false
}

// typeTestOf returns what n tests of an error's type: the first type of a
// type switch on an error variable, the target of errors.As (the type
// errors.AsType is given), or a
// predicate of another module's package given an error variable; the
// kind of test ("" for none) and where it is.
func typeTestOf(src *appSource, f *appFile, n ast.Node, msg string) (target, test string, at token.Pos) {
	switch x := n.(type) {
	case *ast.TypeSwitchStmt:
		if !errorVariable(typeSwitchSubject(x)) {
			return "", "", token.NoPos
		}
		// The case whose type's name the message says ("NotFoundError"
		// for "…: user not found"), else the first.
		first, firstAt := "", token.NoPos
		for _, st := range x.Body.List {
			cc, ok := st.(*ast.CaseClause)
			if !ok {
				continue
			}
			for _, t := range cc.List {
				if id, ok := t.(*ast.Ident); ok && id.Name == "nil" {
					continue
				}
				text := src.exprText(f, t)
				if typeNamedIn(text, msg) {
					return text, "type switch", cc.Pos()
				}
				if first == "" {
					first, firstAt = text, cc.Pos()
				}
			}
		}
		if first != "" {
			return first, "type switch", firstAt
		}
	case *ast.CallExpr:
		if ix, ok := x.Fun.(*ast.IndexExpr); ok && len(x.Args) == 1 {
			// errors.AsType[T](err), errors.As with the type named.
			if sel, ok := ix.X.(*ast.SelectorExpr); ok && sel.Sel.Name == "AsType" {
				if pkg, ok := sel.X.(*ast.Ident); ok && pkg.Name == "errors" {
					return src.exprText(f, ix.Index), "errors.AsType", x.Pos()
				}
			}
			return "", "", token.NoPos
		}
		sel, ok := x.Fun.(*ast.SelectorExpr)
		if !ok {
			return "", "", token.NoPos
		}
		pkg, ok := sel.X.(*ast.Ident)
		if !ok {
			return "", "", token.NoPos
		}
		switch {
		case pkg.Name == "errors" && sel.Sel.Name == "As" && len(x.Args) == 2:
			return src.exprText(f, x.Args[1]), "errors.As", x.Pos()
		case strings.HasPrefix(sel.Sel.Name, "Is") && len(x.Args) == 1 && errorVariable(src.exprText(f, x.Args[0])) && importsOutside(src, f, pkg.Name):
			return pkg.Name + "." + sel.Sel.Name, "predicate", x.Pos()
		}
	}
	return "", "", token.NoPos
}

// typeNamedIn reports whether the words of a type's name, "Error" left
// out, are in msg, lower-cased ("*ent.NotFoundError" in "user not
// found").
func typeNamedIn(typ, msg string) bool {
	name := typ[strings.LastIndexAny(typ, ".*")+1:]
	words := strings.ToLower(strings.TrimSpace(camelWords.ReplaceAllString(strings.TrimSuffix(name, "Error"), "$1 $2")))
	return words != "" && strings.Contains(msg, words)
}

// camelWords finds where a lower-case letter meets an upper-case one.
var camelWords = regexp.MustCompile(`([a-z0-9])([A-Z])`)

// typeSwitchSubject is the variable a type switch tests ("err" of
// "switch err.(type)" and of "switch e := err.(type)").
func typeSwitchSubject(ts *ast.TypeSwitchStmt) string {
	if id, ok := astutil.TypeSwitchValue(ts).(*ast.Ident); ok {
		return id.Name
	}
	return ""
}

// errorVariable reports whether name is written like an error variable.
func errorVariable(name string) bool {
	return name == "err" || strings.HasSuffix(name, "Err")
}

// importsOutside reports whether f imports a package of another module
// under name.
func importsOutside(src *appSource, f *appFile, name string) bool {
	for _, im := range f.syntax().Imports {
		p, err := strconv.Unquote(im.Path.Value)
		if err != nil {
			continue
		}
		n := p[strings.LastIndexByte(p, '/')+1:]
		if im.Name != nil {
			n = im.Name.Name
		}
		if n == name {
			return src.mod == nil || !(p == src.mod.Path || strings.HasPrefix(p, src.mod.Path+"/"))
		}
	}
	return false
}

// explainTypeTestLost writes the why and the fix of a type test a %v wrap
// defeats.
func (a *analysis) explainTypeTestLost(l lostSentinel) {
	if l.Test == "fresh" {
		a.why(code("errors.Is(err, "+l.Target+")") + " at " + a.cite(l.Check) + " is false for this error, so the request fell through to the generic error path.")
		a.why("The error is made at " + a.cite(l.Wrap.Line) + ": a new error, not " + code(l.Target) + " nor one that wraps it, whatever its message says.")
		a.fix("If this is the case " + code(l.Target) + " stands for, return " + code(l.Target) + " at " + code(a.fileLoc(l.Wrap.Line.Path, l.Wrap.Line.Line)) + " (or wrap it with " + code(`"%w"`) + "), so that " + code("errors.Is") + " finds it.")
		return
	}
	verb := `"%` + l.Wrap.Verb + `"`
	what := map[string]string{
		"type switch":   "The type switch's " + code("case "+l.Target),
		"errors.As":     code("errors.As(err, " + l.Target + ")"),
		"errors.AsType": code("errors.AsType[" + l.Target + "](err)"),
		"predicate":     code(l.Target + "(err)"),
	}[l.Test]
	a.why(what + " at " + a.cite(l.Check) + " does not match this error, so the request fell through to the generic error path.")
	a.why("The error is made at " + a.cite(l.Wrap.Line) + ", which formats " + code(l.Wrap.Arg) + " with " + code(verb) + ": the message keeps the original error's text, but the value is a new error of another type, which no test of the original's type matches.")
	if l.Test == "type switch" {
		a.fix("At " + code(a.fileLoc(l.Wrap.Line.Path, l.Wrap.Line.Line)) + ", return " + code(l.Wrap.Arg) + " as it is, or wrap it with " + code(`"%w"`) + " and test it with " + code("errors.As") + " instead of the type switch, which sees only the outermost error.")
		return
	}
	a.fix("Wrap it with " + code(`"%w"`) + " instead of " + code(verb) + " at " + code(a.fileLoc(l.Wrap.Line.Path, l.Wrap.Line.Line)) + ", so that " + what + " finds the original error.")
}

// A function that makes a fresh error (errors.New, or fmt.Errorf without
// %w) where its callers test for one of the module's sentinels with
// errors.Is (a cache store's "cache key "x" not found" where the client's
// callers test ErrCacheMiss) defeats the test as a %v wrap does: the
// message may say the same thing, the value is not the sentinel.

// freshInsteadOf returns where the failure's error was made (the
// module's one or two makers whose format gives it) when that is a fresh
// error, outside fd, sharing a word of its message with the message of
// target, a sentinel the module declares.
func (a *analysis) freshInsteadOf(src *appSource, target string, fd *ast.FuncDecl) (sourceLine, bool) {
	if src.mod == nil {
		return sourceLine{}, false
	}
	sentinel := src.mod.Sentinels()[lastSelector(target)]
	if sentinel == "" {
		return sourceLine{}, false
	}
	for _, msg := range a.messageTails() {
		for _, em := range src.mod.ErrorOrigins(msg) {
			if em.Func == "" || em.Func == funcName(fd) || strings.Contains(em.Format, "%w") {
				continue
			}
			if format, err := strconv.Unquote(em.Format); err == nil && sharesWord(format, sentinel) {
				return src.lineIn(em.File, em.Line, em.Func), true
			}
		}
	}
	return sourceLine{}, false
}

// sharesWord reports whether a and b share a word of four letters or more
// other than the words every error says.
func sharesWord(a, b string) bool {
	words := map[string]bool{}
	for _, w := range wordsOf(b) {
		words[w] = true
	}
	for _, w := range wordsOf(a) {
		if words[w] {
			return true
		}
	}
	return false
}

// wordsOf returns the lower-cased words of four letters or more of s, less
// those every error says.
func wordsOf(s string) []string {
	var out []string
	for _, w := range longWord.FindAllString(s, -1) {
		if w = strings.ToLower(w); !commonErrorWords[w] {
			out = append(out, w)
		}
	}
	return out
}

// longWord matches a word of four letters or more.
var longWord = regexp.MustCompile(`[A-Za-z]{4,}`)

// commonErrorWords say that something failed, not what.
var commonErrorWords = map[string]bool{"error": true, "failed": true, "cannot": true, "could": true, "unable": true, "invalid": true, "with": true, "from": true, "this": true, "that": true}
