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
	ifaceVerbRe = regexp.MustCompile("(?i)\\b(?:adds|declares|requires|defines|lists|has\\s+(?:the\\s+)?methods|with\\s+(?:the\\s+)?methods)\\s+((?:`[A-Za-z_]\\w*(?:\\(\\))?`(?:\\s*,\\s*(?:and\\s+)?|\\s+and\\s+)?)+)")
	listNameRe  = regexp.MustCompile("`([A-Za-z_]\\w*)(?:\\(\\))?`")
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
			if _, ok := obj.(*types.Func); ok {
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
