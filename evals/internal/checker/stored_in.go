package checker

import (
	"fmt"
	"go/ast"
	"go/token"
	"go/types"
	"regexp"
	"slices"
	"strings"

	"github.com/explainerr/explainerr/internal/astutil"
)

// KindStoredIn is a claim about the field or variable a function assigns
// a value to: "`Fire` stores `s` in `b.level`".
const KindStoredIn = "stored_in"

// storedInRe says a value, in code, is stored in a selector, in code:
// "stores `ms` in `m.ms`", "puts `p` into `b.last`".
var storedInRe = regexp.MustCompile("(?i)\\b(?:stores|saves|puts|keeps|records|assigns)\\s+`([A-Za-z_][\\w.]*)`\\s+(?:in|into|to)\\s+`([A-Za-z_]\\w*(?:\\.[A-Za-z_]\\w*)+)`")

// checkStoredIn judges "`F` stores `x` in `a.f`" of the one function the
// sentence is about (its subject, or the one it places itself in: "In
// `F`, … stores"): contradicted when F assigns x, as it is, to other
// targets only, and nothing it assigns to a.f mentions x. A value F never
// assigns as it is (a conversion, a call) is not judged.
func (c *Checker) checkStoredIn(prose string, claims []Claim, results []Result) []Result {
	for _, m := range storedInRe.FindAllStringSubmatchIndex(prose, -1) {
		if inCode(m[0], claims) {
			continue
		}
		f := c.sentenceFunc(prose, claims, m[0])
		if f == nil {
			continue
		}
		value, target := prose[m[2]:m[3]], prose[m[4]:m[5]]
		var others []string
		held := false
		ast.Inspect(f.Body, func(n ast.Node) bool {
			if _, lit := n.(*ast.FuncLit); lit {
				return false
			}
			as, ok := n.(*ast.AssignStmt)
			if !ok || as.Tok != token.ASSIGN || len(as.Lhs) != len(as.Rhs) {
				return true
			}
			for i, lhs := range as.Lhs {
				to := tightSpace(types.ExprString(lhs))
				if sameTarget(to, target) && astutil.Mentions(as.Rhs[i], lastName(value)) {
					held = true
				}
				if tightSpace(types.ExprString(as.Rhs[i])) == tightSpace(value) {
					others = append(others, to)
				}
			}
			return true
		})
		if held || len(others) == 0 {
			continue
		}
		claim := Claim{Text: fmt.Sprintf("%s stores %s in %s", f.Name.Name, value, target), Kind: KindStoredIn, start: m[0], end: m[1]}
		results = append(results, Result{Claim: claim, Verdict: Contradicted, Reason: fmt.Sprintf("%s assigns %s to %s, not to %s", f.Name.Name, value, strings.Join(slices.Compact(others), ", "), target)})
	}
	return results
}

// sameTarget reports whether two selectors name the same field, the
// receiver's or a variable's name aside ("m.ms" and "e.ms").
func sameTarget(a, b string) bool {
	_, fa, _ := strings.Cut(a, ".")
	_, fb, _ := strings.Cut(b, ".")
	return a == b || fa != "" && fa == fb
}

// sentenceFunc returns the declaration of the one module function the
// sentence around at is about: its code subject ("`F` stores …") or the
// function it places itself in ("In `F`, …"), named before at; nil when
// there is none, or more than one function of that name.
func (c *Checker) sentenceFunc(prose string, claims []Claim, at int) *ast.FuncDecl {
	from, _ := sentenceAround(prose, at)
	for _, cl := range claims {
		if cl.start < from || cl.end > at || !lineable(cl) || cl.Kind == KindSignature || cl.Proposed {
			continue
		}
		if lead := prose[from:cl.start]; !subjectLeadRe.MatchString(lead) && !inFuncLeadRe.MatchString(lead) {
			continue
		}
		funcs := c.subjectFuncs(cl.Text)
		if len(funcs) != 1 || funcs[0].Decl == nil || funcs[0].Decl.Body == nil {
			return nil
		}
		return funcs[0].Decl
	}
	return nil
}
