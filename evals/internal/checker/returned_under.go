package checker

import (
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"go/types"
	"regexp"
	"strconv"
	"strings"
)

// KindReturnedUnder is a claim about the string or number literal a
// function returns when a quoted condition holds: "`Sign` returns "neg"
// when `n < 0`", "`random` returns 0 when `m.inc <= 1`".
const KindReturnedUnder = "returned_under"

// returnedUnderRe follows "returns": a string in double quotes or an
// integer, a cited line perhaps, a few words perhaps ("without reading
// anything"), and the words that lead to its condition.
var returnedUnderRe = regexp.MustCompile("^\\s+(?:\"([^\"\\n]+)\"|`?(-?\\d+|true|false|nil)`?)\\s+(?:at\\s+\\S+\\s+)?(?:[a-z]+\\s+){0,4}?(?:for|when|if|whenever|with)\\b")

// checkReturnedUnder judges "`F` returns "X" when `cond`": when F tests
// cond as written in if statements whose bodies return a single string
// literal, none of them X, while another return statement of F gives X,
// the two branches are swapped and the claim is contradicted. The
// condition is the first code span of the clause, before the next
// quoted string, that parses as a comparison or a call.
func (c *Checker) checkReturnedUnder(prose string, claims []Claim, results []Result) []Result {
	for _, s := range c.verbSubjects(prose, claims, returnsVerbRe) {
		mm := returnedUnderRe.FindStringSubmatchIndex(prose[s.after:])
		if mm == nil || len(s.funcs) != 1 || s.funcs[0].Decl == nil || s.funcs[0].Decl.Body == nil {
			continue
		}
		var said string
		number := mm[2] < 0
		if number {
			said = prose[s.after+mm[4] : s.after+mm[5]]
		} else {
			said = prose[s.after+mm[2] : s.after+mm[3]]
		}
		rest := prose[s.after+mm[1]:]
		if i := strings.IndexAny(outsideCode(rest), "\";"); i >= 0 {
			rest = rest[:i]
		}
		if _, end := sentenceAround(prose, s.after+mm[1]); end-(s.after+mm[1]) < len(rest) {
			rest = rest[:max(end-(s.after+mm[1]), 0)]
		}
		cond := firstCondition(rest)
		if cond == "" {
			cond = nilCondition(rest) // "for a nil `buckets`": buckets==nil
		}
		if cond == "" {
			continue
		}
		if said == "nil" {
			if v, ok := resultUnder(s.funcs[0].Decl.Body, cond); ok && v != "nil" {
				name := lastName(s.subject.Text)
				claim := Claim{Text: fmt.Sprintf("%s returns nil when %s", name, cond), Kind: KindReturnedUnder, start: s.subject.start, end: s.after + mm[1]}
				results = append(results, Result{Claim: claim, Verdict: Contradicted, Reason: fmt.Sprintf("%s returns %s when %s", name, v, cond)})
			}
			continue
		}
		under, elsewhere := returnsUnder(s.funcs[0].Decl.Body, cond, number)
		if said == "true" || said == "false" {
			under, elsewhere = boolsUnder(s.funcs[0].Decl.Body, cond)
		}
		if len(under) == 0 || containsFold(under, said) || !containsFold(elsewhere, said) {
			continue
		}
		name := lastName(s.subject.Text)
		shown, others := strconv.Quote(said), strings.Join(quoteAll(under), " or ")
		if number {
			shown, others = said, strings.Join(under, " or ")
		}
		claim := Claim{Text: fmt.Sprintf("%s returns %s when %s", name, shown, cond), Kind: KindReturnedUnder, start: s.subject.start, end: s.after + mm[1]}
		results = append(results, Result{Claim: claim, Verdict: Contradicted, Reason: fmt.Sprintf("%s returns %s when %s, and %s otherwise", name, others, cond, shown)})
	}
	return results
}

// firstCondition returns the first code span of text that parses as a
// comparison, a logical expression or a call, written tight; "" if none.
func firstCondition(text string) string {
	for _, m := range backtickRe.FindAllStringSubmatch(text, -1) {
		e, err := parser.ParseExpr(m[1])
		if err != nil {
			continue
		}
		switch e := e.(type) {
		case *ast.BinaryExpr:
			switch e.Op {
			case token.EQL, token.NEQ, token.LSS, token.LEQ, token.GTR, token.GEQ, token.LAND, token.LOR:
				return tightSpace(types.ExprString(e))
			}
		case *ast.CallExpr:
			return tightSpace(types.ExprString(e))
		}
	}
	return ""
}

