package offline

import (
	"go/ast"

	"github.com/explainerr/explainerr/explainerr/internal/appsource"
	"github.com/explainerr/explainerr/explainerr/provider/offline/internal/corpus"
	"github.com/explainerr/explainerr/explainerr/provider/offline/internal/linefacts"
	"github.com/explainerr/explainerr/explainerr/provider/offline/internal/site"
	"github.com/explainerr/explainerr/internal/astutil"
)

// A caller that tests a call's error for one case only (if errors.Is(err,
// fs.ErrNotExist) { … return }) and uses the call's value before it
// checks err != nil reads a nil value whenever the call fails otherwise,
// or when the one case no longer matches: a %v wrap in the call hides the
// sentinel from errors.Is.

// testedOnly is such a caller: the sentinel test before the use, and the
// check of any failure after it, if there is one.
type testedOnly struct {
	// target is the error the test names, as written; test its line.
	target string
	test   sourceLine
	// later is the err != nil check after the use; its Path is "" when
	// there is none.
	later sourceLine
	// refs are the module functions the assignment calls.
	refs []appsource.FuncRef
}

// errTestedOnlyFor returns, for the assignment on line of the file at
// path (v, err := call(…)), the leaving errors.Is test of err between the
// assignment and useLine when no statement there checks err != nil.
func (s *appSource) errTestedOnlyFor(path string, line, useLine int) (testedOnly, bool) {
	a, ok := s.errAssignmentAt(path, line)
	if !ok || a.f.src == nil || s.mod == nil {
		return testedOnly{}, false
	}
	f, fn := a.f, funcName(a.fd)
	var t testedOnly
	for _, next := range a.list[a.i+1:] {
		ifs, isIf := next.(*ast.IfStmt)
		at := s.fset.Position(next.Pos()).Line
		switch {
		case at >= useLine:
			if isIf && ifs.Init == nil && isNotNilTest(ifs.Cond, a.errVar) && t.target != "" {
				t.later = s.lineAt(f, ifs.Pos(), fn)
				return s.withRefs(t, a, line), true
			}
			continue
		case !isIf:
			continue
		case isNotNilTest(ifs.Cond, a.errVar):
			return testedOnly{}, false // checked before the use
		}
		if target, isTest := s.errorsIsTargetOf(f, ifs.Cond, a.errVar); isTest && ifs.Init == nil && astutil.Leaves(ifs.Body) && t.target == "" {
			t.target, t.test = target, s.lineAt(f, ifs.Pos(), fn)
		}
	}
	if t.target == "" {
		return testedOnly{}, false
	}
	return s.withRefs(t, a, line), true
}

// withRefs gives t the module functions the assignment on line calls.
func (s *appSource) withRefs(t testedOnly, a errAssignment, line int) testedOnly {
	_, t.refs = s.mod.ErrorSource(a.f.src, a.fd, line)
	return t
}

// errorsIsTargetOf returns the target of cond when it is errors.Is(name,
// T).
func (s *appSource) errorsIsTargetOf(f *appFile, cond ast.Expr, name string) (string, bool) {
	call, ok := ast.Unparen(cond).(*ast.CallExpr)
	if !ok || len(call.Args) != 2 {
		return "", false
	}
	if id, ok := call.Args[0].(*ast.Ident); !ok || id.Name != name {
		return "", false
	}
	return s.errorsIsTarget(f, call)
}

// explainTestedOnly explains root, nil at the failing line, as the value
// of a call whose error was tested for one case only before this line
// used it (errTestedOnlyFor), and names the %v wrap in what the call
// reaches that hides that case from the test, when there is one. It
// reports whether it did.
func (a *analysis) explainTestedOnly(root string, w site.WindowLine, op linefacts.AssignOp, l corpus.Line) bool {
	src := a.app()
	if src == nil || a.s.Frame == nil || len(op.LHS) < 2 {
		return false
	}
	t, ok := src.errTestedOnlyFor(a.s.Frame.File, w.Number, a.s.Line)
	if !ok {
		return false
	}
	fn := callName(op.RHS)
	errVar := op.LHS[len(op.LHS)-1]
	checked := ""
	if t.later.Path != "" {
		checked = ", and checked for any failure only at " + a.cite(t.later) + ", after this line"
	}
	a.why(code(root) + " comes from " + quoteLine(l) + ". Its error is tested only for " + code(t.target) + " at " + a.cite(t.test) + " before this line uses " + code(root) + checked + ": when " + code(fn) + " fails in any other way, " + code(root) + " is " + code("nil") + " here.")
	if wr, ok := a.wrapHidingFrom(t); ok {
		verb := `"%` + wr.Verb + `"`
		a.why(code(wr.Line.Func) + " formats " + code(wr.Arg) + " with " + code(verb) + " at " + a.cite(wr.Line) + ": the message keeps its text, but " + code("errors.Is") + " no longer finds " + code(t.target) + " in it, so the test at " + a.cite(t.test) + " let the case it is meant for through.")
		a.fix("Wrap it with " + code(`"%w"`) + " instead of " + code(verb) + " at " + code(a.fileLoc(wr.Line.Path, wr.Line.Line)) + ", so that " + code("errors.Is("+errVar+", "+t.target+")") + " finds it.")
	}
	a.fixedAtOrigin = true
	if t.later.Path != "" {
		a.fix("Check " + code(errVar+" != nil") + " before using " + code(root) + ": move the check at " + code(a.fileLoc(t.later.Path, t.later.Line)) + " above " + code(loc(a.s.File, a.s.Line)) + ".")
	} else {
		a.fix("Check " + code(errVar+" != nil") + " right after " + code(loc(a.s.File, w.Number)) + " and leave when it fails, before using " + code(root) + ".")
	}
	return true
}

// wrapHidingFrom returns a wrap with a verb other than %w of t's target in
// the functions t's call reaches.
func (a *analysis) wrapHidingFrom(t testedOnly) (textWrap, bool) {
	src := a.app()
	if len(t.refs) == 0 {
		return textWrap{}, false
	}
	for _, ref := range a.reachBelow(t.refs) {
		start, end := src.mod.Fset.Position(ref.Decl.Pos()).Line, src.mod.Fset.Position(ref.Decl.End()).Line
		for _, w := range src.textWraps() {
			if w.Verb != "w" && w.Line.Path == ref.File.Path && start <= w.Line.Line && w.Line.Line <= end && lastSelector(w.Arg) == lastSelector(t.target) {
				return w, true
			}
		}
	}
	return textWrap{}, false
}
