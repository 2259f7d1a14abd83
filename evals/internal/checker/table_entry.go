package checker

import (
	"fmt"
	"go/ast"
	"go/constant"
	"go/token"
	"go/types"
	"regexp"

	"github.com/explainerr/explainerr/internal/astutil"
)

// KindTableEntry is a claim about an entry of a package-level table the
// module writes as a composite literal: "`units` maps "k" to `Kilo`",
// "the entry with the name "day" has `Span` equal to `24 * Hour`".
const KindTableEntry = "table_entry"

var (
	// mapsRe opens a sentence's pairs of a map: "`units` maps".
	mapsRe = regexp.MustCompile("`([A-Za-z_]\\w*)`\\s+maps\\b")
	// mapsPairRe is one pair said of the map: "\"k\" to `Kilo`".
	mapsPairRe = regexp.MustCompile("\"([^\"\\n]*)\"\\s+to\\s+`([^`]+)`")
	// entryWithRe names an entry of a table by a string it holds, and a
	// field said of it: "the entry with the format "1 day %s" has `D`
	// equal to `2 * Day`".
	entryWithRe = regexp.MustCompile("\\bentry\\s+with\\s+(?:the\\s+)?(?:\\w+\\s+)?\"([^\"\\n]+)\"\\s+has\\s+`([A-Za-z_]\\w*)`\\s+(?:equal\\s+to|set\\s+to|of|as)\\s+`([^`]+)`")
)

// checkTableEntries judges what a sentence says a package-level table
// holds: the value a map literal gives a string key ("`units` maps "k"
// to `Kilo`"), and a field of the element of a slice of struct literals
// that holds a given string ("In `spans`, the entry with the name "day"
// has `D` equal to `24 * Hour`"). When the literal writes that key, or
// holds an element with that string, with a constant of another value
// there, the claim is contradicted; a key or an element the literal
// does not write, and a value that is no constant, are not judged.
func (c *Checker) checkTableEntries(prose string, claims []Claim, results []Result) []Result {
	for _, m := range mapsRe.FindAllStringSubmatchIndex(prose, -1) {
		lit := c.tableLiteral(prose[m[2]:m[3]])
		if lit == nil {
			continue
		}
		_, end := sentenceAround(prose, m[1])
		for _, p := range mapsPairRe.FindAllStringSubmatchIndex(prose[m[1]:end], -1) {
			key, said := prose[m[1]+p[2]:m[1]+p[3]], prose[m[1]+p[4]:m[1]+p[5]]
			if have, ok := mapValue(lit, key); ok && c.otherConstant(lit, have, said) {
				claim := Claim{Text: fmt.Sprintf("%s maps %q to %s", prose[m[2]:m[3]], key, said), Kind: KindTableEntry, start: m[0], end: m[1] + p[1]}
				results = append(results, Result{Claim: claim, Verdict: Contradicted, Reason: fmt.Sprintf("%s maps %q to %s", prose[m[2]:m[3]], key, have)})
			}
		}
	}
	for _, m := range entryWithRe.FindAllStringSubmatchIndex(prose, -1) {
		from, _ := sentenceAround(prose, m[0])
		for _, sp := range backtickRe.FindAllStringSubmatch(prose[from:m[0]], -1) {
			lit := c.tableLiteral(sp[1])
			if lit == nil {
				continue
			}
			str, field, said := prose[m[2]:m[3]], prose[m[4]:m[5]], prose[m[6]:m[7]]
			if have, ok := c.entryField(lit, str, field); ok && c.otherConstant(lit, have, said) {
				claim := Claim{Text: fmt.Sprintf("the entry of %s with %q has %s = %s", sp[1], str, field, said), Kind: KindTableEntry, start: m[0], end: m[1]}
				results = append(results, Result{Claim: claim, Verdict: Contradicted, Reason: fmt.Sprintf("the entry of %s with %q has %s %s", sp[1], str, field, have)})
			}
		}
	}
	return results
}

// otherConstant reports whether the code a table literal writes, have,
// and the code said of it are constant expressions of the literal's
// package with different values ("15 * Month" of "18 * Month"); what
// is no constant there is not judged.
func (c *Checker) otherConstant(lit *ast.CompositeLit, have, said string) bool {
	for _, p := range c.m.Pkgs {
		if p.Types == nil || p.TypesInfo == nil {
			continue
		}
		if _, ok := p.TypesInfo.Types[lit]; !ok {
			continue
		}
		h, herr := types.Eval(c.m.Fset, p.Types, lit.Pos(), have)
		s, serr := types.Eval(c.m.Fset, p.Types, lit.Pos(), said)
		if herr != nil || serr != nil || h.Value == nil || s.Value == nil || h.Value.Kind() != s.Value.Kind() && !(numericKind(h.Value.Kind()) && numericKind(s.Value.Kind())) {
			return false
		}
		return !constant.Compare(h.Value, token.EQL, s.Value)
	}
	return false
}

// tableLiteral returns the composite literal that is the whole value of
// the one package-level variable of the module named name, or nil.
func (c *Checker) tableLiteral(name string) *ast.CompositeLit {
	var out *ast.CompositeLit
	n := 0
	for obj, decl := range c.packageInits() {
		if obj.Name() != name {
			continue
		}
		if _, ok := obj.(*types.Var); !ok {
			continue
		}
		n++
		vs, ok := decl.(*ast.ValueSpec)
		if !ok || len(vs.Names) != 1 || len(vs.Values) != 1 {
			continue
		}
		out, _ = vs.Values[0].(*ast.CompositeLit)
	}
	if n != 1 {
		return nil
	}
	return out
}

// mapValue returns the value a map literal writes for a string key.
func mapValue(lit *ast.CompositeLit, key string) (string, bool) {
	for _, e := range lit.Elts {
		kv, ok := e.(*ast.KeyValueExpr)
		if !ok {
			continue
		}
		if k, ok := astutil.StringLit(kv.Key); ok && k == key {
			return types.ExprString(kv.Value), true
		}
	}
	return "", false
}

// entryField returns the value the one element of a slice literal of
// struct literals that holds the string str gives field, by key or by
// position.
func (c *Checker) entryField(lit *ast.CompositeLit, str, field string) (string, bool) {
	var st *types.Struct
	for _, p := range c.m.Pkgs {
		if p.TypesInfo == nil {
			continue
		}
		if tv, ok := p.TypesInfo.Types[lit]; ok {
			if sl, ok := tv.Type.Underlying().(*types.Slice); ok {
				st, _ = sl.Elem().Underlying().(*types.Struct)
			}
		}
	}
	if st == nil {
		return "", false
	}
	var found []string
	for _, e := range lit.Elts {
		el, ok := e.(*ast.CompositeLit)
		if !ok {
			continue
		}
		holds, value := false, ""
		for i, f := range el.Elts {
			name, v := "", f
			if kv, ok := f.(*ast.KeyValueExpr); ok {
				if id, ok := kv.Key.(*ast.Ident); ok {
					name = id.Name
				}
				v = kv.Value
			} else if i < st.NumFields() {
				name = st.Field(i).Name()
			}
			if s, ok := astutil.StringLit(v); ok && s == str {
				holds = true
			}
			if name == field {
				value = types.ExprString(v)
			}
		}
		if holds && value != "" {
			found = append(found, value)
		}
	}
	if len(found) != 1 {
		return "", false
	}
	return found[0], true
}
