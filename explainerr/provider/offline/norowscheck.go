package offline

import (
	"go/ast"
	"regexp"
	"strings"

	"github.com/explainerr/explainerr/explainerr/internal/appsource"
	"github.com/explainerr/explainerr/explainerr/report"
)

// An error middleware that writes the 500 after the handler returned
// leaves no handler on the stack, so the failing function holds no
// errors.Is test; the module may still have one. Advising the test again
// would be advice the source contradicts: the analyzer finds the test
// anywhere in the module and, beside it, the text-only wrap that made the
// error.

// moduleErrorsIs returns the first errors.Is test of the module whose
// target is the sentinel target names ("sql.ErrNoRows"), by its last
// selector, in a function not on the stack for which tied reports true:
// one the request reached first.
func (a *analysis) moduleErrorsIs(target string, tied func(appsource.FuncRef) bool) (sourceLine, bool) {
	src := a.app()
	if src == nil {
		return sourceLine{}, false
	}
	name := lastSelector(target)
	// A test in a function the request reached comes before one that
	// only could have (the PUT handler's, for a GET).
	var later sourceLine
	reached := map[*ast.FuncDecl]bool{}
	if src.mod != nil {
		for _, ref := range a.reached() {
			reached[ref.Decl] = true
		}
	}
	for _, f := range src.files {
		if !linesHold(f.text(), "errors.Is", name) {
			continue
		}
		for _, d := range f.syntax().Decls {
			fd, ok := d.(*ast.FuncDecl)
			if !ok || fd.Body == nil {
				continue
			}
			var found *ast.CallExpr
			ast.Inspect(fd.Body, func(n ast.Node) bool {
				call, isCall := n.(*ast.CallExpr)
				if found != nil || !isCall {
					return found == nil
				}
				if target, isTest := src.errorsIsTarget(f, call); isTest && lastSelector(target) == name {
					found = call
				}
				return found == nil
			})
			if found != nil && f.src != nil && !a.onStack(f.path, fd) && tied(appsource.FuncRef{File: f.src, Decl: fd}) {
				if len(reached) == 0 || reached[fd] {
					return src.lineAt(f, found.Pos(), funcName(fd)), true
				}
				if later.Line == 0 {
					later = src.lineAt(f, found.Pos(), funcName(fd))
				}
			}
		}
	}
	return later, later.Line != 0
}

// errorsIsTarget returns the target of call when it is errors.Is(x,
// target), as the file spells it.
func (s *appSource) errorsIsTarget(f *appFile, call *ast.CallExpr) (string, bool) {
	sel, isSel := call.Fun.(*ast.SelectorExpr)
	if !isSel || sel.Sel.Name != "Is" || len(call.Args) != 2 {
		return "", false
	}
	if pkg, isIdent := sel.X.(*ast.Ident); !isIdent || pkg.Name != "errors" {
		return "", false
	}
	return s.exprText(f, call.Args[1]), true
}

// linesHold reports whether one of lines holds every word.
func linesHold(lines []string, words ...string) bool {
	for _, l := range lines {
		all := true
		for _, w := range words {
			if !strings.Contains(l, w) {
				all = false
				break
			}
		}
		if all {
			return true
		}
	}
	return false
}

// noRowsCheckedElsewhere explains target (sql.ErrNoRows or pgx.ErrNoRows)
// answered 500 when the
// module already tests for it outside the failing function (the handler
// is not on the stack): it names the test, and the wrap with "%v" that
// hid the sentinel when the module shows it, else what is known. It
// reports whether it did; it adds no advice to write the test.
func (a *analysis) noRowsCheckedElsewhere(target string) bool {
	src := a.app()
	if src == nil || src.mod == nil {
		return false
	}
	w, wrapped := a.textWrapOf(target)
	if !wrapped {
		w, wrapped = a.textWrapInside(target)
	}
	made := func(to appsource.FuncRef) bool {
		if wrapped {
			return to.File.Path == w.Line.Path && src.declHolds(to.Decl, w.Line.Line)
		}
		return src.funcMatches(to, singleRowQuery)
	}
	// The test is tied to this failure when its function reaches the
	// query (or the wrap), or when a frame of the stack reaches it: the
	// error middleware that handled this error calls it.
	tied := func(from appsource.FuncRef) bool {
		return reachesWithin(src.mod, from, made) || a.stackReaches(func(r appsource.FuncRef) bool { return r.Decl == from.Decl })
	}
	if a.standIn == "" && a.stackReaches(made) {
		// The function that handled the error is on the stack: its own
		// test counts. Frames that stand in for a stack the failure did
		// not show (the app's code its log names) say nothing of it.
		return false
	}
	check, ok := a.moduleErrorsIs(target, tied)
	if !ok {
		return false
	}
	a.why("A single-row query matched no row, so its Scan returned " + code(target) + ".")
	if wrapped {
		a.headline(sentinelHeadline(lostSentinel{Target: target, Wrap: w}))
		a.explainLostSentinel(lostSentinel{Check: check, Target: target, Wrap: w})
	} else {
		a.why("The app does test for it, at " + a.cite(check) + ", yet the error answered 500: on its way there it was made into text (" + code("fmt.Errorf") + " with " + code(`"%v"`) + " or " + code(`"%s"`) + ", or " + code("errors.New(err.Error())") + "), so it no longer wraps " + code(target) + "; where, the source read here does not show.")
		a.fix("Find where the error is wrapped between the query and that test and wrap it with " + code(`"%w"`) + ", so " + code("errors.Is") + " sees " + code(target) + ".")
	}
	a.fix("Keep 500 for the other errors: those are real failures.")
	return true
}

