package checker

import (
	"fmt"
	"go/ast"
	"go/types"
	"regexp"
	"strings"

	"github.com/explainerr/explainerr/evals/internal/source"
)

// literalSubjectRe is a sentence's subject that is a composite literal
// of a function: "The `SharedState` literal that `extract` builds", "the
// `&Config{...}` literal returned by `newConfig`", "the `&Cors{...}`
// literal in `New`".
var literalSubjectRe = regexp.MustCompile("`([^`]+)`\\s+literal\\s+(?:that|which)\\s+`([\\w.*()]+)`\\s+(?:builds|returns|writes|makes|creates|constructs|fills|assembles)\\b|`([^`]+)`\\s+literal\\s+(?:(?:returned|built|written|made|created|constructed|assembled)\\s+)?(?:by|in)\\s+`([\\w.*()]+)`")

// literalSubject is a composite literal a sentence is about: the
// function that writes it, the literals of that function of the type
// the sentence gives, and where the words about it are.
type literalSubject struct {
	f        *source.Func
	lits     []*ast.CompositeLit
	from, to int
}

// literalSubjects finds the sentences of prose whose subject is a
// composite literal of one module function (literalSubjectRe) that
// writes at least one keyed literal of the type named.
func (c *Checker) literalSubjects(prose string) []literalSubject {
	var out []literalSubject
	for _, m := range literalSubjectRe.FindAllStringSubmatchIndex(prose, -1) {
		typ, name := 2, 4
		if m[2] < 0 {
			typ, name = 6, 8
		}
		funcs := c.subjectFuncs(prose[m[name]:m[name+1]])
		if len(funcs) != 1 || funcs[0].Decl == nil || funcs[0].Decl.Body == nil {
			continue
		}
		want := literalTypeName(prose[m[typ]:m[typ+1]])
		var lits []*ast.CompositeLit
		for _, lit := range literalsIn(funcs[0].Decl.Body) {
			if lit.Type != nil && lastName(types.ExprString(lit.Type)) == want {
				lits = append(lits, lit)
			}
		}
		if len(lits) == 0 {
			continue
		}
		_, to := sentenceAround(prose, m[0])
		out = append(out, literalSubject{f: funcs[0], lits: lits, from: m[1], to: to})
	}
	return out
}

// literalTypeName is the type's own name in a literal written in a
// span: "SharedState", "&Config{...}" and "pkg.Config{}" name theirs.
func literalTypeName(span string) string {
	s := strings.TrimPrefix(strings.TrimSpace(span), "&")
	if i := strings.IndexByte(s, '{'); i >= 0 {
		s = s[:i]
	}
	return lastName(s)
}

// leftOutRe names a key a literal is said not to set: "but not
// `Expiry`", "leaves out `OnSet`", "omits `X`", "without `X`".
var leftOutRe = regexp.MustCompile("(?i)\\b(?:but\\s+not|leaves?\\s+out|leaving\\s+out|omits?|omitting|without|does\\s+not\\s+set|never\\s+sets)\\s+(?:the\\s+)?`([A-Za-z_]\\w*)`")

// checkLiteralLeftOut judges a key a sentence says a function's literal
// leaves out ("The `SharedState` literal that `extract` builds sets
// `State` … but not `Expiry`"): contradicted when that literal sets it.
func (c *Checker) checkLiteralLeftOut(prose string, _ []Claim, results []Result) []Result {
	for _, s := range c.literalSubjects(prose) {
		for _, m := range leftOutRe.FindAllStringSubmatchIndex(prose[s.from:s.to], -1) {
			key := prose[s.from+m[2] : s.from+m[3]]
			for _, lit := range s.lits {
				if v, ok := literalValue(lit, key); ok {
					claim := Claim{Text: "literal without " + key, Kind: KindLiteralKey, start: s.from + m[0], end: s.from + m[1]}
					results = append(results, Result{Claim: claim, Verdict: Contradicted, Reason: fmt.Sprintf("the %s literal of %s sets %s: %s", types.ExprString(lit.Type), s.f.QualifiedName(), key, squeeze(types.ExprString(v)))})
					break
				}
			}
		}
	}
	return results
}
