package checker

import (
	"fmt"
	"go/ast"
	"go/constant"
	"go/token"
	"go/types"
	"regexp"

	"github.com/explainerr/explainerr/evals/internal/source"
)

// KindThreshold is a claim about the bound a function compares a value
// with: "logs only when it waited more than `time.Second`", "when
// `len(b)` is less than `wordSize`".
const KindThreshold = "threshold"

// thresholdRe is a bound said in prose, in backticks, with the value
// compared before it when that is quoted too: "`len(b)` is less than
// `wordSize`".
var thresholdRe = regexp.MustCompile("(?i)(?:`([^`]+)`\\s+is\\s+)?(?:(?:more|greater|longer|larger|bigger|fewer|less|shorter|smaller|lower|higher|older|newer)\\s+than|at\\s+(?:least|most)|(?:over|above|below|under|exceeds|exceeding|beyond))\\s+`([^`]+)`")

// comparedBound is one comparison of a function's body with a bound: the other
// side's text and the bound's text and constant value (nil unless
// constant).
type comparedBound struct {
	operand, text string
	value         constant.Value
}

// checkThresholds judges the bounds a sentence whose subject is a
// function says it compares with: contradicted when the bound is a
// constant, the function compares (the quoted operand, when one is
// quoted) with at least one constant, and none of its comparisons is with
// that bound, by text or by value.
func (c *Checker) checkThresholds(prose string, claims []Claim, results []Result) []Result {
	for _, cl := range claims {
		f, to, ok := c.sentenceSubject(prose, cl)
		if !ok || f.Pkg == nil || f.Pkg.TypesInfo == nil || f.Pkg.Types == nil {
			continue
		}
		bounds := c.boundsOf(f)
		for _, m := range thresholdRe.FindAllStringSubmatch(prose[cl.end:to], -1) {
			said := m[2]
			tv, err := types.Eval(c.m.Fset, f.Pkg.Types, f.Decl.Body.Pos(), said)
			if err != nil || tv.Value == nil {
				continue
			}
			constants, matched := 0, false
			for _, b := range bounds {
				if m[1] != "" && squash(b.operand) != squash(m[1]) {
					continue
				}
				if squash(b.text) == squash(said) || b.value != nil && sameConstant(b.value, tv.Value) {
					matched = true
				}
				if b.value != nil {
					constants++
				}
			}
			if matched || constants == 0 {
				continue
			}
			name := lastName(cl.Text)
			claim := Claim{Text: fmt.Sprintf("%s compares with %s", name, said), Kind: KindThreshold, start: cl.start, end: to}
			results = append(results, Result{Claim: claim, Verdict: Contradicted, Reason: fmt.Sprintf("%s compares with no bound of value %s", name, tv.Value.ExactString())})
		}
	}
	return results
}

// boundsOf returns the comparisons (<, >, <=, >=) of f's body, function
// literals included, each side taken in turn as the bound.
func (c *Checker) boundsOf(f *source.Func) []comparedBound {
	var out []comparedBound
	ast.Inspect(f.Decl.Body, func(n ast.Node) bool {
		be, ok := n.(*ast.BinaryExpr)
		if !ok {
			return true
		}
		switch be.Op {
		case token.LSS, token.GTR, token.LEQ, token.GEQ:
		default:
			return true
		}
		for _, side := range [][2]ast.Expr{{be.X, be.Y}, {be.Y, be.X}} {
			b := comparedBound{operand: c.nodeText(side[0]), text: c.nodeText(side[1])}
			if tv, ok := f.Pkg.TypesInfo.Types[side[1]]; ok {
				b.value = tv.Value
			}
			out = append(out, b)
		}
		return true
	})
	return out
}

// sameConstant reports whether two constants are equal numbers (or equal
// values of another kind).
func sameConstant(a, b constant.Value) bool {
	if a.Kind() != b.Kind() && (!isNumeric(a) || !isNumeric(b)) {
		return false
	}
	return constant.Compare(a, token.EQL, b)
}

// isNumeric reports whether v is an integer, float or complex constant.
func isNumeric(v constant.Value) bool {
	switch v.Kind() {
	case constant.Int, constant.Float, constant.Complex:
		return true
	}
	return false
}
