package checker

import (
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"go/types"
	"strings"

	"github.com/explainerr/explainerr/evals/internal/source"
)

// checkFuncExpressions judges an arithmetic expression or an assignment
// quoted in a sentence that cites no line, about the function the
// sentence opens with ("`place` puts the entry in bucket `(c.next + 1) %
// n`", "`Add` computes `full := c.size > 0 && c.n >= c.size`"):
// contradicted when neither that function nor a function it reaches
// writes the quoted expression, and the function itself writes another
// with the same last operator and right operand (`(n + c.next - 1) % n`)
// or assigns the same variable another value. A sentence that may say
// what the code should do, or an expression the clause says is not
// written, is not read.
func (c *Checker) checkFuncExpressions(prose string, claims []Claim, results []Result) []Result {
	for _, loc := range backtickRe.FindAllStringSubmatchIndex(prose, -1) {
		from, to := sentenceAround(prose, loc[0])
		cfrom, _ := clauseAround(prose, loc[0])
		if citedLineRe.MatchString(prose[from:to]) || unmadeNegationRe.MatchString(outsideCode(prose[max(from, cfrom):loc[0]])) {
			continue
		}
		span := prose[loc[2]:loc[3]]
		if lit, addr, ok := quotedLiteral(span); ok {
			// "wraps it as `&wrapped{err}`" of `return wrapped{err}`.
			f, after := c.openingSubjectAt(prose, claims, from, loc[0])
			if f == nil || !saidOfSubject(prose, after, loc[0]) {
				continue
			}
			want, other := types.ExprString(lit), "&"+types.ExprString(lit)
			if addr {
				want, other = other, want
			}
			if writesExpr(c.reach([]*source.Func{f}).funcs, want) || !writesExpr([]*source.Func{f}, other) {
				continue
			}
			cl := Claim{Text: span, Kind: KindSaidCode, start: loc[0], end: loc[1]}
			results = append(results, Result{Claim: cl, Verdict: Contradicted, Reason: fmt.Sprintf("%s writes %s, not %s", f.QualifiedName(), other, want)})
			continue
		}
		lhs, e, ok := quotedValue(span)
		if !ok {
			continue
		}
		f, after := c.openingSubjectAt(prose, claims, from, loc[0])
		if f == nil || !saidOfSubject(prose, after, loc[0]) {
			continue
		}
		want := types.ExprString(e)
		if lhs == "" && writesExpr(c.reach([]*source.Func{f}).funcs, want) || lhs != "" && assignsExpr(c.reach([]*source.Func{f}).funcs, lhs, want) {
			continue
		}
		other := otherExpr(f.Decl.Body, lhs, e)
		if other == "" {
			continue
		}
		cl := Claim{Text: span, Kind: KindSaidCode, start: loc[0], end: loc[1]}
		results = append(results, Result{Claim: cl, Verdict: Contradicted, Reason: fmt.Sprintf("%s writes %s, not %s", f.QualifiedName(), other, want)})
	}
	return results
}

// quotedValue reads a code span that is an assignment of one variable
// ("evict := a && b"), giving the variable and the value, or an
// arithmetic expression ("(a + 1) % n"), giving "" and the expression.
func quotedValue(span string) (string, ast.Expr, bool) {
	if lhs, rhs, ok := strings.Cut(span, ":="); ok && identRe.MatchString(strings.TrimSpace(lhs)) {
		e, err := parser.ParseExpr(rhs)
		return strings.TrimSpace(lhs), e, err == nil
	}
	e, err := parser.ParseExpr(span)
	if err != nil {
		return "", nil, false
	}
	b, ok := e.(*ast.BinaryExpr)
	if !ok || !arithmeticOp(b.Op) {
		return "", nil, false
	}
	return "", b, true
}

// quotedLiteral reads a code span that is a composite literal with its
// type ("wrapped{err}"), or its address ("&wrapped{err}"): the literal,
// and whether its address is taken.
func quotedLiteral(span string) (*ast.CompositeLit, bool, bool) {
	e, err := parser.ParseExpr(span)
	if err != nil {
		return nil, false, false
	}
	addr := false
	if u, ok := e.(*ast.UnaryExpr); ok && u.Op == token.AND {
		e, addr = u.X, true
	}
	lit, ok := e.(*ast.CompositeLit)
	return lit, addr, ok && lit.Type != nil
}

// arithmeticOp reports whether op computes a number.
func arithmeticOp(op token.Token) bool {
	switch op {
	case token.ADD, token.SUB, token.MUL, token.QUO, token.REM, token.AND, token.OR, token.XOR, token.SHL, token.SHR, token.AND_NOT:
		return true
	}
	return false
}

// writesExpr reports whether any of funcs writes the expression want (as
// types.ExprString writes it).
func writesExpr(funcs []*source.Func, want string) bool {
	found := false
	for _, g := range funcs {
		ast.Inspect(g.Decl, func(n ast.Node) bool {
			if e, ok := n.(ast.Expr); ok && types.ExprString(e) == want {
				found = true
			}
			return !found
		})
	}
	return found
}

// assignsExpr reports whether any of funcs gives the variable lhs the
// value want (as types.ExprString writes it): in an assignment, a
// declaration, or as one of several names assigned at once.
func assignsExpr(funcs []*source.Func, lhs, want string) bool {
	found := false
	match := func(names []ast.Expr, values []ast.Expr) {
		if len(names) != len(values) {
			return
		}
		for i := range names {
			if types.ExprString(names[i]) == lhs && types.ExprString(values[i]) == want {
				found = true
			}
		}
	}
	for _, g := range funcs {
		ast.Inspect(g.Decl, func(n ast.Node) bool {
			switch n := n.(type) {
			case *ast.AssignStmt:
				if n.Tok == token.DEFINE || n.Tok == token.ASSIGN {
					match(n.Lhs, n.Rhs)
				}
			case *ast.ValueSpec:
				names := make([]ast.Expr, len(n.Names))
				for i, id := range n.Names {
					names[i] = id
				}
				match(names, n.Values)
			}
			return !found
		})
	}
	return found
}

// otherExpr returns what body writes in place of e: for a variable lhs,
// a value it assigns lhs ("" when it assigns none); for an arithmetic
// expression, one with the same operator and right operand.
func otherExpr(body *ast.BlockStmt, lhs string, e ast.Expr) string {
	var out string
	ast.Inspect(body, func(n ast.Node) bool {
		if out != "" {
			return false
		}
		if lhs != "" {
			if as, ok := n.(*ast.AssignStmt); ok && (as.Tok == token.DEFINE || as.Tok == token.ASSIGN) && len(as.Lhs) == 1 && len(as.Rhs) == 1 && types.ExprString(as.Lhs[0]) == lhs {
				out = types.ExprString(as.Rhs[0])
			}
			return true
		}
		q := e.(*ast.BinaryExpr)
		if b, ok := n.(*ast.BinaryExpr); ok && b.Op == q.Op && types.ExprString(b.Y) == types.ExprString(q.Y) {
			out = types.ExprString(b)
		}
		return true
	})
	return out
}
