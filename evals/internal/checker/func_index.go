package checker

import (
	"fmt"
	"go/ast"
	"go/parser"
	"go/types"
	"slices"
	"strings"

	"github.com/explainerr/explainerr/evals/internal/source"
)

// KindIndex is an index expression a sentence quotes of a function:
// "passes the last entry, `fields[len(fields)-1]`".
const KindIndex = "index"

// checkFuncIndexes judges an index expression quoted in a sentence that
// cites no line, about the function the sentence opens with: when that
// function and the functions it reaches index the same value, each time
// with another index than the quoted one, the quote is contradicted
// (`fields[len(fields)-1]` where the code reads `fields[0]`). A value the
// code never indexes is left to the other checks; the cited line's
// check judges a quote with a line. Only positions are compared
// (`xs[0]`, `xs[len(xs)-1]`): a key's name (`m[key]` of `m[k]`) is often
// paraphrased.
func (c *Checker) checkFuncIndexes(prose string, claims []Claim, results []Result) []Result {
	for _, loc := range backtickRe.FindAllStringSubmatchIndex(prose, -1) {
		e, err := parser.ParseExpr(prose[loc[2]:loc[3]])
		if err != nil {
			continue
		}
		ix, ok := ast.Unparen(e).(*ast.IndexExpr)
		if !ok || !positional(ix) {
			continue
		}
		from, to := sentenceAround(prose, loc[0])
		if citedLineRe.MatchString(prose[from:to]) || quotedOnPurpose(prose, loc[0]) {
			continue
		}
		f := c.openingSubject(prose, claims, from, loc[0])
		if f == nil {
			continue
		}
		x, want := tightSpace(types.ExprString(ix.X)), tightSpace(types.ExprString(ix.Index))
		var have []string
		for _, g := range c.reach([]*source.Func{f}).funcs {
			ast.Inspect(g.Decl, func(n ast.Node) bool {
				if h, ok := n.(*ast.IndexExpr); ok && positional(h) && tightSpace(types.ExprString(h.X)) == x {
					have = append(have, tightSpace(types.ExprString(h.Index)))
				}
				return true
			})
		}
		if len(have) == 0 || slices.Contains(have, want) {
			continue
		}
		slices.Sort(have)
		cl := Claim{Text: prose[loc[2]:loc[3]], Kind: KindIndex, start: loc[0], end: loc[1]}
		results = append(results, Result{Claim: cl, Verdict: Contradicted, Reason: fmt.Sprintf("%s and the functions it reaches index %s with %s only", f.QualifiedName(), x, strings.Join(slices.Compact(have), ", "))})
	}
	return results
}

// positional reports whether an index is a position in the value: made of
// numbers, len and cap and the indexed value's own names.
func positional(ix *ast.IndexExpr) bool {
	own := map[string]bool{"len": true, "cap": true}
	ast.Inspect(ix.X, func(n ast.Node) bool {
		if id, ok := n.(*ast.Ident); ok {
			own[id.Name] = true
		}
		return true
	})
	ok := true
	ast.Inspect(ix.Index, func(n ast.Node) bool {
		if id, isID := n.(*ast.Ident); isID && !own[id.Name] {
			ok = false
		}
		return ok
	})
	return ok
}
