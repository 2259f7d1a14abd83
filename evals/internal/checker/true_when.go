package checker

import (
	"fmt"
	"go/ast"
	"go/constant"
	"go/token"
	"go/types"
	"regexp"
	"strconv"
	"strings"

	"github.com/explainerr/explainerr/evals/internal/source"
)

// KindTrueWhen is a claim about the values of an expression for which a
// function returns true: "`Written` returns true once `rw.status` is
// 100 or more".
const KindTrueWhen = "true_when"

var (
	// trueWhenRe follows "returns": true, then a range of one expression.
	trueWhenRe = regexp.MustCompile("(?i)^\\s+`?true`?\\s+(?:(?:only|exactly|just)\\s+)?(?:as\\s+soon\\s+as|when|whenever|if|once|for\\s+as\\s+long\\s+as)\\s+`([^`]+)`\\s+is\\s+(?:(-?\\d+)\\s+or\\s+(more|greater|higher|above|less|lower|fewer|below)|(greater\\s+than|more\\s+than|above|at\\s+least|less\\s+than|below|at\\s+most)\\s+(-?\\d+))\\b")
)

// checkTrueWhen judges "`F` returns true when `x` is N or more" (or
// greater than, at least, less than, at most N): when F's body is one
// return statement whose value is made of comparisons of x, as written,
// with integer constants, joined by &&, || and !, it is evaluated at N,
// at the first value past N and at each constant it compares with that
// lies in the range said: any value of the range for which it is false
// contradicts the sentence.
func (c *Checker) checkTrueWhen(prose string, claims []Claim, results []Result) []Result {
	for _, s := range c.verbSubjects(prose, claims, returnsVerbRe) {
		mm := trueWhenRe.FindStringSubmatch(prose[s.after:])
		if mm == nil || len(s.funcs) != 1 {
			continue
		}
		if from, to := sentenceAround(prose, s.subject.start); modalRe.MatchString(outsideCode(prose[from:to])) {
			continue
		}
		var b bound
		if mm[2] != "" {
			n, err := strconv.ParseInt(mm[2], 10, 64)
			if err != nil {
				continue
			}
			switch strings.ToLower(mm[3]) {
			case "more", "greater", "higher", "above":
				b = bound{true, n}
			default:
				b = bound{false, n}
			}
		} else {
			n, err := strconv.ParseInt(mm[5], 10, 64)
			if err != nil {
				continue
			}
			b = proseBound(mm[4], n)
		}
		ret := soleReturn(s.funcs[0])
		if ret == nil {
			continue
		}
		expr := collapseSpace(mm[1])
		info := s.funcs[0].Pkg.TypesInfo
		consts, ok := comparedConsts(info, ret, expr)
		if !ok {
			continue
		}
		tries := []int64{b.k}
		if b.lower {
			tries = append(tries, b.k+1)
		} else {
			tries = append(tries, b.k-1)
		}
		for _, k := range consts {
			for _, v := range []int64{k - 1, k, k + 1} {
				if b.lower && v >= b.k || !b.lower && v <= b.k {
					tries = append(tries, v)
				}
			}
		}
		for _, v := range tries {
			if truth, ok := evalAt(info, ret, expr, v); ok && !truth {
				name := lastName(s.subject.Text)
				claim := Claim{Text: fmt.Sprintf("%s returns %s", name, strings.TrimSpace(mm[0])), Kind: KindTrueWhen, start: s.subject.start, end: s.after + len(mm[0])}
				results = append(results, Result{Claim: claim, Verdict: Contradicted, Reason: fmt.Sprintf("%s returns %s, false when %s is %d", name, types.ExprString(ret), mm[1], v)})
				break
			}
		}
	}
	return results
}

// soleReturn returns the value of a function whose body is one return
// statement of one value, or nil.
func soleReturn(f *source.Func) ast.Expr {
	if f.Decl == nil || f.Decl.Body == nil || len(f.Decl.Body.List) != 1 || f.Pkg.TypesInfo == nil {
		return nil
	}
	r, ok := f.Decl.Body.List[0].(*ast.ReturnStmt)
	if !ok || len(r.Results) != 1 {
		return nil
	}
	return r.Results[0]
}

// comparedConsts lists the integer constants e compares expr with; ok is
// false unless e is made of such comparisons only.
func comparedConsts(info *types.Info, e ast.Expr, expr string) ([]int64, bool) {
	switch e := e.(type) {
	case *ast.ParenExpr:
		return comparedConsts(info, e.X, expr)
	case *ast.UnaryExpr:
		if e.Op != token.NOT {
			return nil, false
		}
		return comparedConsts(info, e.X, expr)
	case *ast.BinaryExpr:
		if e.Op == token.LAND || e.Op == token.LOR {
			a, ok1 := comparedConsts(info, e.X, expr)
			b, ok2 := comparedConsts(info, e.Y, expr)
			return append(a, b...), ok1 && ok2
		}
		k, _, ok := comparison(info, e, expr)
		if !ok {
			return nil, false
		}
		return []int64{k}, true
	}
	return nil, false
}

// comparison reads "x op k" or "k op x": the constant and whether x is on
// the left.
func comparison(info *types.Info, e *ast.BinaryExpr, expr string) (int64, bool, bool) {
	switch e.Op {
	case token.EQL, token.NEQ, token.LSS, token.LEQ, token.GTR, token.GEQ:
	default:
		return 0, false, false
	}
	xLeft := collapseSpace(types.ExprString(e.X)) == expr
	other := e.Y
	if !xLeft {
		if collapseSpace(types.ExprString(e.Y)) != expr {
			return 0, false, false
		}
		other = e.X
	}
	tv, ok := info.Types[other]
	if !ok || tv.Value == nil || tv.Value.Kind() != constant.Int {
		return 0, false, false
	}
	k, exact := constant.Int64Val(tv.Value)
	return k, xLeft, exact
}

// evalAt evaluates e, made of comparisons of expr with constants, with
// expr at v.
func evalAt(info *types.Info, e ast.Expr, expr string, v int64) (bool, bool) {
	switch e := e.(type) {
	case *ast.ParenExpr:
		return evalAt(info, e.X, expr, v)
	case *ast.UnaryExpr:
		t, ok := evalAt(info, e.X, expr, v)
		return !t, ok && e.Op == token.NOT
	case *ast.BinaryExpr:
		if e.Op == token.LAND || e.Op == token.LOR {
			a, ok1 := evalAt(info, e.X, expr, v)
			b, ok2 := evalAt(info, e.Y, expr, v)
			if e.Op == token.LAND {
				return a && b, ok1 && ok2
			}
			return a || b, ok1 && ok2
		}
		k, xLeft, ok := comparison(info, e, expr)
		if !ok {
			return false, false
		}
		l, r := v, k
		if !xLeft {
			l, r = k, v
		}
		switch e.Op {
		case token.EQL:
			return l == r, true
		case token.NEQ:
			return l != r, true
		case token.LSS:
			return l < r, true
		case token.LEQ:
			return l <= r, true
		case token.GTR:
			return l > r, true
		case token.GEQ:
			return l >= r, true
		}
	}
	return false, false
}
