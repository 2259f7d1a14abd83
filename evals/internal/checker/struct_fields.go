package checker

import (
	"fmt"
	"go/types"
	"regexp"
	"strings"
)

// structSubjectRe names the struct a sentence lists the fields of: "the
// `key` struct", "struct `key`", "`key` has three fields", "`key`
// declares the fields"; the count, when given, in the second group.
var structSubjectRe = regexp.MustCompile("(?i)(?:\\bstruct\\s+`(\\w+)`|`(\\w+)`\\s+struct\\b|`(\\w+)`\\s+(?:has|declares|holds|keeps)\\b)(?:[^.`]|\\.\\w)*?\\b(?:(one|two|three|four|five|six|seven|eight|\\d+)\\s+)?fields?\\b")

// checkStructFields judges the fields a sentence lists for a struct it
// names ("The `key` struct has three fields: `ivalue int`, `value
// string` and `alias string`"): a field span whose name the struct does
// not declare is contradicted, even when another type has a field of
// that name and type, and so is a count of fields the struct does not
// have. Only a struct type the module declares once by that name is
// read.
func (c *Checker) checkStructFields(prose string, claims []Claim, results []Result) []Result {
	for _, m := range structSubjectRe.FindAllStringSubmatchIndex(prose, -1) {
		name := ""
		for g := 1; g <= 3; g++ {
			if m[2*g] >= 0 {
				name = prose[m[2*g]:m[2*g+1]]
			}
		}
		st := c.moduleStruct(name)
		if st == nil {
			continue
		}
		if m[8] >= 0 {
			if n, ok := countWord(prose[m[8]:m[9]]); ok && n != st.NumFields() {
				cl := Claim{Text: fmt.Sprintf("%s has %d fields", name, n), Kind: KindField, start: m[0], end: m[1]}
				results = append(results, Result{Claim: cl, Verdict: Contradicted, Reason: fmt.Sprintf("%s declares %d fields: %s", name, st.NumFields(), strings.Join(fieldNames(st), ", "))})
				continue
			}
		}
		_, end := sentenceAround(prose, m[0])
		for i, r := range results {
			if r.Kind != KindField || r.Verdict != Verified || r.start < m[1] || r.start >= end {
				continue
			}
			field := strings.Fields(r.Text)[0]
			if declaresField(st, field) {
				continue
			}
			results[i].Verdict, results[i].Reason = Contradicted, fmt.Sprintf("%s has no field %s (its fields: %s)", name, field, strings.Join(fieldNames(st), ", "))
		}
	}
	return results
}

// moduleStruct returns the struct of the one type the module declares
// by name, or nil.
func (c *Checker) moduleStruct(name string) *types.Struct {
	tns := c.m.TypeNamed(name)
	if len(tns) != 1 {
		return nil
	}
	st, _ := tns[0].Type().Underlying().(*types.Struct)
	return st
}

// fieldNames lists a struct's field names, an embedded one by its type's.
func fieldNames(st *types.Struct) []string {
	var out []string
	for i := range st.NumFields() {
		out = append(out, st.Field(i).Name())
	}
	return out
}

// declaresField reports whether st declares a field called name.
func declaresField(st *types.Struct, name string) bool {
	for i := range st.NumFields() {
		if st.Field(i).Name() == name {
			return true
		}
	}
	return false
}
