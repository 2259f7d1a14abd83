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

// takesOnlyRe follows "takes" with the whole parameter list said as
// typed names: "takes only `data []byte`", "takes only `s string` and
// `n int`".
var takesOnlyRe = regexp.MustCompile("^\\s+only\\s+((?:`[^`]+`(?:\\s*,\\s*|\\s*,?\\s+and\\s+)?)+)")

// checkParamsOnly judges "`F` takes only `s string`": contradicted when
// no function or interface method the subject names has exactly those
// parameter types. A generic function is left alone, and so is a list
// whose spans are not all typed names ("takes only `ctx`").
func (c *Checker) checkParamsOnly(prose string, claims []Claim, results []Result) []Result {
	for _, s := range c.verbSubjects(prose, claims, takesVerbRe) {
		mm := takesOnlyRe.FindStringSubmatchIndex(prose[s.after:])
		if mm == nil {
			continue
		}
		var said []string
		for _, sp := range spanNameAnyRe.FindAllStringSubmatch(prose[s.after+mm[2]:s.after+mm[3]], -1) {
			ts, ok := namedParams(sp[1])
			if !ok {
				said = nil
				break
			}
			said = append(said, ts...)
		}
		if len(said) == 0 {
			continue
		}
		var have []string
		held := false
		for _, sig := range c.subjectSignatures(s) {
			if sig.TypeParams().Len() > 0 || sig.RecvTypeParams().Len() > 0 {
				held = true
				break
			}
			var real []string
			for i := 0; i < sig.Params().Len(); i++ {
				real = append(real, types.TypeString(sig.Params().At(i).Type(), func(*types.Package) string { return "" }))
			}
			same := len(real) == len(said)
			for i := 0; same && i < len(real); i++ {
				same = bareType(real[i]) == bareType(said[i])
			}
			held = held || same
			have = append(have, "("+strings.Join(real, ", ")+")")
		}
		if held || len(have) == 0 {
			continue
		}
		claim := Claim{Text: s.subject.Text + " takes only " + strings.Join(said, ", "), Kind: KindParamType, start: s.subject.start, end: s.after + mm[1]}
		results = append(results, Result{Claim: claim, Verdict: Contradicted, Reason: fmt.Sprintf("%s takes %s", s.subject.Text, strings.Join(have, " or "))})
	}
	return results
}

// spanNameAnyRe is any code span, its text in the group.
var spanNameAnyRe = regexp.MustCompile("`([^`]+)`")

// subjectSignatures lists the signatures of what a subject names: its
// functions and methods, or else the interface methods of that name the
// module declares.
func (c *Checker) subjectSignatures(s saidOf) []*types.Signature {
	var out []*types.Signature
	for _, f := range s.funcs {
		if sig, ok := f.Obj.Type().(*types.Signature); ok {
			out = append(out, sig)
		}
	}
	if len(out) > 0 || len(s.funcs) > 0 {
		return out
	}
	name := normalizeSelector(s.subject.Text)
	if i := strings.Index(name, "("); i >= 0 {
		name = name[:i]
	}
	for _, o := range c.m.Objects[lastName(name)] {
		if fn, ok := o.(*types.Func); ok {
			if sig, ok := fn.Type().(*types.Signature); ok && sig.Recv() != nil {
				if _, iface := sig.Recv().Type().Underlying().(*types.Interface); iface {
					out = append(out, sig)
				}
			}
		}
	}
	return out
}
