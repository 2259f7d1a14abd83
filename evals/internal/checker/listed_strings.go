package checker

import (
	"fmt"
	"go/ast"
	"go/token"
	"go/types"
	"regexp"
	"strconv"
	"strings"

	"github.com/explainerr/explainerr/evals/internal/source"
)

// KindListedString is a value a sentence lists beside others that a
// function writes: "maps both "text/xml" and "application/xml" to
// `ContentTypeXML`".
const KindListedString = "listed_string"

// stringListRe is two or more double-quoted values joined as a list: "A
// and B", "A, B or C", "both A and B"; in prose or in code spans.
var stringListRe = regexp.MustCompile("`?\"[^\"\n`]{1,80}\"`?(?:\\s*,\\s*`?\"[^\"\n`]{1,80}\"`?)*,?\\s+(?:and|or)\\s+`?\"[^\"\n`]{1,80}\"`?")

// listedValueRe is one value of such a list.
var listedValueRe = regexp.MustCompile("\"([^\"\n`]{1,80})\"")

// checkListedStrings judges a list of quoted values that a sentence says
// a module function handles alike (the function it opens with): when the
// function, or a function it reaches, writes one of the values as a
// string and no string of the module holds another, that other value is
// contradicted: a case the code does not have ("maps both
// "application/x-www-form-urlencoded" and "multipart/form-data" to
// `ContentTypeForm`"). A list the prose gives on purpose (a fix, an
// example, a negation) is not read, nor a value with white space inside
// (a message, which the quoted-string check judges).
func (c *Checker) checkListedStrings(prose string, claims []Claim, results []Result) []Result {
	for _, loc := range stringListRe.FindAllStringIndex(prose, -1) {
		if quotedOnPurpose(prose, loc[0]) {
			continue
		}
		from, _ := sentenceAround(prose, loc[0])
		f := c.openingSubject(prose, claims, from, loc[0])
		if f == nil {
			continue
		}
		written := map[string]bool{}
		for _, g := range c.reach([]*source.Func{f}).funcs {
			ast.Inspect(g.Decl, func(n ast.Node) bool {
				if lit, ok := n.(*ast.BasicLit); ok && lit.Kind == token.STRING {
					if s, err := strconv.Unquote(lit.Value); err == nil {
						written[s] = true
					}
				}
				return true
			})
		}
		values := listedValueRe.FindAllStringSubmatchIndex(prose[loc[0]:loc[1]], -1)
		held := false
		for _, v := range values {
			held = held || written[prose[loc[0]+v[2]:loc[0]+v[3]]]
		}
		if !held {
			continue
		}
		for _, v := range values {
			value := prose[loc[0]+v[2] : loc[0]+v[3]]
			if written[value] || strings.ContainsAny(value, " \t") || c.moduleHoldsString(value) {
				continue
			}
			cl := Claim{Text: `"` + value + `"`, Kind: KindListedString, start: loc[0] + v[0], end: loc[0] + v[1]}
			results = append(results, Result{Claim: cl, Verdict: Contradicted, Reason: fmt.Sprintf("%s writes the other values of the list, and no string of the module holds %q", f.QualifiedName(), value)})
		}
	}
	return results
}

// moduleHoldsString reports whether a string literal of the module holds
// s.
func (c *Checker) moduleHoldsString(s string) bool {
	for _, m := range c.moduleStrings() {
		if strings.Contains(m, s) {
			return true
		}
	}
	return false
}

// selectorListRe is two or more package members in code spans joined as
// a list: "`http.MethodGet`, `http.MethodPost` and `http.MethodHead`".
var selectorListRe = regexp.MustCompile("`[A-Za-z_]\\w*\\.[A-Za-z_]\\w*`(?:\\s*,\\s*`[A-Za-z_]\\w*\\.[A-Za-z_]\\w*`)*,?\\s+(?:and|or)\\s+`[A-Za-z_]\\w*\\.[A-Za-z_]\\w*`")

