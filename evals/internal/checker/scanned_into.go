package checker

import (
	"fmt"
	"go/ast"
	"go/types"
	"regexp"
	"strings"
)

// KindScannedInto is a claim about the type of the variable a quoted call
// writes into: "reads it with `fmt.Sscan(s, &n)` into an `int64`".
const KindScannedInto = "scanned_into"

// intoTypeRe follows a quoted call: the type of what it fills, "into a
// `*big.Float`".
var intoTypeRe = regexp.MustCompile("^`\\s+into\\s+an?\\s+`([^`]+)`")

// checkScannedInto judges "`F` … `g(…, v)` into a `T`": when F makes that
// call, as quoted, and its last argument, a variable or its address, is
// of another type than T in every such call (a pointer and the type it
// points to count as one), the claim is contradicted.
func (c *Checker) checkScannedInto(prose string, claims []Claim, results []Result) []Result {
	for _, cl := range claims {
		f, to, ok := c.sentenceSubject(prose, cl)
		if !ok || f.Pkg == nil || f.Pkg.TypesInfo == nil || f.Decl == nil || f.Decl.Body == nil {
			continue
		}
		for _, loc := range backtickRe.FindAllStringSubmatchIndex(prose[cl.end:to], -1) {
			m := intoTypeRe.FindStringSubmatch(prose[cl.end+loc[1]-1 : to])
			if m == nil || !c.namesType(m[1]) {
				continue
			}
			q, ok := parseCallSpan(prose[cl.end+loc[2] : cl.end+loc[3]])
			if !ok || len(q.Args) == 0 {
				continue
			}
			want := tightSpace(types.ExprString(q))
			said := strings.Join(strings.Fields(m[1]), "")
			var have []string
			ast.Inspect(f.Decl.Body, func(n ast.Node) bool {
				call, ok := n.(*ast.CallExpr)
				if !ok || tightSpace(types.ExprString(call)) != want {
					return true
				}
				last := call.Args[len(call.Args)-1]
				if u, ok := last.(*ast.UnaryExpr); ok {
					last = u.X
				}
				if _, ok := last.(*ast.Ident); !ok {
					return true
				}
				if tv, ok := f.Pkg.TypesInfo.Types[last]; ok {
					have = append(have, types.TypeString(tv.Type, func(p *types.Package) string {
						if p == f.Pkg.Types {
							return ""
						}
						return p.Name()
					}))
				}
				return true
			})
			if len(have) == 0 || containsFold(have, said) || containsFold(have, "*"+said) || containsFold(have, strings.TrimPrefix(said, "*")) {
				continue
			}
			claim := Claim{Text: fmt.Sprintf("%s into a %s", prose[cl.end+loc[2]:cl.end+loc[3]], m[1]), Kind: KindScannedInto, start: cl.end + loc[0], end: cl.end + loc[1] + len(m[0]) - 1}
			results = append(results, Result{Claim: claim, Verdict: Contradicted, Reason: fmt.Sprintf("%s writes into a %s", lastName(cl.Text), strings.Join(have, " or "))})
		}
	}
	return results
}
