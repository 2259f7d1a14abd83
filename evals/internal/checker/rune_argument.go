package checker

import (
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"sort"
	"strings"

	"github.com/explainerr/explainerr/evals/internal/source"
)

// checkRuneArguments judges each call the prose writes with a rune
// literal for an argument (`s.Flag('#')`) in a sentence whose subject is
// a module function (a use clause's, before the call): when the subject
// and what it reaches call a function or method of that name with rune
// literals in that position, and never with this one, the call is not
// the subject's. A call made nowhere there with a rune is left to the
// other checks.
func (c *Checker) checkRuneArguments(prose string, claims []Claim, results []Result) []Result {
	var ucs []useClause
	for i, r := range results {
		if r.Kind != KindCall || r.Verdict != Verified || !strings.Contains(r.Text, "'") {
			continue
		}
		e, err := parser.ParseExpr(r.Text)
		call, ok := e.(*ast.CallExpr)
		if err != nil || !ok || calleeName(call.Fun) == "" {
			continue
		}
		if ucs == nil {
			ucs = c.useClauses(prose, claims)
		}
		var subject *useClause
		for j := range ucs {
			if uc := &ucs[j]; uc.subject.end <= r.start && !strings.Contains(prose[uc.subject.end:r.start], ". ") {
				subject = uc
			}
		}
		if subject == nil {
			continue
		}
		for pos, a := range call.Args {
			lit, ok := a.(*ast.BasicLit)
			if !ok || lit.Kind != token.CHAR {
				continue
			}
			have := runesPassed(c.reach(subject.funcs).funcs, call, pos)
			if len(have) > 0 && !have[lit.Value] {
				results[i].Verdict = Contradicted
				results[i].Reason = fmt.Sprintf("%s and the functions it reaches call %s with %s as argument %d, never %s", lastName(subject.subject.Text), calleeName(call.Fun), strings.Join(sortedSet(have), ", "), pos+1, lit.Value)
				break
			}
		}
	}
	return results
}

// runesPassed returns the rune literals funcs pass as argument pos to the
// calls like call: of its function's name, with the same names where call
// passes a name. A call given other names is another call.
func runesPassed(funcs []*source.Func, call *ast.CallExpr, pos int) map[string]bool {
	name := calleeName(call.Fun)
	have := map[string]bool{}
	for _, f := range funcs {
		if f.Decl == nil || f.Decl.Body == nil {
			continue
		}
		ast.Inspect(f.Decl.Body, func(n ast.Node) bool {
			got, ok := n.(*ast.CallExpr)
			if !ok || calleeName(got.Fun) != name || len(got.Args) != len(call.Args) || !sameNamedArgs(call, got) {
				return true
			}
			if lit, ok := got.Args[pos].(*ast.BasicLit); ok && lit.Kind == token.CHAR {
				have[lit.Value] = true
			}
			return true
		})
	}
	return have
}

// sameNamedArgs reports whether got passes the same name as want
// wherever want passes a name.
func sameNamedArgs(want, got *ast.CallExpr) bool {
	for i, a := range want.Args {
		if id, ok := a.(*ast.Ident); ok {
			if g, ok := got.Args[i].(*ast.Ident); !ok || g.Name != id.Name {
				return false
			}
		}
	}
	return true
}

// sortedSet returns the members of set in order.
func sortedSet(set map[string]bool) []string {
	out := make([]string, 0, len(set))
	for k := range set {
		out = append(out, k)
	}
	sort.Strings(out)
	return out
}
