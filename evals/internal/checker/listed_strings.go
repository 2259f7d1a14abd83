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
	return c.checkLists(prose, claims, results, listKind{
		list:  stringListRe,
		value: listedValueRe,
		written: func(n ast.Node) (string, bool) {
			lit, ok := n.(*ast.BasicLit)
			if !ok || lit.Kind != token.STRING {
				return "", false
			}
			s, err := strconv.Unquote(lit.Value)
			return s, err == nil
		},
		quote: func(v string) string { return `"` + v + `"` },
		// A value with white space inside is a message, which the
		// quoted-string check judges.
		pass: func(v string) bool { return strings.ContainsAny(v, " \t") || c.moduleHoldsString(v) },
		noun: "values", where: "string of the module holds",
	})
}

// listKind is what checkLists reads a list of: the list and each value
// in prose, what a function writes as a value, how a value is quoted
// back, and whether to pass over a value the function does not write
// (the module writes it elsewhere).
type listKind struct {
	list, value *regexp.Regexp
	written     func(ast.Node) (string, bool)
	quote       func(string) string
	pass        func(string) bool
	noun, where string
}

// checkLists judges the lists of one kind that a sentence says the
// module function it opens with handles alike: when the function, or one
// it reaches, writes one of the values and not another, that other is
// contradicted unless the kind passes it over. A list the prose gives on
// purpose (a fix, an example, a negation) is not read.
func (c *Checker) checkLists(prose string, claims []Claim, results []Result, k listKind) []Result {
	for _, loc := range k.list.FindAllStringIndex(prose, -1) {
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
				if v, ok := k.written(n); ok {
					written[v] = true
				}
				return true
			})
		}
		values := k.value.FindAllStringSubmatchIndex(prose[loc[0]:loc[1]], -1)
		var list []string
		held := false
		for _, v := range values {
			list = append(list, prose[loc[0]+v[2]:loc[0]+v[3]])
			held = held || written[list[len(list)-1]]
		}
		if !held {
			continue
		}
		for i, v := range values {
			value := list[i]
			if written[value] {
				continue
			}
			reason := fmt.Sprintf("%s writes the other %s of the list, and no %s %s", f.QualifiedName(), k.noun, k.where, k.quote(value))
			if lit, ok := literalListingOthers(f, list, value); ok {
				// The function's own list of as many has the others:
				// the one said is not its.
				reason = fmt.Sprintf("%s lists %s", f.QualifiedName(), lit)
			} else if k.pass(value) {
				continue
			}
			cl := Claim{Text: k.quote(value), Kind: KindListedString, start: loc[0] + v[0], end: loc[0] + v[1]}
			results = append(results, Result{Claim: cl, Verdict: Contradicted, Reason: reason})
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
	return c.checkLists(prose, claims, results, listKind{
		list:  selectorListRe,
		value: listedSelectorRe,
		written: func(n ast.Node) (string, bool) {
			sel, ok := n.(*ast.SelectorExpr)
			if !ok {
				return "", false
			}
			x, ok := sel.X.(*ast.Ident)
			if !ok {
				return "", false
			}
			return x.Name + "." + sel.Sel.Name, true
		},
		quote: func(v string) string { return v },
		pass:  c.moduleWrites,
		noun:  "members", where: "file of the module writes",
	})
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
