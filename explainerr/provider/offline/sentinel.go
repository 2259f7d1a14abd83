package offline

import (
	"go/ast"
	"strings"

	"github.com/explainerr/explainerr/explainerr/report"
)

// A handler that tests errors.Is(err, ErrNotFound) still answers 500 when
// the error was made with fmt.Errorf("...: %v", ErrNotFound): %v keeps the
// sentinel's text but not its identity. The analyzer looks for that pair
// in the app's source: an errors.Is test in the failing function, and a
// text-only wrap of the same sentinel (by name and package) anywhere in the
// module.

// lostSentinel is such a pair.
type lostSentinel struct {
	Check sourceLine
	// Target is the sentinel as the check names it ("store.ErrNotFound").
	Target string
	Wrap   textWrap
}

// findLostSentinel looks for a text-only wrap of a sentinel error that
// the failing function tests with errors.Is.
func (a *analysis) findLostSentinel() (lostSentinel, bool) {
	k := a.r.Error.Kind
	src := a.app()
	if src == nil || a.s.Frame == nil || (k != report.KindStatus && k != report.KindError) {
		return lostSentinel{}, false
	}
	f, fd := src.funcAt(a.s.Frame.File, a.s.Line)
	if fd == nil {
		return lostSentinel{}, false
	}
	wraps := src.textWraps()
	var found lostSentinel
	ok := false
	ast.Inspect(fd.Body, func(n ast.Node) bool {
		call, isCall := n.(*ast.CallExpr)
		if ok || !isCall || len(call.Args) != 2 {
			return !ok
		}
		sel, isSel := call.Fun.(*ast.SelectorExpr)
		if !isSel || sel.Sel.Name != "Is" {
			return true
		}
		if pkg, isIdent := sel.X.(*ast.Ident); !isIdent || pkg.Name != "errors" {
			return true
		}
		target := src.exprText(f, call.Args[1])
		for _, w := range wraps {
			if lastSelector(w.Arg) == lastSelector(target) && target != "" &&
				sameHome(src.homeOf(f.path, target), src.homeOf(w.Line.Path, w.Arg)) {
				found = lostSentinel{Check: src.lineAt(f, call.Pos(), funcName(fd)), Target: target, Wrap: w}
				ok = true
				return false
			}
		}
		return true
	})
	return found, ok
}

// explainLostSentinel writes the why and the fix of a lost sentinel.
func (a *analysis) explainLostSentinel(l lostSentinel) {
	verb := `"%` + l.Wrap.Verb + `"`
	a.why(code("errors.Is(err, "+l.Target+")") + " at " + a.cite(l.Check) + " is false for this error, so the request fell through to the generic error path.")
	a.why("The error is made at " + a.cite(l.Wrap.Line) + ", which formats " + code(l.Wrap.Arg) + " with " + code(verb) + ": the message keeps its text, but the error no longer wraps " + code(l.Wrap.Arg) + ", and " + code("errors.Is") + " cannot see it.")
	a.fix("Wrap it with " + code(`"%w"`) + " instead of " + code(verb) + " at " + code(a.fileLoc(l.Wrap.Line.Path, l.Wrap.Line.Line)) + ", so that " + code("errors.Is") + " finds " + code(l.Wrap.Arg) + " and the handler answers as it intends.")
}

// funcAt returns the function declaration of the file at path that holds
// line.
func (s *appSource) funcAt(path string, line int) (*appFile, *ast.FuncDecl) {
	for _, f := range s.files {
		if f.path != path {
			continue
		}
		for _, d := range f.ast.Decls {
			fd, ok := d.(*ast.FuncDecl)
			if !ok || fd.Body == nil {
				continue
			}
			if s.fset.Position(fd.Pos()).Line <= line && line <= s.fset.Position(fd.End()).Line {
				return f, fd
			}
		}
	}
	return nil, nil
}

// sentinelHeadline is the headline of a lost sentinel.
func sentinelHeadline(l lostSentinel) string {
	return "An error wrapped with " + code(`"%`+l.Wrap.Verb+`"`) + " is not " + code(strings.TrimSpace(l.Target)) + " to " + code("errors.Is")
}
