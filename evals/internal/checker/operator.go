package checker

import (
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"go/types"
)

// KindOperator is a claim about the operator of an expression a function
// writes: "`Frame.pc` returns `uintptr(f) - 1`".
const KindOperator = "operator"

// checkOperators judges each arithmetic expression a sentence quotes about
// the function that is its subject (sentenceSubject): contradicted when
// the function's body combines the same two operands only with other
// operators ("`uintptr(f) + 1`" of `uintptr(f) - 1`). An expression whose
// operands the body never combines is left to the other checks, and so
// is a comparison: a condition may be said as the negation of the one
// written ("goes on only when `n == 2`" of `if n != 2 { return }`).
func (c *Checker) checkOperators(prose string, claims []Claim, results []Result) []Result {
	for _, cl := range claims {
		f, to, ok := c.sentenceSubject(prose, cl)
		if !ok {
			continue
		}
		for _, mm := range backtickRe.FindAllStringSubmatchIndex(prose[cl.end:to], -1) {
			e, err := parser.ParseExpr(prose[cl.end+mm[2] : cl.end+mm[3]])
			want, ok := e.(*ast.BinaryExpr)
			if err != nil || !ok || !arithmetic(want.Op) {
				continue
			}
			x, y := types.ExprString(want.X), types.ExprString(want.Y)
			same, other := false, token.ILLEGAL
			ast.Inspect(f.Decl.Body, func(n ast.Node) bool {
				b, ok := n.(*ast.BinaryExpr)
				if !ok || !arithmetic(b.Op) || types.ExprString(b.X) != x || types.ExprString(b.Y) != y {
					return true
				}
				if b.Op == want.Op {
					same = true
				} else {
					other = b.Op
				}
				return true
			})
			if !same && other != token.ILLEGAL {
				text := prose[cl.end+mm[2] : cl.end+mm[3]]
				claim := Claim{Text: lastName(cl.Text) + ": " + text, Kind: KindOperator, start: cl.end + mm[0], end: cl.end + mm[1]}
				results = append(results, Result{Claim: claim, Verdict: Contradicted, Reason: fmt.Sprintf("%s writes %s %s %s, never with %s", lastName(cl.Text), x, other, y, want.Op)})
			}
		}
	}
	return results
}

// arithmetic reports whether op is an arithmetic or bitwise operator.
func arithmetic(op token.Token) bool {
	switch op {
	case token.ADD, token.SUB, token.MUL, token.QUO, token.REM, token.AND, token.OR, token.XOR, token.SHL, token.SHR, token.AND_NOT:
		return true
	}
	return false
}
