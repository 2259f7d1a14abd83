package checker

import (
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"go/types"
	"regexp"
)

// KindNilBranchCall is a claim about the branch a call is made in: "`F`
// calls `t.stop()` when `t.clock` is nil".
const KindNilBranchCall = "nil_branch_call"

// callWhenNilRe is a quoted call followed by the nil test it is said to
// be made under: "`t.stop()` when `t.clock` is nil", "`open(p)` only
// if `f` is not nil".
var callWhenNilRe = regexp.MustCompile("`([^`]+\\))`\\s+(?:only\\s+)?(?:when|if|whenever)\\s+`([^`]+)`\\s+is\\s+(not\\s+)?nil\\b")

// checkNilBranchCalls judges, in a sentence whose subject is a module
// function (sentenceSubject), a quoted call said to be made when a quoted
// value is nil (or not nil): contradicted when the function makes that
// call, and every time only in the branch of an if on that value that
// needs the other state (`if v == nil { … } else { call }`).
func (c *Checker) checkNilBranchCalls(prose string, claims []Claim, results []Result) []Result {
	for _, cl := range claims {
		f, to, ok := c.sentenceSubject(prose, cl)
		if !ok {
			continue
		}
		for _, mm := range callWhenNilRe.FindAllStringSubmatchIndex(prose[cl.end:to], -1) {
			call, err1 := parser.ParseExpr(prose[cl.end+mm[2] : cl.end+mm[3]])
			value, err2 := parser.ParseExpr(prose[cl.end+mm[4] : cl.end+mm[5]])
			if err1 != nil || err2 != nil {
				continue
			}
			if _, isCall := call.(*ast.CallExpr); !isCall {
				continue
			}
			saidNil := mm[6] < 0
			states := callNilStates(f.Decl.Body, types.ExprString(call), types.ExprString(value))
			if len(states) != 1 || states[saidNil] {
				continue
			}
			said := map[bool]string{true: "nil", false: "not nil"}
			claim := Claim{Text: fmt.Sprintf("%s calls %s when %s is %s", lastName(cl.Text), types.ExprString(call), types.ExprString(value), said[saidNil]), Kind: KindNilBranchCall, start: cl.end + mm[0], end: cl.end + mm[1]}
			results = append(results, Result{Claim: claim, Verdict: Contradicted, Reason: fmt.Sprintf("%s calls %s only when %s is %s", lastName(cl.Text), types.ExprString(call), types.ExprString(value), said[!saidNil])})
		}
	}
	return results
}

// callNilStates returns, for each call in body written as call, whether
// value is nil where it is made, as the ifs around it that compare value
// with nil decide: the keys are the states seen. A call under no such if
// makes the result empty, as does a body that never makes the call.
func callNilStates(body *ast.BlockStmt, call, value string) map[bool]bool {
	states := map[bool]bool{}
	free := false
	var walk func(n ast.Node, state int)
	walk = func(n ast.Node, state int) {
		ast.Inspect(n, func(n ast.Node) bool {
			switch n := n.(type) {
			case *ast.IfStmt:
				isNil, ok := nilTest(n.Cond, value)
				if !ok {
					return true
				}
				if n.Init != nil {
					walk(n.Init, state)
				}
				walk(n.Body, map[bool]int{true: 1, false: 0}[isNil])
				if n.Else != nil {
					walk(n.Else, map[bool]int{true: 0, false: 1}[isNil])
				}
				return false
			case *ast.CallExpr:
				if types.ExprString(n) == call {
					if state < 0 {
						free = true
					} else {
						states[state == 1] = true
					}
				}
			}
			return true
		})
	}
	walk(body, -1)
	if free {
		return nil
	}
	return states
}

// nilTest reports whether cond compares value with nil, and whether it
// holds when value is nil ("v == nil") or not ("v != nil").
func nilTest(cond ast.Expr, value string) (isNil, ok bool) {
	b, isBin := ast.Unparen(cond).(*ast.BinaryExpr)
	if !isBin || b.Op != token.EQL && b.Op != token.NEQ {
		return false, false
	}
	x, y := types.ExprString(b.X), types.ExprString(b.Y)
	if !(x == value && y == "nil" || y == value && x == "nil") {
		return false, false
	}
	return b.Op == token.EQL, true
}
