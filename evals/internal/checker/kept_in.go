package checker

import (
	"fmt"
	"go/types"
	"regexp"
	"strings"

	"github.com/explainerr/explainerr/evals/internal/source"
	"github.com/explainerr/explainerr/internal/astutil"
)

var (
	// keepsVerbRe is a verb of keeping a value in a variable.
	keepsVerbRe = regexp.MustCompile(`(?i)\b(?:keeps|stores|saves|holds|puts|records|caches)\b`)
	// keptInRe follows the verb, in its clause: "the corrected path in
	// `fixed`".
	keptInRe = regexp.MustCompile("^[^.;`]*?\\b(?:in|into)\\s+`([A-Za-z_]\\w*)`")
)

// checkKeptIn judges "`F` keeps the corrected path in `fixedPath`": the
// variable the sentence says F keeps a value in is F's own, so a name
// that is only ever a local variable (or parameter) of other module
// functions, even ones F calls, is not it. A field, a package-level
// variable, any other kind of name, and a name of one word (`ctx`, often
// written for the value itself) are not judged.
func (c *Checker) checkKeptIn(prose string, claims []Claim, results []Result) []Result {
	for _, s := range c.verbSubjects(prose, claims, keepsVerbRe) {
		_, to := clauseAround(prose, s.after)
		if len(s.funcs) == 0 || s.after > to {
			continue
		}
		mm := keptInRe.FindStringSubmatchIndex(prose[s.after:to])
		if mm == nil {
			continue
		}
		name := prose[s.after+mm[2] : s.after+mm[3]]
		if len(camelWords(name)) < 2 {
			continue // "`ctx`", "`buf`": a short name may stand for the value itself
		}
		owners, ok := c.localOwners(name, s.funcs)
		if !ok {
			continue
		}
		subject := lastName(s.subject.Text)
		claim := Claim{Text: subject + ": in " + name, Kind: KindUse, start: s.after + mm[2] - 1, end: s.after + mm[1]}
		results = append(results, Result{Claim: claim, Verdict: Contradicted, Reason: fmt.Sprintf("%s is a variable of %s, not of %s", name, strings.Join(owners, ", "), subject)})
	}
	return results
}

// localOwners returns the module functions that declare a variable
// called name, when every object of that name is a local variable or
// parameter of a module function none of funcs spans; ok is false
// otherwise.
func (c *Checker) localOwners(name string, funcs []*source.Func) ([]string, bool) {
	for _, f := range funcs {
		if f.Decl == nil || astutil.Mentions(f.Decl, name) {
			return nil, false // its own (a type switch's variable has no object of its own)
		}
	}
	var owners []string
	for _, o := range c.m.Objects[name] {
		v, isVar := o.(*types.Var)
		if !isVar || v.IsField() || v.Pkg() == nil || v.Parent() == v.Pkg().Scope() {
			return nil, false
		}
		pos := c.m.Fset.Position(v.Pos())
		file := c.m.Rel(pos.Filename)
		for _, f := range funcs {
			if f.File == file && f.StartLine <= pos.Line && pos.Line <= f.EndLine {
				return nil, false
			}
		}
		g := c.m.FuncAt(file, pos.Line)
		if g == nil {
			return nil, false
		}
		owners = append(owners, g.QualifiedName())
	}
	return dedupeStrings(owners), len(owners) > 0
}

// dedupeStrings keeps the first of equal strings.
func dedupeStrings(in []string) []string {
	seen := map[string]bool{}
	var out []string
	for _, s := range in {
		if !seen[s] {
			seen[s] = true
			out = append(out, s)
		}
	}
	return out
}