// returnsUnder returns the literals returned first by the bodies of
// body's if statements (without else) whose condition is cond, and those
// returned first by its other return statements: strings, or integers
// when number is set.
func returnsUnder(body *ast.BlockStmt, cond string, number bool) (under, elsewhere []string) {
	inUnder := map[*ast.ReturnStmt]bool{}
	ast.Inspect(body, func(n ast.Node) bool {
		if _, lit := n.(*ast.FuncLit); lit {
			return false
		}
		ifs, ok := n.(*ast.IfStmt)
		if !ok || ifs.Else != nil || !runsWhen(ifs.Cond, cond) {
			return true
		}
		for _, st := range ifs.Body.List {
			if ret, ok := st.(*ast.ReturnStmt); ok {
				if v, ok := literalResult(ret, number); ok {
					under = append(under, v)
					inUnder[ret] = true
				}
			}
		}
		return true
	})
	ast.Inspect(body, func(n ast.Node) bool {
		if _, lit := n.(*ast.FuncLit); lit {
			return false
		}
		if ret, ok := n.(*ast.ReturnStmt); ok && !inUnder[ret] {
			if v, ok := literalResult(ret, number); ok {
				elsewhere = append(elsewhere, v)
			}
		}
		return true
	})
	return under, elsewhere
}

// literalResult returns the value of a return statement that gives one
// string literal or, when number is set, whose first value is an integer
// literal (written in decimal).
func literalResult(ret *ast.ReturnStmt, number bool) (string, bool) {
	if len(ret.Results) == 0 || !number && len(ret.Results) != 1 {
		return "", false
	}
	first, sign := ret.Results[0], ""
	if u, ok := first.(*ast.UnaryExpr); ok && u.Op == token.SUB && number {
		first, sign = u.X, "-" // "return -1"
	}
	lit, ok := first.(*ast.BasicLit)
	if !ok {
		return "", false
	}
	if number {
		n, err := strconv.ParseInt(sign+strings.ReplaceAll(lit.Value, "_", ""), 0, 64)
		return strconv.FormatInt(n, 10), lit.Kind == token.INT && err == nil
	}
	if lit.Kind != token.STRING {
		return "", false
	}
	v, err := strconv.Unquote(lit.Value)
	return v, err == nil
}

// runsWhen reports whether an if statement's condition holds whenever
// cond (written tight) does: it is cond, or cond is one of the terms it
// joins with ||.
func runsWhen(e ast.Expr, cond string) bool {
	e = ast.Unparen(e)
	if tightSpace(types.ExprString(e)) == cond {
		return true
	}
	b, ok := e.(*ast.BinaryExpr)
	return ok && b.Op == token.LOR && (runsWhen(b.X, cond) || runsWhen(b.Y, cond))
}

// boolsUnder is returnsUnder for a function that returns one boolean:
// what the bodies of its if statements (without else) that run when
// cond holds return first, and what its other returns give, as "true"
// or "false".
func boolsUnder(body *ast.BlockStmt, cond string) (under, elsewhere []string) {
	boolOf := func(ret *ast.ReturnStmt) (string, bool) {
		if len(ret.Results) != 1 {
			return "", false
		}
		if id, ok := ret.Results[0].(*ast.Ident); ok && (id.Name == "true" || id.Name == "false") {
			return id.Name, true
		}
		return "", false
	}
	inUnder := map[*ast.ReturnStmt]bool{}
	ast.Inspect(body, func(n ast.Node) bool {
		if _, lit := n.(*ast.FuncLit); lit {
			return false
		}
		if ifs, ok := n.(*ast.IfStmt); ok && ifs.Else == nil && runsWhen(ifs.Cond, cond) && len(ifs.Body.List) > 0 {
			if ret, ok := ifs.Body.List[0].(*ast.ReturnStmt); ok {
				if v, ok := boolOf(ret); ok {
					under = append(under, v)
					inUnder[ret] = true
				}
			}
		}
		if ret, ok := n.(*ast.ReturnStmt); ok && !inUnder[ret] {
			if v, ok := boolOf(ret); ok {
				elsewhere = append(elsewhere, v)
			}
		}
		return true
	})
	return under, elsewhere
}

// nilWordsRe says in words that a quoted name is nil: "a nil `p`", "`p`
// is nil".
var nilWordsRe = regexp.MustCompile("\\bnil\\s+`([A-Za-z_][\\w.]*)`|`([A-Za-z_][\\w.]*)`\\s+is\\s+nil\\b")

// nilCondition is the comparison with nil that words before a comma or
// the clause's end say ("for a nil `buckets` slice"), written tight; ""
// if none.
func nilCondition(text string) string {
	if i := strings.IndexAny(outsideCode(text), ",;"); i >= 0 {
		text = text[:i]
	}
	m := nilWordsRe.FindStringSubmatch(text)
	if m == nil {
		return ""
	}
	return m[1] + m[2] + "==nil"
}

// resultUnder is what the first statement of the one if statement
// (without else) that runs when cond holds returns, when it returns one
// value: "[]Counts{}" of `if buckets == nil { return []Counts{} }`.
func resultUnder(body *ast.BlockStmt, cond string) (string, bool) {
	var out []string
	ast.Inspect(body, func(n ast.Node) bool {
		if _, lit := n.(*ast.FuncLit); lit {
			return false
		}
		if ifs, ok := n.(*ast.IfStmt); ok && ifs.Else == nil && runsWhen(ifs.Cond, cond) && len(ifs.Body.List) > 0 {
			if ret, ok := ifs.Body.List[0].(*ast.ReturnStmt); ok && len(ret.Results) == 1 {
				out = append(out, types.ExprString(ret.Results[0]))
			}
		}
		return true
	})
	if len(out) != 1 {
		return "", false
	}
	return out[0], true
}
