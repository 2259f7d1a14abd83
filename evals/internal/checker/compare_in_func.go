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

// codeComparison is one comparison of code: its operands, written as
// types.ExprString writes them, and its operator; sum holds the terms of
// x when x is a sum or a difference ("elapsed + next").
type codeComparison struct {
	x, op, y string
	sum      []string
}

// checkFuncComparisons judges a comparison quoted in a sentence that
// cites no line, about the function the sentence opens with ("`grow`
// caps the size when `s.size > s.max/2`"): contradicted when that
// function and the functions it reaches compare the same two operands
// only with operators that are neither the quoted one nor its negation
// (the sentence may speak of the other branch), or, comparing them
// nowhere, compare a sum one of whose terms is the quoted operand with
// the other operand ("`elapsed > max`" of "elapsed+next > max").
func (c *Checker) checkFuncComparisons(prose string, claims []Claim, results []Result) []Result {
	for _, loc := range backtickRe.FindAllStringSubmatchIndex(prose, -1) {
		quoted := parseConditions(prose[loc[2]:loc[3]])
		if len(quoted) == 0 {
			continue
		}
		from, to := sentenceAround(prose, loc[0])
		if citedLineRe.MatchString(prose[from:to]) {
			continue // the cited line's check judges it
		}
		f := c.openingSubject(prose, claims, from, loc[0])
		if f == nil {
			continue
		}
		var have []codeComparison
		for _, g := range c.reach([]*source.Func{f}).funcs {
			have = append(have, funcComparisons(g.Decl)...)
		}
		for _, q := range quoted {
			if reason := comparedOtherwise(q, have); reason != "" {
				cl := Claim{Text: prose[loc[2]:loc[3]], Kind: KindCompare, start: loc[0], end: loc[1]}
				results = append(results, Result{Claim: cl, Verdict: Contradicted, Reason: fmt.Sprintf("%s and the functions it reaches %s", f.QualifiedName(), reason)})
				break
			}
		}
	}
	return results
}

// openingSubject returns the function the sentence from..before opens
// with as its subject (sentenceSubject), or nil; a name in the clause
// that leads the subject ("When `c.lru.Peek(key)` finds the key,
// `Cache.PeekOrAdd` …") is passed over.
func (c *Checker) openingSubject(prose string, claims []Claim, from, before int) *source.Func {
	f, _ := c.openingSubjectAt(prose, claims, from, before)
	return f
}

// openingSubjectAt is openingSubject, with the end of the subject's
// claim in prose.
func (c *Checker) openingSubjectAt(prose string, claims []Claim, from, before int) (*source.Func, int) {
	for _, cl := range claims {
		if cl.start < from || cl.start >= before {
			continue
		}
		if f, _, ok := c.sentenceSubject(prose, cl); ok {
			return f, cl.end
		}
	}
	return nil, 0
}

// comparedOtherwise returns how have compares what quoted compares
// another way, or "".
func comparedOtherwise(quoted codeComparison, have []codeComparison) string {
	var ops []string
	var sums []codeComparison
	for _, h := range have {
		switch {
		case h.x == quoted.x && h.y == quoted.y:
			ops = append(ops, h.op)
		case h.x == quoted.y && h.y == quoted.x:
			ops = append(ops, mirroredOp[h.op])
		case h.y == quoted.y && containsTerm(h.sum, quoted.x) && h.x != quoted.x:
			sums = append(sums, h)
		}
	}
	if len(ops) > 0 {
		for _, op := range ops {
			if op == quoted.op || op == negatedOp[quoted.op] {
				return ""
			}
		}
		return fmt.Sprintf("compare %s with %s by %s only, never by %s", quoted.x, quoted.y, strings.Join(ops, ", "), quoted.op)
	}
	if len(sums) > 0 {
		return fmt.Sprintf("compare %s %s %s, not %s alone", sums[0].x, sums[0].op, sums[0].y, quoted.x)
	}
	return ""
}

// containsTerm reports whether term is one of terms.
func containsTerm(terms []string, term string) bool {
	for _, t := range terms {
		if t == term {
			return true
		}
	}
	return false
}

// parseConditions reads a quoted span that is a condition: its
// comparisons, those joined by && and || each on its own ("a != 0 &&
// n > max" gives two); none when the span is not one.
func parseConditions(span string) []codeComparison {
	e, err := parser.ParseExpr(span)
	if err != nil {
		return nil
	}
	var out []codeComparison
	var walk func(e ast.Expr)
	walk = func(e ast.Expr) {
		b, ok := ast.Unparen(e).(*ast.BinaryExpr)
		switch {
		case ok && (b.Op == token.LAND || b.Op == token.LOR):
			walk(b.X)
			walk(b.Y)
		case ok && comparisonOp(b.Op):
			out = append(out, comparisonOf(b))
		}
	}
	walk(e)
	return out
}

// comparisonOp reports whether op compares.
func comparisonOp(op token.Token) bool {
	switch op {
	case token.EQL, token.NEQ, token.LSS, token.GTR, token.LEQ, token.GEQ:
		return true
	}
	return false
}

// comparisonOf writes a comparison's operands and the terms of its left
// one.
func comparisonOf(b *ast.BinaryExpr) codeComparison {
	cmp := codeComparison{x: types.ExprString(b.X), op: b.Op.String(), y: types.ExprString(b.Y)}
	var terms func(e ast.Expr)
	terms = func(e ast.Expr) {
		if s, ok := ast.Unparen(e).(*ast.BinaryExpr); ok && (s.Op == token.ADD || s.Op == token.SUB) {
			terms(s.X)
			terms(s.Y)
			return
		}
		cmp.sum = append(cmp.sum, types.ExprString(e))
	}
	if s, ok := ast.Unparen(b.X).(*ast.BinaryExpr); ok && (s.Op == token.ADD || s.Op == token.SUB) {
		terms(b.X)
	}
	return cmp
}

// funcComparisons lists the comparisons of a function's body.
func funcComparisons(d *ast.FuncDecl) []codeComparison {
	var out []codeComparison
	if d == nil || d.Body == nil {
		return nil
	}
	ast.Inspect(d.Body, func(n ast.Node) bool {
		if b, ok := n.(*ast.BinaryExpr); ok && comparisonOp(b.Op) {
			out = append(out, comparisonOf(b))
		}
		return true
	})
	return out
}
