package checker

import (
	"fmt"
	"go/ast"
	"go/types"
	"path"
	"regexp"
	"strings"
)

// KindRangedOver is a claim about the type of what a function's loop
// ranges over: "`init` ranges over a `[]*map[rune]string`".
const KindRangedOver = "ranged_over"

// rangesOverRe is a function said to range over a value of a quoted
// type, its file perhaps named between: "The `init` function in
// langs.go ranges over a `map[string]T`".
var rangesOverRe = regexp.MustCompile("`([A-Za-z_][\\w.]*)`\\s+(?:function\\s+|method\\s+)?(?:\\([^()`]*\\)\\s+|in\\s+([\\w./-]+\\.go)\\s+)?(?:(?:also|only|first|then)\\s+)?ranges\\s+over\\s+(?:an?|the)\\s+`([^`]+)`")

// checkRangedOver judges the type a sentence says a function's range
// loop goes over: contradicted when the function (in the file named, if
// one is) has range loops and none of them ranges over a value of that
// type, as its package writes it.
func (c *Checker) checkRangedOver(prose string, _ []Claim, results []Result) []Result {
	for _, m := range rangesOverRe.FindAllStringSubmatchIndex(prose, -1) {
		name, want := prose[m[2]:m[3]], squeeze(prose[m[6]:m[7]])
		file := ""
		if m[4] >= 0 {
			file = prose[m[4]:m[5]]
		}
		var have []string
		held := false
		for _, f := range c.subjectFuncs(name) {
			if f.Decl == nil || f.Decl.Body == nil || f.Pkg.TypesInfo == nil || file != "" && path.Base(f.File) != path.Base(file) {
				continue
			}
			ast.Inspect(f.Decl.Body, func(n ast.Node) bool {
				rs, ok := n.(*ast.RangeStmt)
				if !ok {
					return true
				}
				t := f.Pkg.TypesInfo.TypeOf(rs.X)
				if t == nil {
					held = true // not typed: nothing to compare
					return true
				}
				s := types.TypeString(t, func(p *types.Package) string {
					if p == f.Pkg.Types {
						return ""
					}
					return p.Name()
				})
				held = held || squeeze(s) == want
				have = append(have, s)
				return true
			})
		}
		if held || len(have) == 0 {
			continue
		}
		claim := Claim{Text: fmt.Sprintf("%s ranges over a %s", name, want), Kind: KindRangedOver, start: m[0], end: m[1]}
		results = append(results, Result{Claim: claim, Verdict: Contradicted, Reason: fmt.Sprintf("%s ranges over %s", name, strings.Join(have, ", "))})
	}
	return results
}
