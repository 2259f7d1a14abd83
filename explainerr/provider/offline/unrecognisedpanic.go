package offline

import (
	"go/ast"
	"regexp"
	"strings"

	"github.com/explainerr/explainerr/internal/astutil"
)

// A handler often answers the errors it knows (a not-found, a validation
// error) and panics with any other, so that a recoverer answers 500. A
// panic there says the error was not one it knows: the advice to answer
// errors with a status instead is what the code already does. What is to
// find is why this one was not recognised, most often a wrap on the way
// that made a new error of its text.

// recognisesErr matches a condition that tests an error for what it is:
// a type assertion, errors.Is or errors.As, a comparison with a value.
var recognisesErr = regexp.MustCompile(`\berr\w*\.\(|\berrors\.(?:Is|As)\(\s*err|\berr\w*\s*==\s*\w|\bcase\s+[\w.*]+`)

// panicsForUnrecognised explains a panic with an error value in a
// function that tests the error for what it is before, and answers
// those: the error was not one it recognises. It reports whether it did.
func (a *analysis) panicsForUnrecognised(msg string) bool {
	if !strings.Contains(a.s.Text, "panic(err") {
		return false
	}
	f, fd := a.failingFunc()
	if f == nil || fd == nil || fd.Body == nil {
		return false
	}
	src := a.app()
	var test sourceLine
	ast.Inspect(fd.Body, func(n ast.Node) bool {
		if test.Line != 0 {
			return false
		}
		var cond ast.Node
		switch n := n.(type) {
		case *ast.IfStmt:
			if astutil.Leaves(n.Body) {
				cond = n.Cond
				if n.Init != nil {
					cond = n.Init
				}
			}
		case *ast.TypeSwitchStmt:
			cond = n.Assign
		}
		if cond == nil || src.fset.Position(cond.Pos()).Line >= a.s.Line {
			return true
		}
		if recognisesErr.MatchString(src.exprText(f, cond)) {
			test = src.lineOfPos(cond.Pos(), funcName(fd))
		}
		return test.Line == 0
	})
	if test.Line == 0 {
		return false
	}
	a.why("It answers the errors it recognises before, as at " + a.cite(test) + ", and panics with any other: this error was not one it recognises.")
	if l, ok := a.errorMadeAt(msg); ok {
		if m := textVerbWrap.FindStringSubmatch(l.Text); m != nil {
			a.why("Its message is made at " + a.cite(l) + ", which formats the error with " + code(`"%`+m[1]+`"`) + ": the error that comes back is a new one, without the type or value the check looks for.")
			a.fix("Wrap it with " + code(`"%w"`) + " at " + code(a.fileLoc(l.Path, l.Line)) + " (and test it with " + code("errors.As") + " or " + code("errors.Is") + "), so that the check recognises it.")
			return true
		}
		a.why("Its message is made at " + a.cite(l) + ".")
	}
	a.fix("Find why this error is not one the checks before the panic recognise: where it is made or wrapped on its way (a wrap with " + code(`"%v"`) + " makes a new error of its text), or add a check for it that answers with its status.")
	return true
}
