package checker

import (
	"fmt"
	"go/ast"
	"go/parser"
	"go/types"
	"regexp"

	"github.com/explainerr/explainerr/evals/internal/source"
)

// KindLiteralKey is a field of a composite literal a sentence quotes as
// "key: value" about the function that writes the literal: "`New` gives
// the store `MaxAge: 86400 * 30`".
const KindLiteralKey = "literal_key"

// keyValueSpanRe matches a code span written as a literal's "key: value".
var keyValueSpanRe = regexp.MustCompile(`^([A-Za-z_]\w*):\s*(\S.*)$`)

// keyValue is a "key: value" a sentence quotes, and where its span is.
type keyValue struct {
	key, value string
	at, end    int
}

// checkLiteralKeys judges the "key: value" spans of a sentence whose
// subject is a function of the module against the composite literals
// that function writes: when literals of it have the key, none with that
// value, the quote is contradicted; and when a literal of it has the keys
// of the sentence's other spans but not that one, while neither the
// function nor anything it reaches names the key, the field is one the
// literal does not set. A sentence that may say what the code should do
// (a fix, a change) or quotes a span on purpose is not read.
func (c *Checker) checkLiteralKeys(prose string, claims []Claim, results []Result) []Result {
	judge := func(f *source.Func, lits []*ast.CompositeLit, from, to int, literalSaid bool) {
		kvs := quotedKeyValues(prose, from, to)
		for _, kv := range kvs {
			if quotedOnPurpose(prose, kv.at) {
				continue
			}
			reason, wrong := c.literalKeyDiffers(f, lits, kv, kvs)
			if !wrong && literalSaid {
				reason, wrong = literalLacksKey(f, lits, kv, prose[from:to])
			}
			if !wrong {
				continue
			}
			claim := Claim{Text: kv.key + ": " + kv.value, Kind: KindLiteralKey, start: kv.at, end: kv.end}
			results = append(results, Result{Claim: claim, Verdict: Contradicted, Reason: reason})
		}
	}
	c.eachSubject(prose, claims, func(cl Claim, f *source.Func, to int) {
		judge(f, literalsIn(f.Decl.Body), cl.end, to, false)
	})
	for _, s := range c.literalSubjects(prose) {
		judge(s.f, s.lits, s.from, s.to, true) // "the `Config` literal that `New` returns sets …"
	}
	return results
}

// keyOfValueRe matches a key given a value in words: "a `MaxAge` of
// `86400 * 7`".
var keyOfValueRe = regexp.MustCompile("\\ban?\\s+`([A-Z]\\w*)`\\s+of\\s+`([^`]+)`")

// quotedKeyValues returns the "key: value" spans of prose between from
// and to whose value is a Go expression, and the keys given a value in
// words ("a `MaxAge` of `86400 * 7`").
func quotedKeyValues(prose string, from, to int) []keyValue {
	var out []keyValue
	for _, m := range keyOfValueRe.FindAllStringSubmatchIndex(prose[from:to], -1) {
		if e, err := parser.ParseExpr(prose[from+m[4] : from+m[5]]); err == nil {
			out = append(out, keyValue{key: prose[from+m[2] : from+m[3]], value: squeeze(types.ExprString(e)), at: from + m[0], end: from + m[1]})
		}
	}
	for _, loc := range backtickRe.FindAllStringSubmatchIndex(prose[from:to], -1) {
		m := keyValueSpanRe.FindStringSubmatch(prose[from+loc[2] : from+loc[3]])
		if m == nil {
			continue
		}
		e, err := parser.ParseExpr(m[2])
		if err != nil {
			continue
		}
		out = append(out, keyValue{key: m[1], value: squeeze(types.ExprString(e)), at: from + loc[0], end: from + loc[1]})
	}
	return out
}

// literalsIn returns the composite literals of a body with keyed
// elements.
func literalsIn(body ast.Node) []*ast.CompositeLit {
	var out []*ast.CompositeLit
	ast.Inspect(body, func(n ast.Node) bool {
		if lit, ok := n.(*ast.CompositeLit); ok && len(lit.Elts) > 0 {
			if _, keyed := lit.Elts[0].(*ast.KeyValueExpr); keyed {
				out = append(out, lit)
			}
		}
		return true
	})
	return out
}

// literalKeyDiffers judges one quoted "key: value" against the literals
// of f, and says why it is wrong.
func (c *Checker) literalKeyDiffers(f *source.Func, lits []*ast.CompositeLit, kv keyValue, all []keyValue) (string, bool) {
	var held []string
	for _, lit := range lits {
		if v, ok := literalValue(lit, kv.key); ok {
			switch c.holdsValue(f, v, kv.value) {
			case valueSame, valueUnknown:
				return "", false
			}
			held = append(held, squeeze(types.ExprString(v)))
		}
	}
	if len(held) > 0 {
		return fmt.Sprintf("%s writes %s: %s, not %s: %s", f.QualifiedName(), kv.key, held[0], kv.key, kv.value), true
	}
	// The key is in none of f's literals: wrong when one of them has the
	// keys of the sentence's other spans, and nothing f reaches sets the
	// field (after the literal, or in a method or option it calls).
	for _, lit := range lits {
		others := 0
		for _, o := range all {
			if o.key == kv.key {
				continue
			}
			if _, ok := literalValue(lit, o.key); !ok {
				others = -1
				break
			}
			others++
		}
		if others <= 0 {
			continue
		}
		if fieldSetIn(c.reach([]*source.Func{f}).funcs, kv.key) {
			return "", false
		}
		return fmt.Sprintf("the %s literal of %s has no %s key", types.ExprString(lit.Type), f.QualifiedName(), kv.key), true
	}
	return "", false
}

