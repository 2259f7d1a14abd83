package offline

import "github.com/explainerr/explainerr/explainerr/internal/appsource"

// A not-found error wrapped with %v is usually fixed by wrapping with %w.
// Not when the app tells its errors apart by a type assertion
// (err.(*errs.Error)), which sees an error of that type only as it is:
// there %w would change nothing, and the advice must say what does.

// assertingMapper returns the call that hands the error wrapped at w, on
// its way out, to a module function that tests it by a type assertion
// alone (appsource.AssertingMappers).
func (a *analysis) assertingMapper(w textWrap) (appsource.AssertingMapper, bool) {
	src := a.app()
	if src == nil || src.mod == nil {
		return appsource.AssertingMapper{}, false
	}
	f, fd := src.mod.FuncAt(w.Line.Path, w.Line.Line)
	if fd == nil {
		return appsource.AssertingMapper{}, false
	}
	ms := src.mod.AssertingMappers(appsource.FuncRef{File: f, Decl: fd})
	if len(ms) == 0 {
		return appsource.AssertingMapper{}, false
	}
	return ms[0], true
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