// maxCheckHops bounds how many calls deep a test of a sentinel is followed
// to the function that made its error.
const maxCheckHops = 3

// reachesWithin reports whether from, or a module function it calls
// within maxCheckHops calls, is one for which is reports true.
func reachesWithin(m *appsource.Module, from appsource.FuncRef, is func(appsource.FuncRef) bool) bool {
	seen := map[*ast.FuncDecl]bool{from.Decl: true}
	level := []appsource.FuncRef{from}
	for hop := 0; hop <= maxCheckHops && len(level) > 0; hop++ {
		var next []appsource.FuncRef
		for _, r := range level {
			if is(r) {
				return true
			}
			for _, c := range m.Callees(r.File, r.Decl, 0) {
				if c.Decl != nil && !seen[c.Decl] {
					seen[c.Decl] = true
					next = append(next, c)
				}
			}
		}
		level = next
	}
	return false
}

// onStack reports whether fd, declared in the file at path, holds a frame
// of the report's stack.
func (a *analysis) onStack(path string, fd *ast.FuncDecl) bool {
	src := a.app()
	for _, f := range a.r.Frames {
		if f.Kind == report.FrameApp && f.File == path && src.declHolds(fd, f.Line) {
			return true
		}
	}
	return false
}

// declHolds reports whether line is within fd.
func (s *appSource) declHolds(fd *ast.FuncDecl, line int) bool {
	return fd != nil && s.fset.Position(fd.Pos()).Line <= line && line <= s.fset.Position(fd.End()).Line
}

// singleRowQuery matches a line that runs a query for one row.
var singleRowQuery = regexp.MustCompile(`\.QueryRow(?:Context|x|xContext)?\(|\.Get(?:Context)?\(\s*(?:ctx\s*,\s*)?&`)

// funcMatches reports whether a line of the function r matches re.
func (s *appSource) funcMatches(r appsource.FuncRef, re *regexp.Regexp) bool {
	lines := r.File.Lines()
	from, to := s.fset.Position(r.Decl.Pos()).Line, s.fset.Position(r.Decl.End()).Line
	if from < 1 || to > len(lines) || from > to {
		return false
	}
	for _, l := range lines[from-1 : to] {
		if re.MatchString(l) {
			return true
		}
	}
	return false
}

// stackReaches reports whether a function of the report's app frames, or
// one it calls within maxCheckHops calls, is one for which is reports
// true.
func (a *analysis) stackReaches(is func(appsource.FuncRef) bool) bool {
	src := a.app()
	for _, fr := range a.r.Frames {
		if fr.Kind != report.FrameApp {
			continue
		}
		if f, fd := src.funcAt(fr.File, fr.Line); fd != nil && f.src != nil && reachesWithin(src.mod, appsource.FuncRef{File: f.src, Decl: fd}, is) {
			return true
		}
	}
	return false
}

// textWrapInside is textWrapOf for the analysed message, also when it
// holds the wrap's text after a prefix of its own (a logger's or an error
// handler's "request failed: "): the module's text-only wrap whose format
// gives the message, or a tail of it that starts after a ": ", holding
// target's text.
func (a *analysis) textWrapInside(target string) (textWrap, bool) {
	src := a.app()
	text := knownSentinels[target]
	if src == nil || text == "" {
		return textWrap{}, false
	}
	wraps := src.textWraps()
	for _, tail := range a.messageTails() {
		if !strings.Contains(tail, text) || strings.HasPrefix(tail, text) {
			continue
		}
		for _, w := range wraps {
			if formatMatchesMin(w.Format, tail, 3) {
				return w, true
			}
		}
	}
	return textWrap{}, false
}
