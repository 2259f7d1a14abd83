package offline

import (
	"go/ast"
	"go/token"

	"github.com/explainerr/explainerr/explainerr/provider/offline/internal/linefacts"
)

// A divisor the function computes itself (a counter started at a constant
// and incremented, a length) is not client input: a zero there is a case
// the code must handle, not a request to reject with 400.

// computedLocally reports whether name is a variable of the failing
// function, per the parsed source, that starts from a constant or a len()
// and is only counted up or down: a counter.
func (a *analysis) computedLocally(name string) bool {
	src := a.app()
	if src == nil || src.mod == nil || a.s.Frame == nil {
		return false
	}
	_, fd := src.mod.FuncAt(a.s.Frame.File, a.s.Line)
	if fd == nil {
		return false
	}
	declared, other := false, false
	ast.Inspect(fd.Body, func(n ast.Node) bool {
		as, ok := n.(*ast.AssignStmt)
		if !ok {
			return true
		}
		for i, l := range as.Lhs {
			id, ok := l.(*ast.Ident)
			if !ok || id.Name != name {
				continue
			}
			switch {
			case as.Tok == token.DEFINE && len(as.Rhs) == len(as.Lhs) && counterStart(as.Rhs[i]):
				declared = true
			case as.Tok == token.ADD_ASSIGN || as.Tok == token.SUB_ASSIGN:
			default:
				other = true
			}
		}
		return true
	})
	return declared && !other
}

// counterStart reports whether e is a constant or a len() call.
func counterStart(e ast.Expr) bool {
	switch x := e.(type) {
	case *ast.BasicLit:
		return true
	case *ast.CallExpr:
		id, ok := x.Fun.(*ast.Ident)
		return ok && id.Name == "len"
	}
	return false
}

// reRequestForm matches code reading a form field of the request.
var reRequestForm = `\b(?:Post)?Form(?:Value\(|\.Get\(|\[)`

// divisorFromRequest reports whether the divisor y reads request input,
// on the failing line or in the assignments it follows back.
func (a *analysis) divisorFromRequest(y string) bool {
	if a.indexInput(lenOperand(y), "") != inputNone {
		return true
	}
	if compiled(reRequestForm).MatchString(y) {
		return true
	}
	if _, op, ok := a.s.AssignmentOf(linefacts.RootIdent(lenOperand(y))); ok {
		return compiled(reRequestForm).MatchString(op.RHS)
	}
	return false
}

// lenOperand returns x of "len(x)" or "cap(x)", or y itself.
func lenOperand(y string) string {
	if m := compiled(`^(?:len|cap)\((.+)\)$`).FindStringSubmatch(y); m != nil {
		return m[1]
	}
	return y
}

// divisorNotInput advises on a zero divisor that does not come from the
// request: the request was valid, so the code must handle the zero case
// (an empty result, an unset count) rather than reject it.
func (a *analysis) divisorNotInput(d linefacts.DivisionOp) {
	x := lenOperand(d.Y)
	if x != d.Y {
		a.why(code(x) + " was empty, so its length was 0.")
		if quoted, rhs, ok := a.valueSource(linefacts.RootIdent(x)); ok && callName(rhs) != "" {
			a.why(code(linefacts.RootIdent(x)) + " comes from " + quoted + ": when that finds nothing (a query with no rows, say) the result is empty. That is a normal outcome, not bad input from the client.")
		}
		a.fix(block("Handle the empty case before dividing:", "if "+d.Y+" == 0 {", "\t// nothing to average: use a zero or empty result", "}"),
			"Handle an empty "+code(x)+" before dividing, giving a zero or empty result.")
		return
	}
	a.fix(block("Divide only when the divisor is not 0, and decide what the result is otherwise:", "if "+d.Y+" != 0 {", "\t// "+d.X+" "+d.Op+" "+d.Y, "}"),
		"Divide only when "+code(d.Y)+" is not 0, and decide what the result is otherwise.")
	a.fix("Check where " + code(d.Y) + " is set: nothing here shows it comes from the request, so a 0 is either a case the code must handle or a mistake where it is set (a configuration value is best checked at startup).")
}
