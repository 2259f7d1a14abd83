package checker

import (
	"fmt"
	"go/types"
	"regexp"
	"strings"
)

// KindFieldPointer is a claim that a struct field holds a value rather
// than a pointer, or a pointer rather than a value: "holds its
// `validator` field as a `Validator` struct value rather than a pointer".
const KindFieldPointer = "field_pointer"

var (
	// fieldNamedRe is a quoted name said to be a field: "its `validator`
	// field", "the field `validator`".
	fieldNamedRe = regexp.MustCompile("(?i)(?:`([A-Za-z_]\\w*)`\\s+field\\b|\\bfield\\s+`([A-Za-z_]\\w*)`)")
	// asValueRe says the field holds a value, not a pointer.
	asValueRe = regexp.MustCompile("(?i)\\bas\\s+an?\\s+(?:`[^`]+`\\s+)?(?:struct\\s+)?value\\b|\\brather\\s+than\\s+(?:as\\s+)?a\\s+pointer\\b|\\bnot\\s+(?:as\\s+)?a\\s+pointer\\b")
	// asPointerRe says the field holds a pointer.
	asPointerRe = regexp.MustCompile(`(?i)\bas\s+a\s+pointer\b|\brather\s+than\s+(?:as\s+)?a\s+(?:struct\s+)?value\b`)
)

// checkFieldPointers judges what a sentence says of whether a field it
// names holds a pointer: contradicted when every module field of that name
// (of the struct the sentence names first, when it names one that has
// it) is a pointer and the sentence says a value, or none is and it says
// a pointer.
func (c *Checker) checkFieldPointers(prose string, claims []Claim, results []Result) []Result {
	for _, loc := range fieldNamedRe.FindAllStringSubmatchIndex(prose, -1) {
		name := ""
		if loc[2] >= 0 {
			name = prose[loc[2]:loc[3]]
		} else {
			name = prose[loc[4]:loc[5]]
		}
		from, to := sentenceAround(prose, loc[0])
		rest := outsideCode(prose[loc[1]:to])
		saysValue, saysPointer := asValueRe.MatchString(rest), asPointerRe.MatchString(rest)
		if saysValue == saysPointer {
			continue
		}
		fields := c.fieldsOfSentence(prose[from:loc[0]], claims, name)
		if len(fields) == 0 {
			continue
		}
		pointers := 0
		for _, f := range fields {
			if _, ok := f.Type().Underlying().(*types.Pointer); ok {
				pointers++
			}
		}
		var have string
		switch {
		case saysValue && pointers == len(fields):
			have = "a pointer"
		case saysPointer && pointers == 0:
			have = "not a pointer"
		default:
			continue
		}
		claim := Claim{Text: fmt.Sprintf("field %s holds %s", name, map[bool]string{true: "a value", false: "a pointer"}[saysValue]), Kind: KindFieldPointer, start: loc[0], end: to}
		results = append(results, Result{Claim: claim, Verdict: Contradicted, Reason: fmt.Sprintf("field %s is %s (%s)", name, types.TypeString(fields[0].Type(), nil), have)})
	}
	return results
}

// fieldsOfSentence returns the module's fields called name: those of the
// struct type the lead quotes, when one of its quoted types has such a
// field, else every field of that name.
func (c *Checker) fieldsOfSentence(lead string, claims []Claim, name string) []*types.Var {
	if fields := c.structFieldsOfSentence(lead, claims, name); len(fields) > 0 {
		return fields
	}
	return c.varsNamed(name, nil, true)
}

// structFieldsOfSentence returns the field called name of the first
// struct type lead quotes that has one, or nothing.
func (c *Checker) structFieldsOfSentence(lead string, claims []Claim, name string) []*types.Var {
	for _, cl := range claims {
		if !lineable(cl) || !c.isTypeName(cl.Text) || !containsSpan(lead, cl.Text) {
			continue
		}
		for _, o := range c.m.Objects[cl.Text] {
			if tn, ok := o.(*types.TypeName); ok {
				if v, ok := lookupMember(tn.Type(), name).(*types.Var); ok && v.IsField() {
					return []*types.Var{v}
				}
			}
		}
	}
	return nil
}

// containsSpan reports whether s quotes text in backticks.
func containsSpan(s, text string) bool { return strings.Contains(s, "`"+text+"`") }
