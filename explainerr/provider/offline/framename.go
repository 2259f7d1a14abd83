package offline

import (
	"github.com/explainerr/explainerr/explainerr/stack"
	"regexp"
	"strings"

	"github.com/explainerr/explainerr/explainerr/report"
)

// closureSuffix matches the part of a function's name the compiler adds
// for a function literal: ".func3", ".func3.1" for one nested in it.
var closureSuffix = regexp.MustCompile(`\.func\d+(?:\.\d+)*$`)

// frameName returns the short name of fr's function as the explanation
// writes it. A function literal made by a function that was inlined into
// its caller carries the caller's name and package in front of the maker's
// bare name ("main.main.RequiresLogin.func13" for a literal of
// views.RequiresLogin); when the app's source shows the function that
// holds fr's line, the name is made of that function and, when it is
// another package's, that package's name ("views.RequiresLogin.func13").
func (a *analysis) frameName(fr *report.Frame) string {
	if stack.IsUnnamed(fr.Function) {
		return "a function in " + baseName(fr.File)
	}
	short := shortFunction(fr.Function)
	m := closureSuffix.FindStringIndex(short)
	if m == nil || initializerClosure(short) || fr.File == "" {
		return short
	}
	src := a.app()
	if src == nil || src.mod == nil {
		return short
	}
	f, fd := src.mod.FuncAt(fr.File, fr.Line)
	if fd == nil {
		return short
	}
	name := short
	if maker := funcName(fd); strings.ReplaceAll(enclosingFunc(short), "[...]", "") != maker {
		name = maker + short[m[0]:]
	}
	if pkg := f.Syntax().Name.Name; pkg != runtimePackage(fr.Function) {
		name = pkg + "." + name
	}
	a.g.Add(name)
	return name
}

// runtimePackage returns the package name a qualified function name
// starts with ("views" for "example.com/app/views.RequiresLogin").
func runtimePackage(fn string) string {
	fn = elideTypeArgs(fn)
	if i := strings.LastIndexByte(fn, '/'); i >= 0 {
		fn = fn[i+1:]
	}
	if i := strings.IndexByte(fn, '.'); i >= 0 {
		return fn[:i]
	}
	return fn
}

// initializerLabel says what the site's function literal, one the
// runtime names as written in a package-level variable's initializer, is:
// the declaration of the variable when the app's source shows it.
func (a *analysis) initializerLabel() string {
	if src := a.app(); src != nil && src.mod != nil && a.s.Frame != nil {
		if _, fd := src.mod.VarFuncAt(a.s.Frame.File, a.s.Line); fd != nil {
			a.g.Add(fd.Name.Name)
			return "a function literal in the declaration of " + code(fd.Name.Name)
		}
	}
	return "a function literal in the initializer of a package-level variable"
}