// literalLacksKey judges a "key: value" a sentence about a literal
// itself ("the `&Cors{...}` literal in `New` sets `a: b` besides `c`
// and `d`") quotes: when no literal of lits has the key, while one has
// another key the sentence names in a span of its own, the literal does
// not set it, whatever the function assigns after it.
func literalLacksKey(f *source.Func, lits []*ast.CompositeLit, kv keyValue, words string) (string, bool) {
	for _, lit := range lits {
		if _, ok := literalValue(lit, kv.key); ok {
			return "", false
		}
	}
	for _, lit := range lits {
		for _, m := range spanNameRe.FindAllStringSubmatch(words, -1) {
			if _, ok := literalValue(lit, m[1]); ok && m[1] != kv.key {
				return fmt.Sprintf("the %s literal of %s has no %s key", types.ExprString(lit.Type), f.QualifiedName(), kv.key), true
			}
		}
	}
	return "", false
}

// literalValue returns the value a literal gives key.
func literalValue(lit *ast.CompositeLit, key string) (ast.Expr, bool) {
	for _, e := range lit.Elts {
		kv, ok := e.(*ast.KeyValueExpr)
		if !ok {
			continue
		}
		if id, ok := kv.Key.(*ast.Ident); ok && id.Name == key {
			return kv.Value, true
		}
	}
	return nil, false
}

// valueMatch is how a value written in the code compares with one a
// sentence quotes.
type valueMatch int

const (
	valueDiffers valueMatch = iota
	valueSame
	// valueUnknown is a name whose value the function does not show.
	valueUnknown
)

// holdsValue compares a value f's code writes with one quoted, written
// without white space: the same text, or a name whose value is (a
// package's constant or variable, or a local variable f assigns), is the
// same; a name of unknown value is unknown.
func (c *Checker) holdsValue(f *source.Func, v ast.Expr, quoted string) valueMatch {
	if squeeze(types.ExprString(v)) == quoted {
		return valueSame
	}
	id, ok := v.(*ast.Ident)
	if !ok {
		return valueDiffers
	}
	info := f.Pkg.TypesInfo
	if info == nil || info.Uses[id] == nil {
		return valueUnknown
	}
	obj := info.Uses[id]
	if vs, ok := c.packageInits()[obj].(*ast.ValueSpec); ok {
		for i, name := range vs.Names {
			if name.Name == id.Name && i < len(vs.Values) {
				return sameOrDiffers(squeeze(types.ExprString(vs.Values[i])) == quoted)
			}
		}
		return valueUnknown
	}
	var values []ast.Expr
	ast.Inspect(f.Decl.Body, func(n ast.Node) bool {
		if as, ok := n.(*ast.AssignStmt); ok && len(as.Lhs) == len(as.Rhs) {
			for i, l := range as.Lhs {
				if lid, ok := l.(*ast.Ident); ok && (info.Defs[lid] == obj || info.Uses[lid] == obj) {
					values = append(values, as.Rhs[i])
				}
			}
		}
		return true
	})
	if len(values) == 0 {
		return valueUnknown
	}
	for _, x := range values {
		if squeeze(types.ExprString(x)) == quoted {
			return valueSame
		}
	}
	return valueDiffers
}

// sameOrDiffers is valueSame when same holds, else valueDiffers.
func sameOrDiffers(same bool) valueMatch {
	if same {
		return valueSame
	}
	return valueDiffers
}

// fieldSetIn reports whether one of funcs sets a field named key: by an
// assignment to a selector of that name ("c.maxDelay = d", "c.n++"), or
// as a key of a literal of its own.
func fieldSetIn(funcs []*source.Func, key string) bool {
	set := false
	for _, f := range funcs {
		if f.Decl == nil || f.Decl.Body == nil {
			continue
		}
		ast.Inspect(f.Decl.Body, func(n ast.Node) bool {
			var lhs []ast.Expr
			switch n := n.(type) {
			case *ast.AssignStmt:
				lhs = n.Lhs
			case *ast.IncDecStmt:
				lhs = []ast.Expr{n.X}
			case *ast.CompositeLit:
				if _, ok := literalValue(n, key); ok {
					set = true
				}
			}
			for _, l := range lhs {
				if sel, ok := l.(*ast.SelectorExpr); ok && sel.Sel.Name == key {
					set = true
				}
			}
			return !set
		})
		if set {
			return true
		}
	}
	return false
}
