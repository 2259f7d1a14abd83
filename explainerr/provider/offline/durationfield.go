package offline

import (
	"go/ast"
	"path/filepath"
	"regexp"
	"strings"

	"github.com/explainerr/explainerr/explainerr/internal/appsource"
	"github.com/explainerr/explainerr/internal/astutil"
)

// A deadline whose length is a field of the receiver
// (context.WithTimeout(ctx, u.timeout)) is as long as what the receiver's
// constructor was given: the field is copied from a parameter, and the
// constructor's caller passes the value, often a setting converted on
// the way. A conversion that turns a count of seconds into a Duration
// (time.Duration(d.Seconds())) makes nanoseconds of it.

// fieldDuration matches a deadline whose length is a field of a value.
var fieldDuration = regexp.MustCompile(`\bcontext\.WithTimeout(?:Cause)?\([^,()]+(?:\([^()]*\))?,\s*([A-Za-z_]\w*)\.([A-Za-z_]\w*)\s*[),]`)

// unitCount matches a Duration made of a count of another unit: the
// count a Duration's Seconds, Minutes or Milliseconds gives, converted.
var unitCount = regexp.MustCompile(`^time\.Duration\((.+)\.(Seconds|Minutes|Hours|Milliseconds|Microseconds)\(\)\)$`)

// durationFromField adds, for each deadline of lines given as a field of
// its function's receiver, where the field's value comes from: the
// constructor that copies a parameter into it and the caller's argument.
func (a *analysis) durationFromField(lines []sourceLine) {
	src := a.app()
	if src == nil || src.mod == nil {
		return
	}
	for _, l := range lines {
		m := fieldDuration.FindStringSubmatch(l.Text + ",")
		if m == nil {
			continue
		}
		f, fd := src.funcAt(l.Path, l.Line)
		if fd == nil || fd.Recv == nil || len(fd.Recv.List[0].Names) != 1 || fd.Recv.List[0].Names[0].Name != m[1] {
			continue
		}
		typ := appsource.TypeName(fd.Recv.List[0].Type)
		for _, o := range src.mod.FieldOrigins(filepath.Dir(f.path), typ, m[2]) {
			if o.Param == "" || len(o.Callers) == 0 {
				continue
			}
			ctor := appsource.FuncName(o.Func.Decl)
			arg, at, ok := a.argumentPassed(o.Callers[0], o.Func.Decl, o.Param)
			if !ok {
				continue
			}
			a.g.Add(m[1]+"."+m[2], ctor, o.Param, arg, at.Text, at.Func, baseName(at.Path))
			a.why("The deadline's length, " + code(m[1]+"."+m[2]) + ", is set by " + code(ctor) + " from its parameter " + code(o.Param) + ", which " + code(at.Func) + " passes as " + code(arg) + " (" + code(a.fileLoc(at.Path, at.Line)) + ").")
			if u := unitCount.FindStringSubmatch(arg); u != nil {
				unit := strings.ToLower(strings.TrimSuffix(u[2], "s"))
				a.why(code(arg) + " converts a count of " + unit + "s into a " + code("time.Duration") + ", which counts nanoseconds: 30 " + unit + "s become 30ns, and the deadline passes at once.")
				a.fix("In " + code(at.Func) + ", pass the duration itself (" + code(u[1]) + ") instead of " + code(arg) + " (" + code(a.fileLoc(at.Path, at.Line)) + ").")
				a.g.Add(u[1])
			}
			return
		}
	}
}

// argumentPassed returns the text of the argument caller passes to the
// parameter param of callee (the value of a local it names), and its
// line.
func (a *analysis) argumentPassed(caller appsource.FuncRef, callee *ast.FuncDecl, param string) (string, sourceLine, bool) {
	idx, i := -1, 0
	for _, p := range callee.Type.Params.List {
		for _, n := range p.Names {
			if n.Name == param {
				idx = i
			}
			i++
		}
	}
	if idx < 0 || caller.Decl.Body == nil {
		return "", sourceLine{}, false
	}
	src := a.app()
	var arg ast.Expr
	ast.Inspect(caller.Decl.Body, func(n ast.Node) bool {
		ce, ok := n.(*ast.CallExpr)
		if ok && arg == nil && appsource.CalleeName(ce.Fun) == callee.Name.Name && idx < len(ce.Args) {
			arg = ce.Args[idx]
		}
		return arg == nil
	})
	if arg == nil {
		return "", sourceLine{}, false
	}
	if id, ok := arg.(*ast.Ident); ok {
		// A local the caller computed first (d := time.Duration(…)).
		ast.Inspect(caller.Decl.Body, func(n ast.Node) bool {
			as, ok := n.(*ast.AssignStmt)
			if ok && len(as.Lhs) == 1 && len(as.Rhs) == 1 && as.Pos() < id.Pos() {
				if l, ok := as.Lhs[0].(*ast.Ident); ok && l.Name == id.Name {
					arg = as.Rhs[0]
				}
			}
			return true
		})
	}
	return astutil.ExprString(arg), src.lineIn(caller.File, src.mod.Fset.Position(arg.Pos()).Line, appsource.FuncName(caller.Decl)), true
}
