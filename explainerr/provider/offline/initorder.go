package offline

import (
	"go/ast"
	"regexp"
	"strings"

	"github.com/explainerr/explainerr/explainerr/internal/appsource"
)

// Go runs every init function before main. A value built in init from a
// package variable (controllers.New(db.DB)) copies what the variable
// holds then: when the function that sets the variable (db.Connect) is
// called only from main, the copy is nil for good, and every request that
// uses it panics. The fix is the order, not a nil check.

// explainCopiedBeforeSet explains a nil field of owner that the
// constructor copies from its argument, when init calls the constructor
// with a package variable that a function called from main sets. It
// reports whether it did.
func (a *analysis) explainCopiedBeforeSet(owner, field string) bool {
	src := a.app()
	if src == nil || src.mod == nil {
		return false
	}
	for _, o := range src.mod.FieldOrigins(a.typeDir(owner), owner, field) {
		if o.Param == "" {
			continue
		}
		ctor := appsource.FuncName(o.Func.Decl)
		call := compiled(`\b` + regexp.QuoteMeta(lastSelector(ctor)) + `\(([^()]*(?:\([^()]*\))?[^()]*)\)`)
		for _, caller := range src.mod.CallersOf(o.Func) {
			if caller.Decl.Name.Name != "init" || caller.Decl.Recv != nil {
				continue
			}
			f := src.viewOf(caller.File)
			lines := f.text()
			start, end := src.fset.Position(caller.Decl.Pos()).Line, src.fset.Position(caller.Decl.End()).Line
			for i := start; i <= end && i <= len(lines); i++ {
				m := call.FindStringSubmatch(lines[i-1])
				if m == nil {
					continue
				}
				if a.sayCopiedBeforeSet(owner, field, m[1], sourceLine{Path: f.path, Line: i, Text: strings.TrimSpace(lines[i-1]), Func: "init"}) {
					return true
				}
			}
		}
	}
	return false
}

// sayCopiedBeforeSet explains the copy at copied, init's call of the
// constructor with args, when one of the arguments is a package variable
// that a function only main calls sets. It reports whether it did.
func (a *analysis) sayCopiedBeforeSet(owner, field, args string, copied sourceLine) bool {
	for _, arg := range strings.Split(args, ",") {
		v := lastSelector(strings.TrimSpace(arg))
		if !isIdent(v) || v == "" {
			continue
		}
		setter, setAt, ok := a.packageVarSetter(v)
		if !ok {
			continue
		}
		callAt, ok := a.calledFromMain(setter)
		if !ok {
			continue
		}
		a.fixedAtOrigin = true
		a.g.Add("init", "main", setter, v)
		a.why(code(field) + " is copied from " + code(strings.TrimSpace(arg)) + " when the " + code(owner) + " is built: " + a.cite(copied) + ". That variable is set in " + a.cite(setAt) + ", which only " + code("main") + " calls: " + a.cite(callAt) + ". Go runs " + code("init") + " before " + code("main") + ", so the copy is " + code("nil") + " on every request.")
		a.fix("Build the " + code(owner) + " after " + code(setter) + " has run: call " + code(setter) + " in " + code("init") + " before " + code(copied.Text) + " (what " + code("init") + " builds from it later copies it too).")
		return true
	}
	return false
}

// packageVarSetter returns the function that assigns the package variable
// v (v = …, v, err = …), and the line, when one function does.
func (a *analysis) packageVarSetter(v string) (string, sourceLine, bool) {
	src := a.app()
	assign := compiled(`(?:^|[\s,])` + regexp.QuoteMeta(v) + `\s*(?:,\s*\w+\s*)?=[^=]`)
	var name string
	var at sourceLine
	n := 0
	for _, f := range src.files {
		for i, l := range f.text() {
			if !assign.MatchString(l) || strings.Contains(l, ":=") {
				continue
			}
			_, fd := src.mod.FuncAt(f.path, i+1)
			if fd == nil || fd.Name.Name == "init" {
				continue
			}
			if !declaresPackageVar(f.syntax(), v) {
				continue
			}
			name, at = appsource.FuncName(fd), sourceLine{Path: f.path, Line: i + 1, Text: strings.TrimSpace(l), Func: appsource.FuncName(fd)}
			n++
		}
	}
	return name, at, n == 1
}

// declaresPackageVar reports whether the file's package declares v at top
// level in this file.
func declaresPackageVar(file *ast.File, v string) bool {
	for _, d := range file.Decls {
		g, ok := d.(*ast.GenDecl)
		if !ok {
			continue
		}
		for _, sp := range g.Specs {
			if vs, ok := sp.(*ast.ValueSpec); ok {
				for _, n := range vs.Names {
					if n.Name == v {
						return true
					}
				}
			}
		}
	}
	return false
}

// calledFromMain returns the line of main that calls fn.
func (a *analysis) calledFromMain(fn string) (sourceLine, bool) {
	src := a.app()
	call := compiled(`\b` + regexp.QuoteMeta(lastSelector(fn)) + `\(`)
	for _, f := range src.files {
		for i, l := range f.text() {
			if !call.MatchString(l) {
				continue
			}
			if _, fd := src.mod.FuncAt(f.path, i+1); fd != nil && fd.Name.Name == "main" && fd.Recv == nil {
				return sourceLine{Path: f.path, Line: i + 1, Text: strings.TrimSpace(l), Func: "main"}, true
			}
		}
	}
	return sourceLine{}, false
}
