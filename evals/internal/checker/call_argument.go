package checker

import (
	"fmt"
	"go/ast"
	"go/types"
	"regexp"
	"strings"

	"github.com/explainerr/explainerr/evals/internal/source"
)

// KindCallArgument is a claim about the argument a function gives one
// parameter of a call it makes: "calls `verifyIssuer` with `required` set
// to false".
const KindCallArgument = "call_argument"

// callArgumentRe is the call, the parameter and the value said of it.
var callArgumentRe = regexp.MustCompile("(?i)\\bcalls\\s+`([A-Za-z_][\\w.]*)(?:\\([^`]*\\))?`\\s+with\\s+(?:its\\s+|the\\s+)?`([A-Za-z_]\\w*)`\\s+(?:\\w+\\s+)?(?:set\\s+to|as|equal\\s+to|=)\\s+`?(true|false|nil|-?\\d+|\"[^\"`]*\")`?")

// passesArgumentRe is the parameter, the value said of it and the call,
// told the other way round: "passes a base of 1000 to `humanate`".
var passesArgumentRe = regexp.MustCompile("(?i)\\bpass(?:es|ing)?\\s+(?:a|an|the|its)\\s+`?([A-Za-z_]\\w*)`?\\s+of\\s+`?(true|false|nil|-?\\d+|\"[^\"`]*\")`?\\s+to\\s+`([A-Za-z_][\\w.]*)(?:\\([^`]*\\))?`")

// saidArguments lists, for each call argument the text states, the
// callee, the parameter and the value said of it, in both of the ways
// callArgumentRe and passesArgumentRe read.
func saidArguments(text string) [][3]string {
	var out [][3]string
	for _, m := range callArgumentRe.FindAllStringSubmatch(text, -1) {
		out = append(out, [3]string{m[1], m[2], m[3]})
	}
	for _, m := range passesArgumentRe.FindAllStringSubmatch(text, -1) {
		out = append(out, [3]string{m[3], m[1], m[2]})
	}
	return out
}

// checkCallArguments judges "`F` ... calls `G` with `p` set to V" (or
// "`F` passes a p of V to `G`"): when G is a module function with a
// parameter p and every call of G in F gives p a literal or a constant,
// V must be one of them.
func (c *Checker) checkCallArguments(prose string, claims []Claim, results []Result) []Result {
	for _, cl := range claims {
		f, to, ok := c.sentenceSubject(prose, cl)
		if !ok || f.Pkg == nil || f.Pkg.TypesInfo == nil {
			continue
		}
		for _, m := range saidArguments(prose[cl.end:to]) {
			callee, param, said := lastName(m[0]), m[1], m[2]
			var given []string
			judged := true
			ast.Inspect(f.Decl.Body, func(n ast.Node) bool {
				call, ok := n.(*ast.CallExpr)
				if !ok {
					return true
				}
				id := source.CalleeIdent(call)
				if id == nil || id.Name != callee {
					return true
				}
				fn, ok := f.Pkg.TypesInfo.Uses[id].(*types.Func)
				if !ok {
					return true
				}
				sig := fn.Type().(*types.Signature)
				idx := -1
				for i := 0; i < sig.Params().Len(); i++ {
					if sig.Params().At(i).Name() == param {
						idx = i
					}
				}
				if idx < 0 || idx >= len(call.Args) || sig.Variadic() && idx == sig.Params().Len()-1 {
					judged = false
					return true
				}
				arg := call.Args[idx]
				tv, known := f.Pkg.TypesInfo.Types[arg]
				if _, isLit := arg.(*ast.BasicLit); !isLit && (!known || tv.Value == nil) && types.ExprString(arg) != "nil" {
					judged = false
					return true
				}
				given = append(given, types.ExprString(arg))
				if known && tv.Value != nil {
					given = append(given, tv.Value.ExactString())
				}
				return true
			})
			if !judged || len(given) == 0 || containsFold(given, said) {
				continue
			}
			claim := Claim{Text: fmt.Sprintf("%s calls %s with %s = %s", lastName(cl.Text), callee, param, said), Kind: KindCallArgument, start: cl.start, end: to}
			results = append(results, Result{Claim: claim, Verdict: Contradicted, Reason: fmt.Sprintf("%s gives %s's %s %s", lastName(cl.Text), callee, param, strings.Join(given, " or "))})
		}
	}
	return results
}

// containsFold reports whether list holds s, case aside.
func containsFold(list []string, s string) bool {
	for _, v := range list {
		if strings.EqualFold(v, s) {
			return true
		}
	}
	return false
}
