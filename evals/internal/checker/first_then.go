package checker

import (
	"fmt"
	"go/ast"
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

// checkFirstThenCalls judges the order of two quoted calls a sentence
// that cites no line tells with "first … then …" of the function it
// opens with ("`drop` first takes the entry out of its bucket with
// `c.unbucket(e)`, then unlinks it with `c.list.Remove(e)`"):
// contradicted when that function's own body calls each callee, as
// written, outside any loop and function literal, and every call of the
// one said to come first is written after every call of the other.
func (c *Checker) checkFirstThenCalls(prose string, claims []Claim, results []Result) []Result {
	done := map[int]bool{}
	for _, loc := range backtickRe.FindAllStringSubmatchIndex(prose, -1) {
		from, to := sentenceAround(prose, loc[0])
		if done[from] || citedLineRe.MatchString(prose[from:to]) {
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
		a, aLoc := quotedCallIn(prose, firstAt, thenAt)
		b, bLoc := quotedCallIn(prose, thenAt, to)
		if a == nil || b == nil || !saidOfSubject(prose, after, bLoc[0]) {
			continue
		}
		as, bs := straightCalls(f.Decl.Body, types.ExprString(a.Fun)), straightCalls(f.Decl.Body, types.ExprString(b.Fun))
		if len(as) == 0 || len(bs) == 0 || as[0] < bs[len(bs)-1] {
			continue
		}
		cl := Claim{Text: fmt.Sprintf("%s before %s", types.ExprString(a), types.ExprString(b)), Kind: KindOrder, start: aLoc[0], end: bLoc[1]}
		results = append(results, Result{Claim: cl, Verdict: Contradicted, Reason: fmt.Sprintf("%s calls %s after %s", f.QualifiedName(), types.ExprString(a.Fun), types.ExprString(b.Fun))})
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

// straightCalls returns, in order, where body calls callee as written
// outside any loop and function literal; nil when a call of it is in
// one, whose order the text cannot tell.
func straightCalls(body *ast.BlockStmt, callee string) []token.Pos {
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
			case *ast.CallExpr:
				if types.ExprString(m.Fun) == callee {
					if inLoop {
						looped = true
					}
					out = append(out, m.Pos())
				}
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
