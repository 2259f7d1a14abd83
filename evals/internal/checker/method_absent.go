package checker

import (
	"fmt"
	"go/types"
	"regexp"
	"strings"
)

// KindMethodAbsent is a claim that a type has no method of a name: "`UUID`
// has no `MarshalText` method".
const KindMethodAbsent = "method_absent"

// methodAbsentRe follows a type's name: it has no method of the name
// quoted next ("has no `M` method", "does not have a `M` method", "lacks
// an `M` method", "does not implement `M`", "defines no `M`").
var methodAbsentRe = regexp.MustCompile("^`?\\s+(?:has\\s+no|does\\s+not\\s+have\\s+(?:a|an|any)|doesn't\\s+have\\s+(?:a|an|any)|lacks\\s+(?:a|an)?|defines\\s+no|does\\s+not\\s+(?:implement|define|declare)|doesn't\\s+(?:implement|define|declare))\\s+(?:method\\s+)?`\\(?\\*?(?:[A-Za-z_]\\w*\\)?\\.)?([A-Za-z_]\\w*)(?:\\([^`]*\\)[^`]*)?`(?:\\s+method)?")

// checkMethodAbsent judges "`T` has no `M` method": contradicted when the
// module's one type named T has a method M, on its value or its pointer
// (promoted methods included).
func (c *Checker) checkMethodAbsent(prose string, claims []Claim, results []Result) []Result {
	for _, cl := range claims {
		if cl.Kind != KindIdentifier && cl.Kind != KindSelector || cl.Proposed || cl.end > len(prose) {
			continue
		}
		mm := methodAbsentRe.FindStringSubmatch(prose[cl.end:])
		if mm == nil {
			continue
		}
		if from, _ := clauseAround(prose, cl.start); modalRe.MatchString(outsideCode(prose[from : cl.end+len(mm[0])])) {
			continue // "`T` should not have ..."
		}
		tn := c.oneTypeNamed(cl.Text)
		if tn == nil {
			continue
		}
		obj, _, _ := types.LookupFieldOrMethod(types.NewPointer(tn.Type()), true, tn.Pkg(), mm[1])
		fn, ok := obj.(*types.Func)
		if !ok {
			continue
		}
		pos := c.m.Fset.Position(fn.Pos())
		name := lastName(cl.Text)
		claim := Claim{Text: fmt.Sprintf("%s has no method %s", name, mm[1]), Kind: KindMethodAbsent, start: cl.start, end: cl.end + len(mm[0])}
		results = append(results, Result{Claim: claim, Verdict: Contradicted, Reason: fmt.Sprintf("%s has the method %s, declared at %s:%d", name, mm[1], c.m.Rel(pos.Filename), pos.Line)})
	}
	return results
}

// oneTypeNamed returns the module's one type a name denotes ("UUID",
// "uuid.UUID", "*UUID"), or nil.
func (c *Checker) oneTypeNamed(name string) *types.TypeName {
	var found *types.TypeName
	for _, o := range c.objectsNamed(strings.TrimPrefix(normalizeSelector(name), "*")) {
		tn, ok := o.(*types.TypeName)
		if !ok || tn.IsAlias() {
			continue
		}
		if found != nil {
			return nil
		}
		found = tn
	}
	return found
}
