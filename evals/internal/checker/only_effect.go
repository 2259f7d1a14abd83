package checker

import (
	"fmt"
	"go/ast"
	"go/types"
	"regexp"
	"strings"

	"github.com/explainerr/explainerr/evals/internal/source"
)

// KindOnlyEffect is a claim that a method does one thing only: "`Pool.Reset`
// only resets the wrapped pool through `inner.Reset`".
const KindOnlyEffect = "only_effect"

var (
	// onlyVerbRe is a verb said to be all a function does: "only resets".
	onlyVerbRe = regexp.MustCompile(`(?i)\bonly\s+[a-z]+s\b`)
	// onlyWhenRe is a condition after "only resets …", which "only"
	// may restrict rather than what is done.
	onlyWhenRe = regexp.MustCompile(`(?i)\b(?:when|whenever|if|unless|once|while|after|before|until)\b`)
	// gerundSubjectRe opens a sentence whose subject is a method of the
	// value a function makes: "Resetting a policy made by `Wrap`".
	gerundSubjectRe = regexp.MustCompile("(?i)^\\s*([a-z]+ing)\\s+(?:a|an|the)\\s+(?:[a-z]+\\s+){1,2}(?:made|returned|created|built)\\s+by\\s+`?$")
)

// checkOnlyEffects judges "`M` only resets the wrapped pool through
// `inner.Reset`" (or "Resetting a pool made by `New` only …", M the
// method of that name of the type New returns): contradicted when M calls
// what the clause names but also writes a field the sentence does not
// name (`p.count = 0`).
func (c *Checker) checkOnlyEffects(prose string, claims []Claim, results []Result) []Result {
	for _, s := range c.onlySubjects(prose, claims) {
		_, to := clauseAround(prose, s.after)
		if onlyWhenRe.MatchString(outsideCode(prose[s.after:to])) {
			continue // "only … when …": the condition is what is restricted
		}
		named := ""
		for _, cl := range claims {
			if cl.start >= s.after && cl.end <= to && (cl.Kind == KindSelector || cl.Kind == KindCall) {
				named = lastName(cl.Text)
				break
			}
		}
		if named == "" || len(s.funcs) != 1 || s.funcs[0].Decl == nil || s.funcs[0].Decl.Body == nil {
			continue
		}
		f := s.funcs[0]
		from, end := sentenceAround(prose, s.subject.start)
		calls, writes := false, ""
		ast.Inspect(f.Decl.Body, func(n ast.Node) bool {
			switch n := n.(type) {
			case *ast.CallExpr:
				if id := source.CalleeIdent(n); id != nil && id.Name == named {
					calls = true
				}
			case *ast.AssignStmt:
				for i, l := range n.Lhs {
					if sel, ok := ast.Unparen(l).(*ast.SelectorExpr); ok && writes == "" && !containsIdent(prose[from:end], sel.Sel.Name) {
						writes = types.ExprString(l) + " " + n.Tok.String()
						if len(n.Rhs) == len(n.Lhs) {
							writes += " " + types.ExprString(n.Rhs[i])
						}
					}
				}
			case *ast.IncDecStmt:
				if sel, ok := ast.Unparen(n.X).(*ast.SelectorExpr); ok && writes == "" && !containsIdent(prose[from:end], sel.Sel.Name) {
					writes = types.ExprString(n.X) + n.Tok.String()
				}
			}
			return true
		})
		if !calls || writes == "" {
			continue
		}
		claim := Claim{Text: fmt.Sprintf("%s only calls %s", f.QualifiedName(), named), Kind: KindOnlyEffect, start: s.subject.start, end: to}
		results = append(results, Result{Claim: claim, Verdict: Contradicted, Reason: fmt.Sprintf("%s also does %s", f.QualifiedName(), writes)})
	}
	return results
}

// onlySubjects finds the functions said to do one thing only: a function
// named before "only resets", or the method a gerund opening the sentence
// names, of the type the function after "made by" returns.
func (c *Checker) onlySubjects(prose string, claims []Claim) []saidOf {
	out := c.verbSubjects(prose, claims, onlyVerbRe)
	for _, cl := range claims {
		from, to := sentenceAround(prose, cl.start)
		mm := gerundSubjectRe.FindStringSubmatch(prose[from:cl.start])
		if mm == nil {
			continue
		}
		loc := onlyVerbRe.FindStringIndex(prose[cl.end:to])
		if loc == nil {
			continue
		}
		if m := c.madeMethod(cl.Text, strings.ToLower(mm[1])); m != nil {
			out = append(out, saidOf{subject: cl, funcs: []*source.Func{m}, after: cl.end + loc[1]})
		}
	}
	return out
}

// madeMethod returns the method a gerund names ("resetting": Reset) of
// the one type the module function maker returns values of as composite
// literals (`&tries{…}`), or nil.
func (c *Checker) madeMethod(maker, gerund string) *source.Func {
	makers := c.subjectFuncs(maker)
	if len(makers) != 1 || makers[0].Decl == nil || makers[0].Decl.Body == nil || makers[0].Pkg.TypesInfo == nil {
		return nil
	}
	info := makers[0].Pkg.TypesInfo
	made := map[string]bool{}
	ast.Inspect(makers[0].Decl.Body, func(n ast.Node) bool {
		ret, ok := n.(*ast.ReturnStmt)
		if !ok {
			return true
		}
		for _, r := range ret.Results {
			if u, ok := ast.Unparen(r).(*ast.UnaryExpr); ok {
				r = u.X
			}
			if lit, ok := ast.Unparen(r).(*ast.CompositeLit); ok {
				if named, ok := info.TypeOf(lit).(*types.Named); ok {
					made[named.Obj().Name()] = true
				}
			}
		}
		return true
	})
	if len(made) != 1 {
		return nil
	}
	var found *source.Func
	for stem := range verbStems(gerund) {
		for _, f := range c.m.FuncsNamed(strings.ToUpper(stem[:1]) + stem[1:]) {
			if made[f.Recv] {
				found = f
			}
		}
	}
	return found
}
