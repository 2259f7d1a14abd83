package offline

import (
	"go/ast"
	"path/filepath"
	"regexp"
	"strings"

	"github.com/explainerr/explainerr/explainerr/internal/appsource"
	"github.com/explainerr/explainerr/explainerr/provider/offline/internal/linefacts"
)

// A nil field is fixed where its struct is built: a literal that leaves
// the field out, or a constructor that copies a parameter into it, whose
// caller passed nil (or set the value only after passing it on). The
// module understanding lists the struct's literals (FieldOrigins); these
// helpers say what they show, checked against the source, and stay silent
// when every literal sets the field to something other than a parameter.

// fieldOriginSays adds, for a nil field of a value of the struct type typ
// declared in dir, where the module builds typ without the field or
// passes it through; it reports whether it said anything.
func (a *analysis) fieldOriginSays(dir, typ, field string) bool {
	src := a.app()
	if src == nil || src.mod == nil || typ == "" || field == "" {
		return false
	}
	var left, passed []appsource.FieldOrigin
	for _, o := range src.mod.FieldOrigins(dir, typ, field) {
		switch {
		case o.Left:
			left = append(left, o)
		case o.Param != "":
			passed = append(passed, o)
		}
	}
	a.g.Add(typ, field)
	if len(left) > 0 {
		o := left[0]
		if loc := a.fileLoc(o.Func.File.Path, o.Line); a.d.Mentions("Set "+code(field)+" where the ") && a.d.Mentions(loc) {
			return true // the candidate's own fix names that literal already
		}
		at := a.cite(originLine(o.Func, o.Line))
		a.why("The " + code(typ) + " is built at " + at + " without " + code(field) + ", so the field is " + code("nil") + " from the start.")
		a.fix("Set " + code(field) + " where the " + code(typ) + " is built, at " + code(a.fileLoc(o.Func.File.Path, o.Line)) + ".")
		return true
	}
	if len(passed) == 0 {
		return false
	}
	o := passed[0]
	name := appsource.FuncName(o.Func.Decl)
	a.g.Add(name, o.Param)
	msg := code(name) + " (" + code(a.fileLoc(o.Func.File.Path, o.Line)) + ") copies its parameter " + code(o.Param) + " into " + code(field) + ": the value is what its caller passed."
	call, ok := a.callLineIn(o.Callers, o.Func.Decl.Name.Name)
	if !ok {
		a.why(msg)
		a.fix("Find the call of " + code(name) + " and pass a value that is set, not " + code("nil") + ".")
		return true
	}
	a.why(msg + " It is called at " + a.cite(call) + ".")
	a.fix("Pass a value that is set to " + code(name) + " at " + code(a.fileLoc(call.Path, call.Line)) + " (it was " + code("nil") + " there, or set only after it was passed on).")
	return true
}

// originLine is the source line of a literal, for citing.
func originLine(fn appsource.FuncRef, line int) sourceLine {
	text := ""
	if line >= 1 && line <= len(fn.File.Lines()) {
		text = strings.TrimSpace(fn.File.Lines()[line-1])
	}
	return sourceLine{Path: fn.File.Path, Line: line, Text: text, Func: appsource.FuncName(fn.Decl)}
}

// callLineIn returns the first line of callers that calls a function
// named name.
func (a *analysis) callLineIn(callers []appsource.FuncRef, name string) (sourceLine, bool) {
	call := regexp.MustCompile(`\b` + regexp.QuoteMeta(name) + `\(`)
	fset := a.app().fset
	for _, c := range callers {
		from, to := fset.Position(c.Decl.Pos()).Line, fset.Position(c.Decl.End()).Line
		for i := from; i <= to && i <= len(c.File.Lines()); i++ {
			if call.MatchString(c.File.Lines()[i-1]) {
				return originLine(c, i), true
			}
		}
	}
	return sourceLine{}, false
}

// selfFieldOrigin adds, for a nil x that is a field of the failing
// method's receiver (s.repo), where the receiver's type is built.
func (a *analysis) selfFieldOrigin(x string) bool {
	if a.s.Frame == nil || strings.Count(x, ".") != 1 {
		return false
	}
	recv, typ := a.receiverAt(a.s.Frame.File, a.s.Frame.Line)
	if recv == "" || recv != linefacts.RootIdent(x) {
		return false
	}
	return a.fieldOriginSays(filepath.Dir(a.s.Frame.File), typ, lastSelector(x))
}

// receiverAt returns the receiver's name and type name of the method at
// file:line, read from its declaration, so that a value receiver of an
// unexported type (service.Get) counts too; "" when it is no method.
func (a *analysis) receiverAt(file string, line int) (name, typ string) {
	src := a.app()
	if src == nil || src.mod == nil {
		return "", ""
	}
	_, fd := src.mod.FuncAt(file, line)
	if fd == nil || fd.Recv == nil || len(fd.Recv.List) == 0 || len(fd.Recv.List[0].Names) == 0 {
		return "", ""
	}
	t := fd.Recv.List[0].Type
	if st, ok := t.(*ast.StarExpr); ok {
		t = st.X
	}
	id, ok := t.(*ast.Ident)
	if !ok {
		return "", ""
	}
	return fd.Recv.List[0].Names[0].Name, id.Name
}
