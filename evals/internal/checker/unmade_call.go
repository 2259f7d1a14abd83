package checker

import (
	"fmt"
	"go/ast"
	"go/parser"
	"go/types"
	"regexp"

	"github.com/explainerr/explainerr/evals/internal/source"
)

// unmadeNegationRe ends the prose of a clause before a call it says is
// not made: "without `x()`", "never calls `x()`", "unlike … `x()`".
var unmadeNegationRe = regexp.MustCompile(`(?i)\b(?:not|never|no|without|unlike|instead|rather|nor|neither|skips?|avoids?)\b(?:\s+\S+){0,6}\s*$`)

// checkUnmadeCalls judges a method call quoted in a sentence that cites
// no line, on a receiver, parameter or local of the function the sentence
// opens with ("`Peek` … moves it to the front with
// `c.list.MoveToFront(e)`", "`Get` looks the key up with
// `c.recent.Get(key)`"): contradicted when neither that function nor any
// function it reaches calls that method as written, and either none of
// them names the method at all, or the function calls another method on
// the same operand (`c.recent.Peek(key)`). A sentence that may say what
// the code should do, or a call the clause says is not made, is not
// read.
func (c *Checker) checkUnmadeCalls(prose string, claims []Claim, results []Result) []Result {
	for _, loc := range backtickRe.FindAllStringSubmatchIndex(prose, -1) {
		from, to := sentenceAround(prose, loc[0])
		if citedLineRe.MatchString(prose[from:to]) {
			continue
		}
		cfrom, _ := clauseAround(prose, loc[0])
		if unmadeNegationRe.MatchString(outsideCode(prose[max(from, cfrom):loc[0]])) {
			continue
		}
		e, ok := parseCallSpan(prose[loc[2]:loc[3]])
		if !ok {
			continue
		}
		sel, ok := e.Fun.(*ast.SelectorExpr)
		if !ok {
			continue
		}
		f, after := c.openingSubjectAt(prose, claims, from, loc[0])
		if f == nil || !saidOfSubject(prose, after, loc[0]) || !declaresRoot(f, sel.X) {
			continue
		}
		callee, operand := types.ExprString(sel), types.ExprString(sel.X)
		r := c.reach([]*source.Func{f})
		if writesCallee(r.funcs, callee) {
			continue
		}
		other := otherMethodOn(f.Decl.Body, operand, sel.Sel.Name)
		if r.names[sel.Sel.Name] && other == "" {
			continue
		}
		reason := fmt.Sprintf("%s and the functions it reaches never call %s", f.QualifiedName(), callee)
		if other != "" {
			reason += "; it calls " + other
		}
		cl := Claim{Text: prose[loc[2]:loc[3]], Kind: KindQuotedCall, start: loc[0], end: loc[1]}
		results = append(results, Result{Claim: cl, Verdict: Contradicted, Reason: reason})
	}
	return results
}

// parseCallSpan reads a code span that is one call; ok is false for
// anything else.
func parseCallSpan(span string) (*ast.CallExpr, bool) {
	e, err := parser.ParseExpr(span)
	if err != nil {
		return nil, false
	}
	call, ok := e.(*ast.CallExpr)
	return call, ok
}

// declaresRoot reports whether the identifier an operand starts from
// (c of c.recent) is the function's receiver, a parameter or a variable
// its body declares: the operand is the function's own.
func declaresRoot(f *source.Func, x ast.Expr) bool {
	for {
		switch e := x.(type) {
		case *ast.SelectorExpr:
			x = e.X
			continue
		case *ast.Ident:
			if f.Pkg.TypesInfo == nil {
				return false
			}
			found := false
			ast.Inspect(f.Decl, func(n ast.Node) bool {
				if id, ok := n.(*ast.Ident); ok && id.Name == e.Name {
					if _, isVar := f.Pkg.TypesInfo.Defs[id].(*types.Var); isVar {
						found = true
					}
				}
				return !found
			})
			return found
		}
		return false
	}
}

// writesCallee reports whether any of funcs calls callee as written.
func writesCallee(funcs []*source.Func, callee string) bool {
	found := false
	for _, g := range funcs {
		ast.Inspect(g.Decl, func(n ast.Node) bool {
			if call, ok := n.(*ast.CallExpr); ok && types.ExprString(call.Fun) == callee {
				found = true
			}
			return !found
		})
	}
	return found
}

// otherMethodOn returns a call body makes of another method than name on
// operand as written (`c.recent.Peek(key)` beside `c.recent.Get`), or "".
func otherMethodOn(body *ast.BlockStmt, operand, name string) string {
	var out string
	ast.Inspect(body, func(n ast.Node) bool {
		if call, ok := n.(*ast.CallExpr); ok && out == "" {
			if s, ok := call.Fun.(*ast.SelectorExpr); ok && s.Sel.Name != name && types.ExprString(s.X) == operand {
				out = types.ExprString(call)
			}
		}
		return out == ""
	})
	return out
}
