package checker

import (
	"fmt"
	"go/types"
	"regexp"
	"strings"
)

// KindInterfaceMethods is a claim about the methods an interface lists:
// "the `ResponseWriter` interface adds `Status`, `Size` and `Before`".
const KindInterfaceMethods = "interface_methods"

var (
	// ifaceLeadRe is what may open a sentence about an interface.
	ifaceLeadRe = regexp.MustCompile(`(?i)^\s*(?:the\s+)?(?:interface\s+)?$`)
	// ifaceVerbRe is the verb that lists its methods, then the list.
	ifaceVerbRe = regexp.MustCompile("(?i)\\b(?:adds|declares|requires|defines|lists|has\\s+(?:the\\s+)?(?:(?:one|two|three|four|five|\\d+)\\s+)?methods:?,?|with\\s+(?:the\\s+)?methods)\\s+((?:`[A-Za-z_]\\w*(?:\\([^`()]*\\)(?:\\s*[^`]+)?)?`(?:\\s*,\\s*(?:and\\s+)?|\\s+and\\s+)?)+)")
	// listNameRe is one method of the list: its name, and its
	// signature's parameters and results when written.
	listNameRe = regexp.MustCompile("`([A-Za-z_]\\w*)(?:\\(([^`()]*)\\)\\s*([^`]*))?`")
)

// checkInterfaceMethods judges a sentence that opens with a module
// interface and lists, after "adds", "declares", "requires", "defines"
// or "has methods", the methods it has: each one listed must be a method
// of the interface (its own or an embedded interface's).
func (c *Checker) checkInterfaceMethods(prose string, claims []Claim, results []Result) []Result {
	for _, cl := range claims {
		if cl.Kind != KindIdentifier || cl.fromExpr || cl.InCode {
			continue
		}
		from, to := sentenceAround(prose, cl.start)
		if !ifaceLeadRe.MatchString(strings.ReplaceAll(prose[from:cl.start], "`", "")) {
			continue
		}
		iface := c.moduleInterface(cl.Text)
		if iface == nil {
			continue
		}
		loc := ifaceVerbRe.FindStringSubmatchIndex(prose[cl.end:to])
		if loc == nil {
			continue
		}
		list := prose[cl.end+loc[2] : cl.end+loc[3]]
		for _, mm := range listNameRe.FindAllStringSubmatch(list, -1) {
			obj, _, _ := types.LookupFieldOrMethod(iface, false, nil, mm[1])
			if fn, ok := obj.(*types.Func); ok {
				if have, differs := resultsDiffer(fn, strings.TrimSpace(mm[3])); differs {
					claim := Claim{Text: cl.Text + " has " + mm[0], Kind: KindInterfaceMethods, start: cl.start, end: cl.end + loc[1]}
					results = append(results, Result{Claim: claim, Verdict: Contradicted, Reason: fmt.Sprintf("%s of %s returns %s, not %s", mm[1], cl.Text, have, strings.TrimSpace(mm[3]))})
				}
				continue
			}
			claim := Claim{Text: cl.Text + " has " + mm[1], Kind: KindInterfaceMethods, start: cl.start, end: cl.end + loc[1]}
			results = append(results, Result{Claim: claim, Verdict: Contradicted, Reason: fmt.Sprintf("the interface %s has no method %s", cl.Text, mm[1])})
		}
	}
	return results
}

// moduleInterface returns the one interface type of the module called
// name, or nil.
func (c *Checker) moduleInterface(name string) types.Type {
	tns := c.m.TypeNamed(name)
	if len(tns) != 1 {
		return nil
	}
	if _, ok := tns[0].Type().Underlying().(*types.Interface); !ok {
		return nil
	}
	return tns[0].Type()
}

// resultsDiffer reports whether the results a sentence writes for the
// method fn ("string", "(int, error)", "url.Values") are not its own, as
// Go writes them with package names; no results written is no claim.
func resultsDiffer(fn *types.Func, said string) (string, bool) {
	if said == "" {
		return "", false
	}
	res := fn.Type().(*types.Signature).Results()
	qual := func(p *types.Package) string { return p.Name() }
	var parts []string
	for i := 0; i < res.Len(); i++ {
		parts = append(parts, types.TypeString(res.At(i).Type(), qual))
	}
	have := strings.Join(parts, ", ")
	if res.Len() > 1 {
		have = "(" + have + ")"
	}
	norm := func(s string) string {
		s = strings.NewReplacer("interface {}", "any", "interface{}", "any", ",", ", ").Replace(s)
		return strings.Join(strings.Fields(s), " ")
	}
	if norm(have) == norm(said) || res.Len() == 1 && norm("("+have+")") == norm(said) {
		return "", false
	}
	return have, true
}
