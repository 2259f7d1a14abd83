package offline

import (
	"go/ast"
	"regexp"

	"github.com/explainerr/explainerr/explainerr/internal/appsource"
)

// An ORM or decoder handed a nil pointer says so in words of its own
// (gorm's "invalid value, should be pointer to struct or slice"), not with
// a panic. When the value the failing call was given was kept from a call
// whose error the same function dropped (u, _ := parse(…)), that call
// failed and left it nil: the dropped error is the cause, and checking it
// the fix.

// nilValueWords match a library's error for a nil or non-pointer value it
// was given to fill or write.
var nilValueWords = regexp.MustCompile(`(?i)invalid value, should be pointer to struct or slice|unsupported destination, should be slice or struct|destination (?:pointer )?is nil|nil pointer passed to|non-pointer passed to|must pass a (?:non-nil )?pointer`)

// nilArgumentFromDiscard explains msg, a library's error for a nil value,
// by an argument of the call whose error the failing function carried on
// that it kept from a call whose error it dropped, above that call. It
// reports whether it did.
func (a *analysis) nilArgumentFromDiscard(msg string) bool {
	src := a.app()
	if src == nil || src.mod == nil || a.s.Frame == nil || !nilValueWords.MatchString(msg) {
		return false
	}
	f, fd := src.mod.FuncAt(a.s.Frame.File, a.s.Line)
	if fd == nil {
		return false
	}
	at, _ := src.mod.ErrorSourceFor(a.r, f, fd, a.s.Line)
	if at == 0 {
		return false
	}
	args := callArgsAt(src.mod, fd, at)
	ref := appsource.FuncRef{File: f, Decl: fd}
	for _, d := range src.mod.Discards(ref) {
		if d.Line >= at || len(d.LHS) == 0 || !args[d.LHS[0]] || !src.discardsAnError(d.Call) {
			continue
		}
		v, fn := d.LHS[0], appsource.FuncName(fd)
		call := src.lineIn(f, at, fn)
		dropped := src.lineIn(f, d.Line, fn)
		a.g.Add(v, d.Call)
		a.headline("A value kept from a call whose error was dropped: " + code(v) + " is nil")
		a.why("The error says " + code(nilValueWords.FindString(msg)) + ": the library was given a nil pointer (or a value that is not a pointer) to write or fill.")
		how, instead := a.droppedHow(d)
		a.why(code(fn) + " " + how + " " + code(d.Call) + " at " + a.cite(dropped) + ": when that call fails, " + code(v) + " keeps its zero value, " + code("nil") + ", and the call at " + a.cite(call) + " is given it.")
		a.fix("Check the error of " + code(d.Call) + " at " + code(a.fileLoc(f.Path, d.Line)) + " " + instead + ": when it fails, answer its error (a 4xx when the request's input is what it rejected) before " + code(v) + " is used.")
		return true
	}
	return false
}

// callArgsAt returns the names passed as arguments to the calls of the
// statement of fd that starts at line.
func callArgsAt(m *appsource.Module, fd *ast.FuncDecl, line int) map[string]bool {
	out := map[string]bool{}
	ast.Inspect(fd.Body, func(n ast.Node) bool {
		st, ok := n.(ast.Stmt)
		if !ok || m.Fset.Position(st.Pos()).Line != line {
			return true
		}
		ast.Inspect(st, func(n ast.Node) bool {
			if call, ok := n.(*ast.CallExpr); ok {
				for _, arg := range call.Args {
					if id, ok := ast.Unparen(arg).(*ast.Ident); ok {
						out[id.Name] = true
					}
				}
			}
			return true
		})
		return false
	})
	return out
}
