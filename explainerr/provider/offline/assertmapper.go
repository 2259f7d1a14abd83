package offline

import (
	"go/ast"
	"regexp"

	"github.com/explainerr/explainerr/explainerr/internal/appsource"
)

// A not-found error wrapped with %v is usually fixed by wrapping with %w.
// Not when the app tells its errors apart by a type assertion
// (err.(*errs.Error)), which sees an error of that type only as it is:
// there %w would change nothing, and the advice must say what does.

// assertingMapper returns the call that hands the error wrapped at w, on
// its way out, to a module function that tests it by a type assertion
// alone: first a function of the failing stack that does (the frame that
// wrote the status, often), called from the frame outside it; else such
// a call in the functions that call the one that wraps
// (appsource.AssertingMappers), when the request ran it or it is the
// only one.
func (a *analysis) assertingMapper(w textWrap) (appsource.AssertingMapper, bool) {
	src := a.app()
	if src == nil || src.mod == nil {
		return appsource.AssertingMapper{}, false
	}
	frames := a.r.AppFrames()
	for i := 0; i+1 < len(frames); i++ {
		f, fd := src.mod.FuncAt(frames[i].File, frames[i].Line)
		cf, cfd := src.mod.FuncAt(frames[i+1].File, frames[i+1].Line)
		if fd == nil || cfd == nil {
			continue
		}
		am, ok := src.mod.AssertsError(appsource.FuncRef{File: f, Decl: fd})
		if !ok {
			continue
		}
		line := frames[i+1].Line
		text := ""
		if line >= 1 && line <= len(cf.Lines()) {
			text = cf.Lines()[line-1]
		}
		m := compiled(`([\w.]*\b` + regexp.QuoteMeta(fd.Name.Name) + `)\(`).FindStringSubmatch(text)
		if m == nil {
			continue
		}
		am.Caller, am.Line, am.Call = appsource.FuncRef{File: cf, Decl: cfd}, line, m[1]
		return am, true
	}
	f, fd := src.mod.FuncAt(w.Line.Path, w.Line.Line)
	if fd == nil {
		return appsource.AssertingMapper{}, false
	}
	ms := src.mod.AssertingMappers(appsource.FuncRef{File: f, Decl: fd})
	ran := appsource.ReachSet(a.reached())
	callers := map[*ast.FuncDecl]bool{}
	for _, m := range ms {
		if ran[m.Caller.Decl] {
			return m, true
		}
		callers[m.Caller.Decl] = true
	}
	if len(callers) == 1 {
		return ms[0], true
	}
	return appsource.AssertingMapper{}, false // which caller ran is not known
}

// explainAssertingMapper says that the wrap at w hides the error from the
// type assertion of am, whichever verb it uses, and how to fix that.
func (a *analysis) explainAssertingMapper(w textWrap, am appsource.AssertingMapper) {
	mapper := am.Call
	call, testLine := originLine(am.Caller, am.Line), originLine(am.Mapper, am.AssertLine)
	a.g.Add(mapper, am.Asserted)
	test := "a type assertion, " + a.cite(testLine)
	if am.Switch {
		test = "a type switch, " + a.cite(testLine)
	}
	a.why("On its way out the error is handed to " + code(mapper) + " in " + a.cite(call) + ", which tells the app's errors apart by " + test + ". That matches an error of the type only as it is, not one wrapped inside another, whether with " + code(`"%v"`) + " or with " + code(`"%w"`) + ": so it does not see the not-found error and answers with its default.")
	a.fix("At " + code(a.fileLoc(w.Line.Path, w.Line.Line)) + ", return " + code(w.Arg) + " itself, unwrapped, as " + code(mapper) + " expects (log the values the message adds instead); or make " + code(testLine.Func) + " look inside wrapped errors with " + code("errors.As") + " and wrap with " + code(`"%w"`) + ".")
}