// listedSelectorRe is one member of such a list.
var listedSelectorRe = regexp.MustCompile("`([A-Za-z_]\\w*\\.[A-Za-z_]\\w*)`")

// checkListedSelectors judges a list of package members (constants of
// another package, mostly) that a sentence says the function it opens
// with uses alike ("`New` allows `http.MethodGet`, `http.MethodPost` and
// `http.MethodPut`"), as checkListedStrings judges strings: when the
// function, or one it reaches, writes one of them and no file of the
// module writes another, that other is contradicted.
func (c *Checker) checkListedSelectors(prose string, claims []Claim, results []Result) []Result {
	for _, loc := range selectorListRe.FindAllStringIndex(prose, -1) {
		if quotedOnPurpose(prose, loc[0]) {
			continue
		}
		from, _ := sentenceAround(prose, loc[0])
		f := c.openingSubject(prose, claims, from, loc[0])
		if f == nil {
			continue
		}
		written := map[string]bool{}
		for _, g := range c.reach([]*source.Func{f}).funcs {
			ast.Inspect(g.Decl, func(n ast.Node) bool {
				if sel, ok := n.(*ast.SelectorExpr); ok {
					if x, ok := sel.X.(*ast.Ident); ok {
						written[x.Name+"."+sel.Sel.Name] = true
					}
				}
				return true
			})
		}
		values := listedSelectorRe.FindAllStringSubmatchIndex(prose[loc[0]:loc[1]], -1)
		held := false
		for _, v := range values {
			held = held || written[prose[loc[0]+v[2]:loc[0]+v[3]]]
		}
		if !held {
			continue
		}
		var list []string
		for _, v := range values {
			list = append(list, prose[loc[0]+v[2]:loc[0]+v[3]])
		}
		for i, v := range values {
			value := list[i]
			if written[value] {
				continue
			}
			if lit, ok := literalListingOthers(f, list, value); ok {
				// The function's own list of as many members has the
				// others: the one said is not its.
				cl := Claim{Text: value, Kind: KindListedString, start: loc[0] + v[0], end: loc[0] + v[1]}
				results = append(results, Result{Claim: cl, Verdict: Contradicted, Reason: fmt.Sprintf("%s lists %s", f.QualifiedName(), lit)})
				continue
			}
			if c.moduleWrites(value) {
				continue
			}
			cl := Claim{Text: value, Kind: KindListedString, start: loc[0] + v[0], end: loc[0] + v[1]}
			results = append(results, Result{Claim: cl, Verdict: Contradicted, Reason: fmt.Sprintf("%s writes the other members of the list, and no file of the module writes %s", f.QualifiedName(), value)})
		}
	}
	return results
}

// literalListingOthers returns a composite literal of f, as written,
// whose elements are as many as list and are the members of list but
// value: the list f writes, which a sentence misquotes by one member.
func literalListingOthers(f *source.Func, list []string, value string) (string, bool) {
	var found string
	ast.Inspect(f.Decl, func(n ast.Node) bool {
		lit, ok := n.(*ast.CompositeLit)
		if !ok || found != "" || len(lit.Elts) != len(list) {
			return found == ""
		}
		have := map[string]bool{}
		var elts []string
		for _, e := range lit.Elts {
			have[types.ExprString(e)] = true
			elts = append(elts, types.ExprString(e))
		}
		for _, m := range list {
			if m != value && !have[m] {
				return true
			}
		}
		if !have[value] {
			found = "{" + strings.Join(elts, ", ") + "}"
		}
		return true
	})
	return found, found != ""
}

// moduleWrites reports whether a line of the module's files writes
// name as a word.
func (c *Checker) moduleWrites(name string) bool {
	re := regexp.MustCompile(`\b` + regexp.QuoteMeta(name) + `\b`)
	for _, lines := range c.m.Files {
		for _, l := range lines {
			if re.MatchString(l) {
				return true
			}
		}
	}
	return false
}
