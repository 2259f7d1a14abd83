package offline

import (
	"go/ast"
	"strings"
)

// A crash in a goroutine a handler started ("go app.mailer.Send(...)")
// is no request's failure: no middleware recovers it and it stops the
// program. Its nil receiver is the value the go statement called the
// method on, which the crash dump's "created by" line locates.

// startedCall is the go statement that started the failing goroutine.
type startedCall struct {
	Line sourceLine
	// Recv is the expression the method was called on ("app.mailer").
	Recv string
	// Owner and Field are set when Recv is a field of the starting
	// function's receiver ("application", "mailer").
	Owner, Field string
}

// startedBy finds the go statement of the report's CreatedBy frame that
// calls the failing function.
func (a *analysis) startedBy() (startedCall, bool) {
	cb := a.r.CreatedBy
	src := a.app()
	if cb == nil || src == nil || src.mod == nil || a.s.Frame == nil {
		return startedCall{}, false
	}
	f, fd := src.mod.FuncAt(cb.File, cb.Line)
	if fd == nil {
		return startedCall{}, false
	}
	method := lastName(a.s.Frame.Function)
	var out startedCall
	found := false
	ast.Inspect(fd.Body, func(n ast.Node) bool {
		g, ok := n.(*ast.GoStmt)
		if !ok || found || src.fset.Position(g.Pos()).Line != cb.Line {
			return !found
		}
		sel, ok := g.Call.Fun.(*ast.SelectorExpr)
		if !ok || sel.Sel.Name != method {
			return true
		}
		found = true
		out.Line = src.lineOfPos(g.Pos(), funcName(fd))
		out.Recv = exprString(src, sel.X)
		if fs, ok := sel.X.(*ast.SelectorExpr); ok {
			if owner, _ := src.typeOfExpr(f, fd, fs.X, 0); owner != "" {
				out.Owner, out.Field = owner, fs.Sel.Name
			}
		}
		return false
	})
	return out, found && out.Recv != ""
}

// goroutineNil explains a nil value x in a goroutine a handler started:
// when x is the receiver, the value the go statement called the method
// on, followed to where its owner is built. It writes the fixes.
func (a *analysis) goroutineNil(x string) {
	cb := a.r.CreatedBy
	a.g.Add(cb.Function, shortFunction(cb.Function), baseName(cb.File))
	name, recv := a.siteDecl()
	src := a.app()
	if st, ok := a.startedBy(); ok && src != nil && recv != "" && src.receiverOf(name, recv) == x {
		a.why("This code runs in a goroutine started at " + a.cite(st.Line) + ", so " + code(x) + " is " + code(st.Recv) + " there.")
		if st.Owner != "" {
			unset, built := src.leftUnset(st.Owner, st.Field, a.typeDir(st.Owner))
			if built && len(unset) > 0 && !src.setsField("", st.Field) {
				var at []string
				for _, b := range unset {
					at = append(at, a.cite(b.Line))
				}
				a.why(code(st.Owner) + " is built without setting " + code(st.Field) + " at " + strings.Join(at, "; ") + ", and nothing in the module assigns " + code(st.Field) + ", so " + code(st.Recv) + " is always " + code("nil") + ".")
				a.fix("Set " + code(st.Field) + " where the " + code(st.Owner) + " is built, at " + a.cite(unset[0].Line) + ".")
			}
		}
	} else {
		a.why("This code runs in a goroutine started by " + code(shortFunction(cb.Function)) + " at " + code(a.fileLoc(cb.File, cb.Line)) + ".")
	}
	a.fix(block("Check it before use: no middleware recovers a panic in a goroutine the handler started, so it stops the whole program:", "if "+x+" == nil {", "\treturn // or log it", "}"),
		"Check "+code(x+" == nil")+" before use: a panic in a goroutine the handler started stops the whole program.")
}
