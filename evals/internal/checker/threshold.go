package checker

import (
	"fmt"
	"go/ast"
	"go/constant"
	"go/token"
	"go/types"
	"regexp"
	"strings"

	"github.com/explainerr/explainerr/evals/internal/source"
)

// KindThreshold is a claim about the bound a function compares a value
// with: "logs only when it waited more than `time.Second`", "when
// `len(b)` is less than `wordSize`".
const KindThreshold = "threshold"

// thresholdRe is a bound said in prose: in backticks, or a count of
// characters, bytes or elements, with the value compared before it when
// that is quoted too ("`len(b)` is less than `wordSize`", "longer than 7
// characters").
var thresholdRe = regexp.MustCompile("(?i)(?:`([^`]+)`\\s+is\\s+)?\\b(more\\s+than|greater\\s+than|longer\\s+than|larger\\s+than|bigger\\s+than|higher\\s+than|fewer\\s+than|less\\s+than|shorter\\s+than|smaller\\s+than|lower\\s+than|at\\s+least|at\\s+most|over|above|below|under|exceeds|exceeding|beyond)\\s+(?:`([^`]+)`|(\\d+)\\s+(?:characters?|chars|bytes?|elements?|items?|entries|entry|segments?|parts?|runes?|letters?|digits?)\\b)")

// comparedBound is one comparison of a function's body with a bound: the
// other side's text, the operator with that side on the left, and the
// bound's text and constant value (nil unless constant).
type comparedBound struct {
	operand, text string
	op            token.Token
	value         constant.Value
}

// checkThresholds judges the bounds a sentence whose subject is a
// function says it compares with: contradicted when the bound is a
// constant, the function compares (the quoted operand, when one is
// quoted; a length, for a count of characters or elements) with at least
// one constant, and none of its comparisons is with that bound: by text,
// by value, and, for a length, by the integer range the comparison or its
// negation admits ("longer than 7" is not `len(s) > 6`).
func (c *Checker) checkThresholds(prose string, claims []Claim, results []Result) []Result {
	for _, cl := range claims {
		f, to, ok := c.sentenceSubject(prose, cl)
		if !ok || f.Pkg == nil || f.Pkg.TypesInfo == nil || f.Pkg.Types == nil {
			continue
		}
		bounds := c.boundsOf(f)
		for _, m := range thresholdRe.FindAllStringSubmatch(prose[cl.end:to], -1) {
			said, counted := m[3], m[4] != ""
			if counted {
				said = m[4]
			}
			tv, err := types.Eval(c.m.Fset, f.Pkg.Types, f.Decl.Body.Pos(), said)
			if err != nil || tv.Value == nil {
				continue
			}
			saidOp := phraseOp(m[2])
			constants, matched := 0, false
			for _, b := range bounds {
				if m[1] != "" && squash(b.operand) != squash(m[1]) || counted && !strings.HasPrefix(b.operand, "len(") {
					continue
				}
				strict := counted || strings.HasPrefix(b.operand, "len(")
				switch {
				case squash(b.text) == squash(said):
					matched = true
				case b.value == nil:
				case strict:
					matched = matched || sameRange(saidOp, tv.Value, b.op, b.value)
				default:
					matched = matched || sameConstant(b.value, tv.Value)
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
			results = append(results, Result{Claim: claim, Verdict: Contradicted, Reason: fmt.Sprintf("%s compares with no bound %s %s", name, m[2], tv.Value.ExactString())})
		}
	}
	return results
}

// phraseOp is the operator a bound's phrase says.
func phraseOp(phrase string) token.Token {
	switch p := strings.ToLower(strings.Join(strings.Fields(phrase), " ")); {
	case p == "at least":
		return token.GEQ
	case p == "at most":
		return token.LEQ
	case strings.HasPrefix(p, "fewer"), strings.HasPrefix(p, "less"), strings.HasPrefix(p, "shorter"),
		strings.HasPrefix(p, "smaller"), strings.HasPrefix(p, "lower"), p == "below", p == "under":
		return token.LSS
	}
	return token.GTR
}

// sameRange reports whether x saidOp said and x op bound (or its
// negation) admit the same integers.
func sameRange(saidOp token.Token, said constant.Value, op token.Token, bound constant.Value) bool {
	a, aok := canonical(saidOp, said)
	b, bok := canonical(op, bound)
	if !aok || !bok {
		return sameConstant(said, bound)
	}
	neg := intRange{lower: !b.lower, at: b.at + 1}
	if b.lower {
		neg.at = b.at - 1
	}
	return a == b || a == neg
}

// intRange is x >= at (lower) or x <= at.
type intRange struct {
	lower bool
	at    int64
}

// canonical writes x op v as an intRange, for an integer v.
func canonical(op token.Token, v constant.Value) (intRange, bool) {
	n, exact := constant.Int64Val(constant.ToInt(v))
	if !exact || v.Kind() != constant.Int {
		return intRange{}, false
	}
	switch op {
	case token.GTR:
		return intRange{true, n + 1}, true
	case token.GEQ:
		return intRange{true, n}, true
	case token.LSS:
		return intRange{false, n - 1}, true
	case token.LEQ:
		return intRange{false, n}, true
	}
	return intRange{}, false
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
		for i, side := range [][2]ast.Expr{{be.X, be.Y}, {be.Y, be.X}} {
			b := comparedBound{operand: c.nodeText(side[0]), text: c.nodeText(side[1]), op: be.Op}
			if i == 1 {
				b.op = flipped[be.Op]
			}
			if tv, ok := f.Pkg.TypesInfo.Types[side[1]]; ok {
				b.value = tv.Value
			}
			out = append(out, b)
		}
		return true
	})
	return out
}

// flipped is each comparison with its sides swapped.
var flipped = map[token.Token]token.Token{token.LSS: token.GTR, token.GTR: token.LSS, token.LEQ: token.GEQ, token.GEQ: token.LEQ}

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
