package checker

import (
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"go/types"
	"regexp"
	"strings"
)

// KindAddsTo is a claim about what a function adds to a field or
// variable: "`Write` adds `len(b)` to `rw.size`".
const KindAddsTo = "adds_to"

var (
	addsVerbRe = regexp.MustCompile(`(?i)\badds\b`)
	// addsToRe follows "adds": the value, then the name added to.
	addsToRe = regexp.MustCompile("^\\s+`([^`]+)`\\s+to\\s+`([A-Za-z_][\\w.]*)`")
)

// checkAddsTo judges "`F` adds `E` to `x`": every "x += v" and "x = x +
// v" of F and the module functions it reaches (x matched by its last
// name) is read; when there are some, and none adds E as written, the
// sentence is contradicted. Any other write of x (x++, x -= v) leaves it
// unjudged.
func (c *Checker) checkAddsTo(prose string, claims []Claim, results []Result) []Result {
	for _, s := range c.verbSubjects(prose, claims, addsVerbRe) {
		mm := addsToRe.FindStringSubmatch(prose[s.after:])
		if mm == nil || len(s.funcs) == 0 {
			continue
		}
		if from, to := sentenceAround(prose, s.subject.start); modalRe.MatchString(outsideCode(prose[from:to])) {
			continue
		}
		e, err := parser.ParseExpr(mm[1])
		if err != nil {
			continue
		}
		said, target := types.ExprString(e), lastName(mm[2])
		var added []string
		known := true
		for _, f := range c.reach(s.funcs).funcs {
			if f.Decl == nil || f.Decl.Body == nil {
				continue
			}
			ast.Inspect(f.Decl.Body, func(n ast.Node) bool {
				switch n := n.(type) {
				case *ast.AssignStmt:
					for i, l := range n.Lhs {
						if assignedName(l) != target {
							continue
						}
						switch {
						case n.Tok == token.ADD_ASSIGN && len(n.Rhs) == 1:
							added = append(added, types.ExprString(n.Rhs[0]))
						case n.Tok == token.ASSIGN && len(n.Rhs) == len(n.Lhs):
							if be, ok := n.Rhs[i].(*ast.BinaryExpr); ok && be.Op == token.ADD && types.ExprString(be.X) == types.ExprString(l) {
								added = append(added, types.ExprString(be.Y))
							}
						case n.Tok != token.ASSIGN && n.Tok != token.DEFINE:
							known = false
						}
					}
				case *ast.IncDecStmt:
					if assignedName(n.X) == target {
						known = false
					}
				}
				return true
			})
		}
		if !known || len(added) == 0 {
			continue
		}
		found := false
		for _, a := range added {
			found = found || a == said || strings.Contains(a, said)
		}
		if found {
			continue
		}
		name := lastName(s.subject.Text)
		claim := Claim{Text: fmt.Sprintf("%s adds %s to %s", name, said, target), Kind: KindAddsTo, start: s.subject.start, end: s.after + len(mm[0])}
		results = append(results, Result{Claim: claim, Verdict: Contradicted, Reason: fmt.Sprintf("%s and the functions it reaches add %s to %s", name, strings.Join(added, ", "), target)})
	}
	return results
}
