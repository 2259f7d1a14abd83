package checker

import (
	"fmt"
	"go/ast"
	"go/token"
	"go/types"
	"regexp"
	"strings"
)

// leadRelationRe is a relation a sentence's leading condition says of a
// quoted value: "When … holds more than `c.max` entries, ".
var leadRelationRe = regexp.MustCompile("(?i)\\b(more\\s+than|greater\\s+than|larger\\s+than|above|exceeds|at\\s+least|less\\s+than|fewer\\s+than|smaller\\s+than|below|at\\s+most)\\s+`([^`]+)`")

// relationOps maps a relation said in words to the operator that tests
// it with the quoted value on the right.
var relationOps = map[string]token.Token{
	"more than": token.GTR, "greater than": token.GTR, "larger than": token.GTR, "above": token.GTR, "exceeds": token.GTR,
	"at least": token.GEQ, "less than": token.LSS, "fewer than": token.LSS, "smaller than": token.LSS, "below": token.LSS, "at most": token.LEQ,
}

// leadNegationRe marks a leading condition that may speak of the other
// branch.
var leadNegationRe = regexp.MustCompile(`(?i)\b(?:not|no|never|unless|without|otherwise)\b`)

// checkSwappedBranches judges a call a sentence says the function it
// opens with makes under a leading condition on a quoted value ("When
// the recent list holds more than `c.recentSize` entries, `ensureSpace`
// calls `c.frequent.RemoveOldest()`"): contradicted when the function
// tests that relation in an if statement whose body ends by returning
// and does not make the call, and makes it only after that statement,
// where the relation does not hold.
func (c *Checker) checkSwappedBranches(prose string, claims []Claim, results []Result) []Result {
	for _, cl := range claims {
		f, to, ok := c.sentenceSubject(prose, cl)
		if !ok {
			continue
		}
		from, _ := sentenceAround(prose, cl.start)
		lead := prose[from:cl.start]
		rel := leadRelationRe.FindStringSubmatch(lead)
		if rel == nil || leadNegationRe.MatchString(outsideCode(lead)) {
			continue
		}
		op, value := relationOps[strings.Join(strings.Fields(strings.ToLower(rel[1])), " ")], tightSpace(rel[2])
		_, cend := clauseAround(prose, cl.end)
		call, loc := quotedCallIn(prose, cl.end, min(to, cend))
		if call == nil {
			continue
		}
		callee := types.ExprString(call.Fun)
		if branch := elseOnlyCall(f.Decl.Body, op, value, callee); branch != "" {
			claim := Claim{Text: types.ExprString(call), Kind: KindBranchEffect, start: loc[0], end: loc[1]}
			results = append(results, Result{Claim: claim, Verdict: Contradicted, Reason: fmt.Sprintf("%s calls %s only when %s does not hold", f.QualifiedName(), callee, branch)})
		}
	}
	return results
}

// elseOnlyCall returns the condition of an if statement of body that
// compares something with value by op (value on the right), whose body
// ends by returning without calling callee, when callee is called after
// that statement in the same block and nowhere else; "" otherwise.
func elseOnlyCall(body *ast.BlockStmt, op token.Token, value, callee string) string {
	var out string
	ast.Inspect(body, func(n ast.Node) bool {
		blk, ok := n.(*ast.BlockStmt)
		if !ok || out != "" {
			return out == ""
		}
		for i, st := range blk.List {
			ifs, ok := st.(*ast.IfStmt)
			if !ok || ifs.Else != nil || !testsRelation(ifs.Cond, op, value) || !endsInReturn(ifs.Body) || callsCallee(ifs.Body, callee) {
				continue
			}
			after := false
			for _, rest := range blk.List[i+1:] {
				after = after || callsCallee(rest, callee)
			}
			before := false
			for _, prev := range blk.List[:i] {
				before = before || callsCallee(prev, callee)
			}
			if after && !before {
				out = types.ExprString(ifs.Cond)
				return false
			}
		}
		return true
	})
	return out
}

// testsRelation reports whether cond compares something with value by op
// (value on the right, or on the left by the mirrored operator).
func testsRelation(cond ast.Expr, op token.Token, value string) bool {
	mirror := map[token.Token]token.Token{token.GTR: token.LSS, token.LSS: token.GTR, token.GEQ: token.LEQ, token.LEQ: token.GEQ}
	found := false
	ast.Inspect(cond, func(n ast.Node) bool {
		if b, ok := n.(*ast.BinaryExpr); ok {
			if b.Op == op && tightSpace(types.ExprString(b.Y)) == value || b.Op == mirror[op] && tightSpace(types.ExprString(b.X)) == value {
				found = true
			}
		}
		return !found
	})
	return found
}

// endsInReturn reports whether a block's last statement returns.
func endsInReturn(b *ast.BlockStmt) bool {
	if len(b.List) == 0 {
		return false
	}
	_, ok := b.List[len(b.List)-1].(*ast.ReturnStmt)
	return ok
}

// callsCallee reports whether n calls callee as written.
func callsCallee(n ast.Node, callee string) bool {
	found := false
	ast.Inspect(n, func(m ast.Node) bool {
		if call, ok := m.(*ast.CallExpr); ok && types.ExprString(call.Fun) == callee {
			found = true
		}
		return !found
	})
	return found
}
