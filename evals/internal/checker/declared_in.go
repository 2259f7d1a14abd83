package checker

import (
	"fmt"
	"go/types"
	"regexp"
	"strings"
)

// KindDeclaredIn is a claim that names listed before "are declared in
// FILE" are declared there: "The `T` type and its `m` method are declared
// in t.go".
const KindDeclaredIn = "declared_in"

var (
	// declaredInRe ends the list of names a clause places in a file, right
	// before the file.
	declaredInRe = regexp.MustCompile("(?i)\\b(?:is|are)\\s+(?:both\\s+)?(?:declared|defined)\\s+in\\s+(?:the\\s+file\\s+)?`?$")
	// relativeClauseRe begins a relative clause that follows a list of
	// names.
	relativeClauseRe = regexp.MustCompile(`(?i)\s(?:that|which|whose)\s`)
	// listWordRe is a word a list of declarations may hold besides names.
	listWordRe = regexp.MustCompile(`(?i)^(?:and|its|their|the|both|type|types|method|methods|function|functions|func|struct|structs|interface|interfaces|variable|variables|constant|constants|map|value)$`)
	// listTokenRe splits such a list into code spans, words and commas.
	listTokenRe = regexp.MustCompile("`[^`]+`|[A-Za-z_][A-Za-z0-9_]*|,|\\S+")
)

// checkDeclaredIn judges a clause that is a list of names placed in a
// file ("The MultiError type and its merge method are declared in
// cache.go"): its whole text up to "declared in" must be names and the
// words of a list, and each name that is a type, function, method or
// package-level variable or constant of the module must have one
// declaration in that file.
func (c *Checker) checkDeclaredIn(prose string, claims []Claim, results []Result) []Result {
	for _, f := range claims {
		if f.Kind != KindFile {
			continue
		}
		from, _ := clauseAround(prose, f.start)
		mm := declaredInRe.FindStringIndex(prose[from:f.start])
		if mm == nil {
			continue
		}
		files := c.m.FindFile(fileText(f.Text))
		if len(files) == 0 {
			continue
		}
		list := prose[from : from+mm[0]]
		if rel := relativeClauseRe.FindStringIndex(list); rel != nil {
			// "The a and b interfaces that the router tests … are
			// declared in": the list ends where the relative clause
			// begins.
			list = list[:rel[0]]
		}
		names, ok := c.listedNames(list)
		if !ok {
			continue
		}
		for _, n := range names {
			at := c.declaredAt(n)
			if len(at) == 0 || containsAny(at, files) {
				continue
			}
			claim := Claim{Text: n + " declared in " + fileText(f.Text), Kind: KindDeclaredIn, start: from, end: f.end}
			results = append(results, Result{Claim: claim, Verdict: Contradicted, Reason: fmt.Sprintf("%s is declared in %s, not in %s", n, strings.Join(at, ", "), fileText(f.Text))})
		}
	}
	return results
}

// listedNames returns the names of a list of declarations ("The `T` type
// and its m method"), and false when the text holds anything else.
func (c *Checker) listedNames(text string) ([]string, bool) {
	var names []string
	for _, tok := range listTokenRe.FindAllString(text, -1) {
		switch {
		case tok == ",":
		case listWordRe.MatchString(tok):
		case identRe.MatchString(strings.Trim(tok, "`")) && len(c.declaredAt(strings.Trim(tok, "`"))) > 0:
			names = append(names, strings.Trim(tok, "`"))
		default:
			return nil, false
		}
	}
	return names, len(names) > 0
}

// declaredAt lists the files that declare a type, function, method or
// package-level variable or constant called name.
func (c *Checker) declaredAt(name string) []string {
	var out []string
	for _, o := range c.m.Objects[name] {
		switch o.(type) {
		case *types.TypeName, *types.Func:
		case *types.Var, *types.Const:
			if o.Pkg() == nil || o.Parent() != o.Pkg().Scope() {
				continue
			}
		default:
			continue
		}
		if !o.Pos().IsValid() {
			continue
		}
		out = append(out, c.m.Rel(c.m.Fset.Position(o.Pos()).Filename))
	}
	return out
}

// containsAny reports whether a and b share a string.
func containsAny(a, b []string) bool {
	for _, x := range a {
		for _, y := range b {
			if x == y {
				return true
			}
		}
	}
	return false
}
