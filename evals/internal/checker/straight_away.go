package checker

import (
	"fmt"
	"go/ast"
	"regexp"
)

// KindStraightAway is a claim that a function does something first
// thing: "`Flush` calls `f.Flush()` straight away".
const KindStraightAway = "straight_away"

// straightAwayRe follows a quoted call: an adverb saying nothing comes
// before it.
var straightAwayRe = regexp.MustCompile(`(?i)^\s*,?\s*(?:straight\s+away|right\s+away|at\s+once|immediately|first\s+thing)\b(?:\s*$|[^\w\s]|\s+(?:without|and|so|with|before|then)\b)`)

// checkStraightAway judges "`F` calls `X` straight away" (right away, at
// once, immediately), unless a condition follows ("immediately when"):
// when X, as written, is in a statement of F's body outside any branch
// or loop, a statement of F's body that makes a call and is not
// deferred, written before it, contradicts it.
func (c *Checker) checkStraightAway(prose string, claims []Claim, results []Result) []Result {
	for _, cl := range claims {
		f, to, ok := c.sentenceSubject(prose, cl)
		if !ok {
			continue
		}
		for _, sp := range backtickRe.FindAllStringSubmatchIndex(prose[cl.end:to], -1) {
			if !straightAwayRe.MatchString(prose[cl.end+sp[1] : to]) {
				continue
			}
			text := collapseSpace(prose[cl.end+sp[2] : cl.end+sp[3]])
			places := c.placesOf(f, text)
			if len(places) == 0 {
				continue
			}
			var before ast.Stmt
			for _, st := range f.Decl.Body.List {
				if st.End() > places[0].pos {
					switch st.(type) {
					case *ast.IfStmt, *ast.ForStmt, *ast.RangeStmt, *ast.SwitchStmt, *ast.TypeSwitchStmt, *ast.SelectStmt, *ast.BlockStmt, *ast.LabeledStmt:
						// Done under a condition or in a loop: "straight
						// away" may be said of the branch.
						before = nil
					}
					break
				}
				if _, deferred := st.(*ast.DeferStmt); !deferred && before == nil && makesCall(st) {
					before = st
				}
			}
			if before == nil {
				continue
			}
			name := lastName(cl.Text)
			at := c.m.Fset.Position(before.Pos())
			claim := Claim{Text: fmt.Sprintf("%s runs %s first", name, text), Kind: KindStraightAway, start: cl.start, end: cl.end + sp[1]}
			results = append(results, Result{Claim: claim, Verdict: Contradicted, Reason: fmt.Sprintf("%s makes a call at %s:%d before %s", name, c.m.Rel(at.Filename), at.Line, text)})
		}
	}
	return results
}

// makesCall reports whether a statement calls anything, function
// literals aside.
func makesCall(st ast.Stmt) bool {
	found := false
	ast.Inspect(st, func(n ast.Node) bool {
		switch n.(type) {
		case *ast.FuncLit:
			return false
		case *ast.CallExpr:
			found = true
		}
		return !found
	})
	return found
}
