package checker

import (
	"fmt"
	"go/types"
	"regexp"
	"strings"
)

// KindFieldCase is a field a sentence names in words, with its
// exportedness or its spelling: "an unexported field named log".
const KindFieldCase = "field_case"

// namedFieldRe names a struct's field in words: "a field named log",
// "an unexported field called `log`", "the field named Log".
var namedFieldRe = regexp.MustCompile("(?i)\\b(?:(?:un)?exported\\s+)?field\\s+(?:named|called)\\s+`?([A-Za-z_]\\w*)`?")

// structWordRe is a type said to be a struct in prose: "The Cors
// struct", "the `Cors` struct".
var structWordRe = regexp.MustCompile("`?\\b([A-Z]\\w*)\\b`?\\s+(?:struct|type)\\b")

// checkFieldCase judges a field a sentence names in words, of a struct
// the sentence names before it ("The Cors struct keeps … in an
// unexported field named log"): when the struct has no field of that
// name but one that differs from it in case only (Log), or the sentence
// calls the field exported or unexported and it is the other, the claim
// is contradicted.
func (c *Checker) checkFieldCase(prose string, _ []Claim, results []Result) []Result {
	for _, m := range namedFieldRe.FindAllStringSubmatchIndex(prose, -1) {
		name := prose[m[2]:m[3]]
		from, _ := sentenceAround(prose, m[0])
		for _, s := range structWordRe.FindAllStringSubmatch(prose[from:m[0]], -1) {
			for _, tn := range c.m.TypeNamed(s[1]) {
				st, ok := tn.Type().Underlying().(*types.Struct)
				if !ok {
					continue
				}
				field := fieldFolded(st, name)
				if field == nil {
					continue
				}
				said := strings.ToLower(prose[m[0]:m[1]])
				reason := ""
				switch {
				case field.Name() != name:
					reason = fmt.Sprintf("%s has the field %s, not %s", s[1], field.Name(), name)
				case strings.HasPrefix(said, "unexported") && field.Exported():
					reason = fmt.Sprintf("%s.%s is exported", s[1], name)
				case strings.HasPrefix(said, "exported") && !field.Exported():
					reason = fmt.Sprintf("%s.%s is unexported", s[1], name)
				}
				if reason != "" {
					claim := Claim{Text: "field " + name + " of " + s[1], Kind: KindFieldCase, start: m[0], end: m[1]}
					results = append(results, Result{Claim: claim, Verdict: Contradicted, Reason: reason})
				}
			}
		}
	}
	return results
}

// fieldFolded returns the field of st named name, else the one whose
// name differs from it in case only; nil when there is none.
func fieldFolded(st *types.Struct, name string) *types.Var {
	var folded *types.Var
	for i := 0; i < st.NumFields(); i++ {
		f := st.Field(i)
		if f.Name() == name {
			return f
		}
		if strings.EqualFold(f.Name(), name) {
			folded = f
		}
	}
	return folded
}
