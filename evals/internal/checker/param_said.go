package checker

import (
	"fmt"
	"go/types"
	"regexp"
	"strings"
)

// KindParamType is a claim about the type a function takes a value as,
// written in prose: "`Limit` takes its bound as an `int`".
const KindParamType = "param_type"

// takesVerbRe is the verb of a clause that says what a function takes.
var takesVerbRe = regexp.MustCompile(`(?i)\btakes\b`)

// takesAsRe follows "takes" with what is taken and the type it is taken
// as: " its limit as an `int`", " the field's tag as a `string`".
var takesAsRe = regexp.MustCompile("^\\s+(?:its|the|a|an|one)\\s+(?:[a-z]+(?:'s)?\\s+){1,3}?as\\s+an?\\s+`([^`]+)`")

// checkParamSaid judges "`F` takes its limit as an `int`": contradicted
// when no parameter of any function the subject names has that type, as
// written or as its underlying type, package qualifiers aside. A
// function with a type parameter is left alone.
func (c *Checker) checkParamSaid(prose string, claims []Claim, results []Result) []Result {
	for _, s := range c.verbSubjects(prose, claims, takesVerbRe) {
		mm := takesAsRe.FindStringSubmatchIndex(prose[s.after:])
		if mm == nil || len(s.funcs) == 0 {
			continue
		}
		said := bareType(strings.TrimSpace(prose[s.after+mm[2] : s.after+mm[3]]))
		var have []string
		held := false
		for _, f := range s.funcs {
			sig, ok := f.Obj.Type().(*types.Signature)
			if !ok || sig.TypeParams().Len() > 0 || sig.RecvTypeParams().Len() > 0 {
				held = true
				break
			}
			for i := 0; i < sig.Params().Len(); i++ {
				t := sig.Params().At(i).Type()
				written := types.TypeString(t, func(*types.Package) string { return "" })
				under := types.TypeString(t.Underlying(), func(*types.Package) string { return "" })
				if sig.Variadic() && i == sig.Params().Len()-1 {
					written = "..." + strings.TrimPrefix(written, "[]")
				}
				held = held || bareType(written) == said || bareType(under) == said
				have = append(have, written)
			}
		}
		if held || len(have) == 0 {
			continue
		}
		end := s.after + mm[1]
		claim := Claim{Text: s.subject.Text + " takes a " + said, Kind: KindParamType, start: s.subject.start, end: end}
		results = append(results, Result{Claim: claim, Verdict: Contradicted, Reason: fmt.Sprintf("%s takes no %s: its parameters are %s", s.subject.Text, said, strings.Join(have, ", "))})
	}
	return results
}
