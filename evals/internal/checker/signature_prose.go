package checker

import (
	"fmt"
	"go/types"
	"regexp"
	"strings"

	"github.com/explainerr/explainerr/evals/internal/source"
)

// A sentence that gives a function's signature in words ("`ThenFunc`
// takes an `http.HandlerFunc` and returns an `http.Handler`", "`New`
// takes no parameters") states its declared types: unlike "returns a
// `*NotFoundError`" alone, which may be the value an interface result
// holds, a parameter type beside it makes it the signature.

// takesReturnsRe follows a function's name (and its citation) said to
// take a parameter of one type and return another.
var takesReturnsRe = regexp.MustCompile("^`?\\s*(?:\\([^)]*\\)\\s*)?,?\\s*takes\\s+(?:an?|the|one)\\s+`([^`]+)`\\s+and\\s+returns\\s+(?:an?|the|one)\\s+`([^`]+)`")

// takesNothingRe follows a function's name said to take no parameters.
var takesNothingRe = regexp.MustCompile("^`?\\s*(?:\\([^)]*\\)\\s*)?,?\\s*takes\\s+no\\s+(?:parameters|arguments)\\b")

// returnsNothingRe follows a function's name (its parameters said in
// words between) said to return nothing: "`F` returns nothing", "Render,
// which takes an http.ResponseWriter and returns nothing".
var returnsNothingRe = regexp.MustCompile("^`?\\s*(?:\\([^)]*\\)\\s*)?,?\\s*(?:which\\s+|that\\s+)?(?:takes\\s+(?:[^.;`]|\\.\\w)*?\\s+and\\s+)?returns\\s+(?:nothing|no\\s+values?|no\\s+results?)\\b")

// checkSignatureProse judges each clause that gives a module function's
// parameter and result types, or says it takes none: contradicted when
// no declaration of that name has them.
func (c *Checker) checkSignatureProse(prose string, claims []Claim, results []Result) []Result {
	done := map[int]bool{}
	for _, cl := range claims {
		if !lineable(cl) || cl.Kind == KindSignature || done[cl.start] {
			continue
		}
		rest := prose[cl.end:]
		funcs := c.subjectFuncs(cl.Text)
		if len(funcs) == 0 {
			continue
		}
		if mm := takesReturnsRe.FindStringSubmatchIndex(rest); mm != nil {
			done[cl.start] = true
			param, result := rest[mm[2]:mm[3]], rest[mm[4]:mm[5]]
			if have, wrong := signatureOtherThan(funcs, param, result); wrong {
				claim := Claim{Text: lastName(cl.Text) + " takes " + param + " and returns " + result, Kind: KindResult, start: cl.start, end: cl.end + mm[1]}
				results = append(results, Result{Claim: claim, Verdict: Contradicted, Reason: fmt.Sprintf("%s is declared %s", lastName(cl.Text), have)})
			}
			continue
		}
		if mm := returnsNothingRe.FindStringIndex(rest); mm != nil {
			done[cl.start] = true
			var results0 []string
			for _, f := range funcs {
				if f.Decl == nil || f.Decl.Type.Results == nil || len(f.Decl.Type.Results.List) == 0 {
					results0 = nil
					break
				}
				results0 = append(results0, f.QualifiedName())
			}
			if len(results0) > 0 {
				claim := Claim{Text: lastName(cl.Text) + " returns nothing", Kind: KindResult, start: cl.start, end: cl.end + mm[1]}
				results = append(results, Result{Claim: claim, Verdict: Contradicted, Reason: fmt.Sprintf("%s declares results", strings.Join(results0, ", "))})
			}
			continue
		}
		if mm := takesNothingRe.FindStringIndex(rest); mm != nil {
			done[cl.start] = true
			if have, wrong := signatureOtherThan(funcs, "", ""); wrong {
				claim := Claim{Text: lastName(cl.Text) + " takes no parameters", Kind: KindResult, start: cl.start, end: cl.end + mm[1]}
				results = append(results, Result{Claim: claim, Verdict: Contradicted, Reason: fmt.Sprintf("%s is declared %s", lastName(cl.Text), have)})
			}
		}
	}
	return results
}

// signatureOtherThan reports whether no function of funcs has a
// parameter of type param and a result of type result (none at all, for
// ""), and gives the first one's signature.
func signatureOtherThan(funcs []*source.Func, param, result string) (string, bool) {
	var have string
	for _, f := range funcs {
		if f.Obj == nil {
			return "", false
		}
		sig, ok := f.Obj.Type().(*types.Signature)
		if !ok {
			return "", false
		}
		if have == "" {
			have = strings.TrimPrefix(types.TypeString(sig, source.Qualifier), "func")
		}
		if param == "" {
			if sig.Params().Len() == 0 {
				return "", false
			}
			continue
		}
		if tupleHas(sig.Params(), param) && tupleHas(sig.Results(), result) {
			return "", false
		}
	}
	return have, have != ""
}

// tupleHas reports whether a parameter or result of t has the type
// written (package qualifiers aside; a variadic parameter's element type
// counts too).
func tupleHas(t *types.Tuple, written string) bool {
	for i := 0; i < t.Len(); i++ {
		typ := t.At(i).Type()
		if sameTypeText(normalType(types.TypeString(typ, source.Qualifier)), normalType(written)) {
			return true
		}
		if s, ok := typ.(*types.Slice); ok && sameTypeText(normalType(types.TypeString(s.Elem(), source.Qualifier)), normalType(written)) {
			return true
		}
	}
	return false
}
