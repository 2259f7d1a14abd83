package checker

import (
	"fmt"
	"go/ast"
	"go/parser"
	"go/types"
	"regexp"
	"strconv"
	"strings"
)

// KindInterfaceMethods is a claim about the methods an interface lists:
// "the `ResponseWriter` interface adds `Status`, `Size` and `Before`".
const KindInterfaceMethods = "interface_methods"

var (
	// ifaceLeadRe is what may open a sentence about an interface.
	ifaceLeadRe = regexp.MustCompile(`(?i)^\s*(?:the\s+)?(?:(?:unexported|exported|public|private|internal|package-level|small|optional)\s+)?(?:interface\s+)?$`)
	// ifaceVerbRe is the verb that lists its methods, then the list.
	// The count of methods, when written, is its second group.
	ifaceVerbRe = regexp.MustCompile("(?i)\\b(?:(?:adds|declares|requires|defines|lists|has)(?:\\s+(?:the\\s+)?(?:(one|two|three|four|five|six|\\d+|a\\s+single|single)\\s+)?methods?:?,?)?|with\\s+(?:the\\s+)?methods)\\s+((?:`[A-Za-z_]\\w*(?:\\([^`()]*\\)(?:\\s*[^`]+)?)?`(?:\\s*,\\s*(?:and\\s+)?|\\s+and\\s+)?)+)")
	// listNameRe is one method of the list: its name, and its
	// signature's parameters and results when written.
	listNameRe = regexp.MustCompile("`([A-Za-z_]\\w*)(?:\\(([^`()]*)\\)\\s*([^`]*))?`")
)

// nextSubjectRe is the last code span of a list of methods, and
// verbAfterRe the verb after the list that makes that span the subject
// of another clause ("…, and `httpFlushError` declares …").
var (
	nextSubjectRe = regexp.MustCompile("(?:,\\s*|\\s+)(?:and\\s+)?`[A-Za-z_]\\w*`\\s*$")
	verbAfterRe   = regexp.MustCompile(`^\s*(?:declares|adds|defines|requires|lists|has|is|embeds|takes|returns)\b`)
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
		list := prose[cl.end+loc[4] : cl.end+loc[5]]
		if loc[2] >= 0 {
			if n, ok := countWord(prose[cl.end+loc[2] : cl.end+loc[3]]); ok && n != iface.Underlying().(*types.Interface).NumMethods() {
				claim := Claim{Text: cl.Text + " has " + prose[cl.end+loc[2]:cl.end+loc[3]] + " methods", Kind: KindInterfaceMethods, start: cl.start, end: cl.end + loc[1]}
				results = append(results, Result{Claim: claim, Verdict: Contradicted, Reason: fmt.Sprintf("the interface %s has %d methods", cl.Text, iface.Underlying().(*types.Interface).NumMethods())})
			}
		}
		if stop := nextSubjectRe.FindStringIndex(list); stop != nil && verbAfterRe.MatchString(prose[cl.end+loc[5]:to]) {
			// ", and `httpFlushError` declares …": another subject's
			// clause, not a method of the list.
			list = list[:stop[0]]
		}
		for _, mm := range listNameRe.FindAllStringSubmatch(list, -1) {
			obj, _, _ := types.LookupFieldOrMethod(iface, false, nil, mm[1])
			if fn, ok := obj.(*types.Func); ok {
				if have, differs := paramsDiffer(fn, mm[2]); differs {
					claim := Claim{Text: cl.Text + " has " + mm[0], Kind: KindInterfaceMethods, start: cl.start, end: cl.end + loc[1]}
					results = append(results, Result{Claim: claim, Verdict: Contradicted, Reason: fmt.Sprintf("%s of %s takes %s, not %s", mm[1], cl.Text, have, mm[2])})
					continue
				}
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

// countWord reads a count written as a word or in digits.
func countWord(w string) (int, bool) {
	w = strings.TrimPrefix(strings.ToLower(strings.Join(strings.Fields(w), " ")), "a ")
	if w == "single" {
		return 1, true
	}
	for i, name := range []string{"zero", "one", "two", "three", "four", "five", "six"} {
		if strings.EqualFold(w, name) {
			return i, true
		}
	}
	n, err := strconv.Atoi(w)
	return n, err == nil
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

// paramsDiffer reports whether the parameters a sentence writes for the
// method fn ("handler http.Handler", "http.Handler", "interface{}") have
// other types than its own, names aside; none written is no claim, and a
// list that does not parse is none.
func paramsDiffer(fn *types.Func, said string) (string, bool) {
	said = strings.TrimSpace(said)
	if said == "" {
		return "", false
	}
	ft, err := parser.ParseExpr("func(" + said + ")")
	if err != nil {
		return "", false
	}
	var saidTypes []string
	for _, f := range ft.(*ast.FuncType).Params.List {
		n := max(len(f.Names), 1)
		for range n {
			saidTypes = append(saidTypes, types.ExprString(f.Type))
		}
	}
	params := fn.Type().(*types.Signature).Params()
	qual := func(p *types.Package) string { return p.Name() }
	var have []string
	for i := 0; i < params.Len(); i++ {
		have = append(have, types.TypeString(params.At(i).Type(), qual))
	}
	norm := func(s string) string {
		return strings.Join(strings.Fields(strings.NewReplacer("interface {}", "any", "interface{}", "any").Replace(s)), "")
	}
	if len(have) == len(saidTypes) {
		same := true
		for i := range have {
			same = same && norm(have[i]) == norm(saidTypes[i])
		}
		if same {
			return "", false
		}
	}
	return strings.Join(have, ", "), true
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
