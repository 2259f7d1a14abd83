package checker

import (
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"go/types"
	"regexp"
)

// firstWordRe and thenWordRe mark the two steps of "`F` first does A with
// `a()`, then B with `b()`".
var (
	firstWordRe = regexp.MustCompile(`(?i)\bfirst\b`)
	thenWordRe  = regexp.MustCompile(`(?i)\bthen\b`)
)

// checkFirstThenCalls judges the order of two quoted steps (calls, or
// names and selectors the code uses) a sentence tells with "first …
// then …" of the function it opens with ("`drop` first takes the entry
// out of its bucket with `c.unbucket(e)`, then unlinks it with
// `c.list.Remove(e)`", "first deletes `kv.key` from `c.cache`, then
// calls `c.ll.Remove(e)`"): contradicted when that function's own body
// uses each, as written, outside any loop and function literal, and
// every use of the one said to come first is written after every use of
// the other. A line the sentence cites does not change the order it
// tells.
func (c *Checker) checkFirstThenCalls(prose string, claims []Claim, results []Result) []Result {
	done := map[int]bool{}
	for _, loc := range backtickRe.FindAllStringSubmatchIndex(prose, -1) {
		from, to := sentenceAround(prose, loc[0])
		if done[from] {
			continue
		}
		done[from] = true
		f, after := c.openingSubjectAt(prose, claims, from, to)
		if f == nil {
			continue
		}
		words := outsideCode(prose[after:to])
		fi := firstWordRe.FindStringIndex(words)
		if fi == nil {
			continue
		}
		ti := thenWordRe.FindStringIndex(words[fi[1]:])
		if ti == nil {
			continue
		}
		firstAt, thenAt := after+fi[1], after+fi[1]+ti[1]
		a, aLoc := quotedStepIn(prose, firstAt, thenAt)
		b, bLoc := quotedStepIn(prose, thenAt, to)
		if a == nil || b == nil || !saidOfSubject(prose, after, bLoc[0]) {
			continue
		}
		as, bs := straightUses(f.Decl.Body, a), straightUses(f.Decl.Body, b)
		if len(as) == 0 || len(bs) == 0 || as[0] < bs[len(bs)-1] {
			continue
		}
		cl := Claim{Text: fmt.Sprintf("%s before %s", types.ExprString(a), types.ExprString(b)), Kind: KindOrder, start: aLoc[0], end: bLoc[1]}
		results = append(results, Result{Claim: cl, Verdict: Contradicted, Reason: fmt.Sprintf("%s uses %s after %s", f.QualifiedName(), stepName(a), stepName(b))})
	}
	return results
}

// quotedCallIn returns the first code span of prose[from:to] that is one
// call, and its submatch indexes in prose.
func quotedCallIn(prose string, from, to int) (*ast.CallExpr, []int) {
	for _, loc := range backtickRe.FindAllStringSubmatchIndex(prose[from:to], -1) {
		if call, ok := parseCallSpan(prose[from+loc[2] : from+loc[3]]); ok {
			for i := range loc {
				loc[i] += from
			}
			return call, loc
		}
	}
	return nil, nil
}

// quotedStepIn returns the first code span of prose[from:to] that is a
// call, a selector or a name, and its submatch indexes in prose.
func quotedStepIn(prose string, from, to int) (ast.Expr, []int) {
	for _, loc := range backtickRe.FindAllStringSubmatchIndex(prose[from:to], -1) {
		e, err := parser.ParseExpr(prose[from+loc[2] : from+loc[3]])
		if err != nil {
			continue
		}
		switch e.(type) {
		case *ast.CallExpr, *ast.SelectorExpr, *ast.Ident:
			for i := range loc {
				loc[i] += from
			}
			return e, loc
		}
	}
	return nil, nil
}

// stepName is what a step uses: a call's callee, or the name itself.
func stepName(e ast.Expr) string {
	if call, ok := e.(*ast.CallExpr); ok {
		return types.ExprString(call.Fun)
	}
	return types.ExprString(e)
}

// straightUses returns, in order, where body uses a step: calls its
// callee, when it is a call, or writes the name or selector; nil when
// one of them is inside a loop or a function literal (straightCalls).
func straightUses(body *ast.BlockStmt, step ast.Expr) []token.Pos {
	if call, ok := step.(*ast.CallExpr); ok {
		return straightCalls(body, types.ExprString(call.Fun))
	}
	return straightNodes(body, func(n ast.Node) bool {
		switch n.(type) {
		case *ast.SelectorExpr, *ast.Ident:
			return types.ExprString(n.(ast.Expr)) == types.ExprString(step)
		}
		return false
	})
}

// straightCalls returns, in order, where body calls callee as written
// outside any loop and function literal; nil when a call of it is in
// one, whose order the text cannot tell.
func straightCalls(body *ast.BlockStmt, callee string) []token.Pos {
	return straightNodes(body, func(n ast.Node) bool {
		call, ok := n.(*ast.CallExpr)
		return ok && types.ExprString(call.Fun) == callee
	})
}

// straightNodes returns, in order, where body holds a node that match
// accepts, outside any loop, deferred call and function literal; nil
// when one is inside them.
func straightNodes(body *ast.BlockStmt, match func(ast.Node) bool) []token.Pos {
	var out []token.Pos
	looped := false
	var walk func(n ast.Node, inLoop bool)
	walk = func(n ast.Node, inLoop bool) {
		ast.Inspect(n, func(m ast.Node) bool {
			switch m := m.(type) {
			case *ast.ForStmt, *ast.RangeStmt, *ast.FuncLit, *ast.DeferStmt, *ast.GoStmt:
				if m != n {
					walk(m, true)
					return false
				}
			}
			if m != nil && match(m) {
				if inLoop {
					looped = true
				}
				out = append(out, m.Pos())
			}
			return true
		})
	}
	walk(body, false)
	if looped {
		return nil
	}
	return out
}
