package checker

import (
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"go/types"
	"regexp"
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
			if err == nil && ok && comparisonOp(want.Op) && returnsLeadRe.MatchString(prose[cl.end:cl.end+mm[0]]) {
				if reason, wrong := returnedComparisonDiffers(f.Decl.Body, want); wrong {
					text := prose[cl.end+mm[2] : cl.end+mm[3]]
					claim := Claim{Text: lastName(cl.Text) + " returns " + text, Kind: KindOperator, start: cl.end + mm[0], end: cl.end + mm[1]}
					results = append(results, Result{Claim: claim, Verdict: Contradicted, Reason: lastName(cl.Text) + " " + reason})
				}
				continue
			}
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

// checkAssignOperators judges each assignment a sentence quotes
// (`m.Duration = time.Since(start)`) about the first module function the
// sentence names: contradicted when that function assigns the same value
// to the same target only with another operator (+=).
func (c *Checker) checkAssignOperators(prose string, claims []Claim, results []Result) []Result {
	done := map[int]bool{}
	for _, cl := range claims {
		if !lineable(cl) || cl.Kind == KindSignature || cl.Proposed {
			continue
		}
		from, to := sentenceAround(prose, cl.start)
		if done[from] {
			continue
		}
		funcs := c.subjectFuncs(cl.Text)
		if len(funcs) != 1 || funcs[0].Decl == nil || funcs[0].Decl.Body == nil {
			continue
		}
		done[from] = true
		for _, mm := range backtickRe.FindAllStringSubmatchIndex(prose[cl.end:to], -1) {
			text := prose[cl.end+mm[2] : cl.end+mm[3]]
			want, ok := parseAssign(text)
			if !ok {
				continue
			}
			lhs, rhs := types.ExprString(want.Lhs[0]), types.ExprString(want.Rhs[0])
			same, other := false, token.ILLEGAL
			ast.Inspect(funcs[0].Decl.Body, func(n ast.Node) bool {
				as, ok := n.(*ast.AssignStmt)
				if !ok || len(as.Lhs) != 1 || len(as.Rhs) != 1 || types.ExprString(as.Lhs[0]) != lhs || types.ExprString(as.Rhs[0]) != rhs {
					return true
				}
				if as.Tok == want.Tok {
					same = true
				} else {
					other = as.Tok
				}
				return true
			})
			if !same && other != token.ILLEGAL {
				claim := Claim{Text: funcs[0].Name + ": " + text, Kind: KindOperator, start: cl.end + mm[0], end: cl.end + mm[1]}
				results = append(results, Result{Claim: claim, Verdict: Contradicted, Reason: fmt.Sprintf("%s writes %s %s %s, never with %s", funcs[0].QualifiedName(), lhs, other, rhs, want.Tok)})
			}
		}
	}
	return results
}

// parseAssign parses text as one assignment of one value with = or an
// operator's =.
func parseAssign(text string) (*ast.AssignStmt, bool) {
	f, err := parser.ParseFile(token.NewFileSet(), "", "package p\nfunc _() {\n"+text+"\n}", 0)
	if err != nil {
		return nil, false
	}
	body := f.Decls[0].(*ast.FuncDecl).Body.List
	if len(body) != 1 {
		return nil, false
	}
	as, ok := body[0].(*ast.AssignStmt)
	if !ok || len(as.Lhs) != 1 || len(as.Rhs) != 1 || as.Tok == token.DEFINE {
		return nil, false
	}
	return as, true
}

// returnsLeadRe ends the words before a value said to be returned:
// "(f.go:177) returns ".
var returnsLeadRe = regexp.MustCompile(`(?i)^` + "`?" + `\s*(?:\([^()]*\)\s*)?(?:(?:only|always|simply|just)\s+)?returns\s*$`)

// returnedComparisonDiffers judges a comparison said to be what a body
// returns ("returns `n >= 5`") against the comparisons its return
// statements write: contradicted when one compares the same operands
// (either way round) with another operator and none with the one quoted.
func returnedComparisonDiffers(body *ast.BlockStmt, want *ast.BinaryExpr) (string, bool) {
	x, y := types.ExprString(want.X), types.ExprString(want.Y)
	same, other := false, ""
	ast.Inspect(body, func(n ast.Node) bool {
		if _, lit := n.(*ast.FuncLit); lit {
			return false
		}
		r, ok := n.(*ast.ReturnStmt)
		if !ok || len(r.Results) != 1 {
			return true
		}
		b, ok := ast.Unparen(r.Results[0]).(*ast.BinaryExpr)
		if !ok || !comparisonOp(b.Op) {
			return true
		}
		bx, by := types.ExprString(b.X), types.ExprString(b.Y)
		switch {
		case bx == x && by == y:
			same = same || b.Op == want.Op
		case bx == y && by == x:
			same = same || mirrored(b.Op) == want.Op
		default:
			return true
		}
		if other == "" {
			other = types.ExprString(b)
		}
		return true
	})
	if same || other == "" {
		return "", false
	}
	return "returns " + other, true
}

// mirrored is the operator that compares the same way with its operands
// swapped: < for >.
func mirrored(op token.Token) token.Token {
	switch op {
	case token.LSS:
		return token.GTR
	case token.GTR:
		return token.LSS
	case token.LEQ:
		return token.GEQ
	case token.GEQ:
		return token.LEQ
	}
	return op
}
