package checker

import (
	"fmt"
	"go/ast"
	"go/parser"
	"go/types"
)

// checkFuncCallArgs judges a call quoted whole in a sentence that cites
// no line, about the function the sentence opens with ("`Resize` calls
// `c.trim(false)` for each entry", "`grow` allocates `make([]T, n)`"):
// contradicted when that function's own code calls the same callee (for
// make and new, with the same type) but never with the quoted arguments,
// and one of its calls is the quoted one with one literal changed
// (`true` for `false`, 8 for 7), with arguments in another order, or
// with a literal argument more (`make([]T, 0, n)` for `make([]T, n)`).
// Other names, a shortened string or a paraphrase are not read.
// The functions it reaches are not read: a call through an interface
// reaches every method of that name, whose calls are not the function's. A sentence that may quote code on purpose (a fix, an
// example, a negation) is not read.
func (c *Checker) checkFuncCallArgs(prose string, claims []Claim, results []Result) []Result {
	eachQuotedExpr(prose, sentenceAround, func(e ast.Expr, loc []int) {
		q, ok := e.(*ast.CallExpr)
		if !ok || len(q.Args) == 0 {
			return
		}
		from, to := sentenceAround(prose, loc[0])
		if citedLineRe.MatchString(prose[from:to]) {
			return // the cited line's check judges it
		}
		f, after := c.openingSubjectAt(prose, claims, from, loc[0])
		if f == nil || !saidOfSubject(prose, after, loc[0]) || c.conversion(q) {
			return
		}
		want, key := types.ExprString(q), calleeKey(q)
		var have []string
		ast.Inspect(f.Decl.Body, func(n ast.Node) bool {
			if call, ok := n.(*ast.CallExpr); ok && calleeKey(call) == key {
				have = append(have, types.ExprString(call))
			}
			return true
		})
		if len(have) == 0 {
			return
		}
		near := ""
		for _, h := range have {
			if h == want {
				return
			}
			if hc, err := parser.ParseExpr(h); err == nil && near == "" && nearCall(q, hc.(*ast.CallExpr)) {
				near = h
			}
		}
		if near == "" {
			return // a paraphrase, other names, a shortened string
		}
		cl := Claim{Text: want, Kind: KindQuotedCall, start: loc[0], end: loc[1]}
		results = append(results, Result{Claim: cl, Verdict: Contradicted, Reason: fmt.Sprintf("%s calls %s as %s, never as quoted", f.QualifiedName(), types.ExprString(q.Fun), near)})
	})
	return results
}

// calleeKey is what a call calls, as written: its function, and for the
// builtins make and new the type they are given too.
func calleeKey(call *ast.CallExpr) string {
	fun := types.ExprString(call.Fun)
	if (fun == "make" || fun == "new") && len(call.Args) > 0 {
		return fun + "(" + types.ExprString(call.Args[0])
	}
	return fun
}

// conversion reports whether a call is a conversion: its function is a
// type the universe or the module declares ("int(x)", "Duration(n)").
func (c *Checker) conversion(call *ast.CallExpr) bool {
	switch fun := ast.Unparen(call.Fun).(type) {
	case *ast.Ident:
		if _, ok := types.Universe.Lookup(fun.Name).(*types.TypeName); ok {
			return true
		}
		return len(c.m.TypeNamed(fun.Name)) > 0
	case *ast.ArrayType, *ast.MapType, *ast.StarExpr, *ast.FuncType, *ast.ChanType, *ast.InterfaceType:
		return true
	}
	return false
}

// nearCall reports whether the quoted call a is the module's call b with
// one detail changed: closeCall's, one argument that is true, false or
// nil in both, or a literal argument of b left out of a.
func nearCall(a, b *ast.CallExpr) bool {
	if closeCall(a, b) {
		return true
	}
	if len(a.Args) == len(b.Args) {
		var diff []int
		for i := range a.Args {
			if types.ExprString(a.Args[i]) != types.ExprString(b.Args[i]) {
				diff = append(diff, i)
			}
		}
		return len(diff) == 1 && predeclaredValue(a.Args[diff[0]]) && predeclaredValue(b.Args[diff[0]])
	}
	if len(a.Args)+1 != len(b.Args) {
		return false
	}
	for i := range b.Args {
		if _, lit := b.Args[i].(*ast.BasicLit); !lit {
			continue
		}
		rest := append(append([]ast.Expr(nil), b.Args[:i]...), b.Args[i+1:]...)
		same := true
		for j := range rest {
			same = same && types.ExprString(rest[j]) == types.ExprString(a.Args[j])
		}
		if same {
			return true
		}
	}
	return false
}

// predeclaredValue reports whether e is true, false or nil.
func predeclaredValue(e ast.Expr) bool {
	id, ok := e.(*ast.Ident)
	return ok && (id.Name == "true" || id.Name == "false" || id.Name == "nil")
}
