package checker

import (
	"fmt"
	"go/ast"
	"go/parser"
	"go/types"
	"regexp"
	"strings"
)

// KindUnguardedReturn is a claim that a function returns a quoted value
// without a check the code makes: "returns `s[:n]` without checking
// how long `s` is".
const KindUnguardedReturn = "unguarded_return"

// withoutCheckRe says a step is done without a test of its operands.
var withoutCheckRe = regexp.MustCompile(`(?i)\b(?:without\s+(?:first\s+)?(?:checking|testing|verifying|comparing)|with\s+no\s+(?:check|test))\b`)

// checkUnguardedReturns judges "`F` … `E` … without checking …", E a
// value F returns alone, the last expression quoted before the words
// and after the last comma or semicolon: when the
// block of that return statement, before it, holds an if statement that
// returns and whose condition reads every name E reads (two or more),
// F checks E's operands before returning it, and the claim is
// contradicted.
func (c *Checker) checkUnguardedReturns(prose string, claims []Claim, results []Result) []Result {
	for _, cl := range claims {
		f, to, ok := c.sentenceSubject(prose, cl)
		if !ok {
			continue
		}
		for _, w := range withoutCheckRe.FindAllStringIndex(prose[cl.end:to], -1) {
			at := cl.end
			if i := strings.LastIndexAny(outsideCode(prose[:cl.end+w[0]]), ",;"); i >= at {
				at = i + 1
			}
			e, loc := lastQuotedExpr(prose[at : cl.end+w[0]])
			if e == nil {
				continue
			}
			if guard := guardBefore(f.Decl.Body, e); guard != "" {
				claim := Claim{Text: types.ExprString(e) + " without a check", Kind: KindUnguardedReturn, start: at + loc[0], end: cl.end + w[1]}
				results = append(results, Result{Claim: claim, Verdict: Contradicted, Reason: fmt.Sprintf("%s tests %s before it returns %s", lastName(cl.Text), guard, types.ExprString(e))})
			}
		}
	}
	return results
}

// lastQuotedExpr returns the last code span of text that parses as an
// expression, and its bounds in text.
func lastQuotedExpr(text string) (ast.Expr, []int) {
	locs := backtickRe.FindAllStringSubmatchIndex(text, -1)
	for i := len(locs) - 1; i >= 0; i-- {
		if e, err := parser.ParseExpr(text[locs[i][2]:locs[i][3]]); err == nil {
			return e, locs[i]
		}
	}
	return nil, nil
}

// guardBefore returns the condition of an if statement that comes before
// a statement returning e alone in the same block, returns, and reads
// every name e reads (two or more); "" if none.
func guardBefore(body *ast.BlockStmt, e ast.Expr) string {
	want := types.ExprString(e)
	names := exprNames(e)
	if len(names) < 2 {
		return ""
	}
	var out string
	ast.Inspect(body, func(n ast.Node) bool {
		blk, ok := n.(*ast.BlockStmt)
		if !ok || out != "" {
			return out == ""
		}
		for i, st := range blk.List {
			ret, ok := st.(*ast.ReturnStmt)
			if !ok || len(ret.Results) != 1 || types.ExprString(ret.Results[0]) != want {
				continue
			}
			for _, prev := range blk.List[:i] {
				ifs, ok := prev.(*ast.IfStmt)
				if !ok || !endsInReturn(ifs.Body) {
					continue
				}
				read := exprNames(ifs.Cond)
				all := true
				for name := range names {
					all = all && read[name]
				}
				if all {
					out = types.ExprString(ifs.Cond)
				}
			}
		}
		return out == ""
	})
	return out
}

// exprNames are the names an expression reads.
func exprNames(e ast.Expr) map[string]bool {
	out := map[string]bool{}
	ast.Inspect(e, func(n ast.Node) bool {
		if id, ok := n.(*ast.Ident); ok {
			out[id.Name] = true
		}
		return true
	})
	return out
}
