package checker

import (
	"fmt"
	"go/ast"
	"go/constant"
	"go/token"
	"go/types"
	"regexp"
	"strings"
)

// KindReturnedConst is a claim about the constant a function returns
// under a condition: "`Next` returns 0 when the context is done, and
// otherwise the wrapped policy's `Next()`".
const KindReturnedConst = "returned_const"

// returnedConstRe follows "returns": a number, true or false, a
// condition, and the other branch after "otherwise", up to the end of
// the clause.
var returnedConstRe = regexp.MustCompile(`^\s+(-?\d+|true|false)\s+(?:at\s+once\s+)?(?:when|if|whenever|once)\b[^;]*?\botherwise\b([^;]*)`)

// otherwiseSpanRe is the first code span of the other branch: what the
// function returns otherwise.
var otherwiseSpanRe = regexp.MustCompile("`([^`]+)`")

// checkReturnedConsts judges "`F` returns N when …, and otherwise `X`",
// F a function of one result: the return statements of F that do not
// give X (whose text does not hold X's last name) are those the
// condition is about; when each returns a constant, and none N, the
// claim is contradicted.
func (c *Checker) checkReturnedConsts(prose string, claims []Claim, results []Result) []Result {
	for _, s := range c.verbSubjects(prose, claims, returnsVerbRe) {
		mm := returnedConstRe.FindStringSubmatchIndex(prose[s.after:])
		if mm == nil || len(s.funcs) != 1 || s.funcs[0].Decl == nil || s.funcs[0].Decl.Body == nil {
			continue
		}
		other := otherwiseSpanRe.FindStringSubmatch(prose[s.after+mm[4] : s.after+mm[5]])
		if other == nil {
			continue
		}
		want := statedConstant(prose[s.after+mm[2] : s.after+mm[3]])
		f := s.funcs[0]
		info := f.Pkg.TypesInfo
		otherName := lastName(other[1])
		var have []string
		judged, same := true, false
		ast.Inspect(f.Decl.Body, func(n ast.Node) bool {
			if _, lit := n.(*ast.FuncLit); lit {
				return false
			}
			ret, ok := n.(*ast.ReturnStmt)
			if !ok {
				return true
			}
			if len(ret.Results) != 1 || info == nil {
				judged = false
				return false
			}
			if containsIdent(types.ExprString(ret.Results[0]), otherName) {
				return false
			}
			tv, ok := info.Types[ret.Results[0]]
			if !ok || tv.Value == nil || numericKind(tv.Value.Kind()) != numericKind(want.Kind()) {
				judged = false
				return false
			}
			same = same || constant.Compare(tv.Value, token.EQL, want)
			have = append(have, fmt.Sprintf("%s (%s)", types.ExprString(ret.Results[0]), tv.Value.ExactString()))
			return false
		})
		if !judged || same || len(have) == 0 {
			continue
		}
		name := lastName(s.subject.Text)
		claim := Claim{Text: fmt.Sprintf("%s returns %s", name, prose[s.after+mm[2]:s.after+mm[3]]), Kind: KindReturnedConst, start: s.subject.start, end: s.after + mm[1]}
		results = append(results, Result{Claim: claim, Verdict: Contradicted, Reason: fmt.Sprintf("besides %s, %s returns %s only", otherName, name, strings.Join(have, ", "))})
	}
	return results
}
