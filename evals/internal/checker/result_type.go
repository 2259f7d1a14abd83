package checker

import (
	"fmt"
	"go/ast"
	"go/parser"
	"go/types"
	"regexp"
	"strings"

	"github.com/explainerr/explainerr/evals/internal/source"
)

// KindResult is a claim about the type a module function returns, written
// as a composite or basic type in prose: "`matchPart(b byte)` returns a
// `func(byte) bool`", "`Timestamp` returns an `int64`".
const KindResult = "result"

// returnsTypeRe follows a function's name that is said to return a value
// of the type in backticks.
var returnsTypeRe = regexp.MustCompile("^`?\\s*" + takesLead + "(?:(?:also|only|always|then)\\s+)?returns\\s+(?:an?|the)\\s+`([^`]+)`")

// takesLead is what stands between a function's name and what it is
// said to return: its place in parentheses, what it takes ("(f.go:9)
// takes a `time.Time` and ").
const takesLead = "(?:\\([^()`]{1,40}\\)\\s*)?(?:takes\\s+(?:[^.;]|\\.\\w){1,80}?\\s+and\\s+)?"

// returnsAsBasicRe follows a function's name said to return a value as a
// basic type: "returns the opening quote as a `rune`".
var returnsAsBasicRe = regexp.MustCompile("^`?\\s*" + takesLead + "(?:(?:also|only|always|then)\\s+)?returns\\s+[^.;`]{0,60}?\\bas\\s+an?\\s+`(bool|string|byte|rune|int|int8|int16|int32|int64|uint|uint8|uint16|uint32|uint64|float32|float64)`")

// qualifierRe is a package qualifier inside a type: "http." of
// "http.Handler".
var qualifierRe = regexp.MustCompile(`\b[A-Za-z_]\w*\.`)

// checkResultTypes judges each clause that says a module function returns
// a function, map, slice, array or channel type: contradicted when no
// declaration of that name has a result of that type (parameter names and
// package qualifiers aside; see resultsOtherThan). A claimed named type is
// not judged: it may be a value held in an interface result ("returns a
// `*NotFoundError`" of a function returning `error`).
func (c *Checker) checkResultTypes(prose string, claims []Claim, results []Result) []Result {
	done := map[int]bool{}
	for _, cl := range claims {
		if !lineable(cl) || cl.Kind == KindSignature || done[cl.start] {
			continue
		}
		mm := returnsTypeRe.FindStringSubmatchIndex(prose[cl.end:])
		basic := false
		if mm == nil {
			if mm = returnsAsBasicRe.FindStringSubmatchIndex(prose[cl.end:]); mm == nil {
				continue
			}
			basic = true
		}
		done[cl.start] = true
		claimed, ok := compositeType(prose[cl.end+mm[2] : cl.end+mm[3]])
		if written := prose[cl.end+mm[2] : cl.end+mm[3]]; basic || basicTypeName(written) {
			claimed, ok = written, true
		} else if !ok && c.pointerOrValueSaid(written, prose[cl.end+mm[1]:]) {
			// "returns a `*Store`", "returns a `Cors` value": a type of
			// the module said as a pointer, or said to be a value.
			claimed, ok = written, true
		}
		funcs := c.subjectFuncs(cl.Text)
		if !ok || len(funcs) == 0 {
			continue
		}
		have, judged := c.resultsOtherThan(funcs, claimed)
		if !judged {
			continue
		}
		claim := Claim{Text: lastName(cl.Text) + " returns " + claimed, Kind: KindResult, start: cl.start, end: cl.end + mm[1]}
		results = append(results, Result{Claim: claim, Verdict: Contradicted, Reason: fmt.Sprintf("%s returns %s, not %s", lastName(cl.Text), strings.Join(have, ", "), claimed)})
	}
	return results
}

// resultsOtherThan returns the result types of funcs when none of them
// is the claimed type, either as written or as its underlying type (a
// result of type `Names` is a `[]string` too); judged is false when one
// is, or when a result is an interface, which may hold a value of any
// type that implements it, or when funcs have no results.
func (c *Checker) resultsOtherThan(funcs []*source.Func, claimed string) (have []string, judged bool) {
	for _, f := range funcs {
		if f.Obj == nil {
			return nil, false
		}
		sig, ok := f.Obj.Type().(*types.Signature)
		if !ok {
			return nil, false
		}
		for i := 0; i < sig.Results().Len(); i++ {
			t := sig.Results().At(i).Type()
			if types.IsInterface(t) {
				return nil, false
			}
			written := types.TypeString(t, source.Qualifier)
			under := types.TypeString(t.Underlying(), source.Qualifier)
			if sameTypeText(normalType(written), claimed) || sameTypeText(normalType(under), claimed) || basicAlias(under) == basicAlias(claimed) {
				return nil, false
			}
			have = append(have, written)
		}
	}
	return have, len(have) > 0
}

// valueWordRe follows a type said as a value: " value", " struct".
var valueWordRe = regexp.MustCompile(`^\s+(?:value|struct)\b`)

// pointerOrValueSaid reports whether written, a type a sentence says a
// function returns, names a type of the module as a pointer ("*Store"),
// or as itself with the word "value" after it (after): the claims a
// pointer said for a value, or a value for a pointer, make.
func (c *Checker) pointerOrValueSaid(written, after string) bool {
	name, pointer := strings.CutPrefix(strings.TrimSpace(written), "*")
	if !selectorOnlyRe.MatchString(name) || len(c.m.TypeNamed(lastName(name))) == 0 {
		return false
	}
	return pointer || valueWordRe.MatchString(after)
}

// basicTypeName reports whether s is a predeclared basic type ("int64",
// "string"), which no interface result can stand for.
func basicTypeName(s string) bool {
	tn, ok := types.Universe.Lookup(s).(*types.TypeName)
	if !ok {
		return false
	}
	_, basic := tn.Type().(*types.Basic)
	return basic
}

// compositeType parses s as a function, map, slice, array or channel type
// and returns it written without parameter names; ok is false for
// anything else.
func compositeType(s string) (string, bool) {
	e, err := parser.ParseExpr(s)
	if err != nil {
		return "", false
	}
	switch e.(type) {
	case *ast.FuncType, *ast.MapType, *ast.ArrayType, *ast.ChanType:
		return typeText(e), true
	}
	return "", false
}

// typeText writes a type expression as a declaration would, with the
// names of function parameters and results left out ("func(byte) bool"
// for "func(c byte) bool").
func typeText(e ast.Expr) string { return normalType(types.ExprString(e)) }

// normalType rewrites a type written as text without the names of
// function parameters and results. It parses a copy: the module's syntax
// is shared and must not change. Text that does not parse is returned as
// it is.
func normalType(text string) string {
	cp, err := parser.ParseExpr(text)
	if err != nil {
		return text
	}
	ast.Inspect(cp, func(n ast.Node) bool {
		if ft, ok := n.(*ast.FuncType); ok {
			for _, fl := range []*ast.FieldList{ft.Params, ft.Results} {
				if fl == nil {
					continue
				}
				var unnamed []*ast.Field
				for _, f := range fl.List {
					for i := 0; i < max(len(f.Names), 1); i++ {
						unnamed = append(unnamed, &ast.Field{Type: f.Type})
					}
				}
				fl.List = unnamed
			}
		}
		return true
	})
	return types.ExprString(cp)
}

// sameTypeText compares two type texts, package qualifiers aside: a text
// may write the module's own types with or without their package.
func sameTypeText(a, b string) bool {
	a, b = strings.ReplaceAll(a, " ", ""), strings.ReplaceAll(b, " ", "")
	return a == b || qualifierRe.ReplaceAllString(a, "") == qualifierRe.ReplaceAllString(b, "")
}

// basicAlias writes byte as uint8 and rune as int32, the types they name.
func basicAlias(t string) string {
	switch t {
	case "byte":
		return "uint8"
	case "rune":
		return "int32"
	}
	return t
}

// returnsKindRe follows "returns" with the kind of value said in words:
// "returns a map from …", "returns a slice of …".
var returnsKindRe = regexp.MustCompile(`(?i)^\s+an?\s+(map|slice|channel|string|boolean|bool)\b`)

// checkResultKinds judges the kind of value a sentence says in words
// that a module function returns ("`GetFieldParams` returns a map from
// …"): contradicted when no function of that name has a first result
// (an error aside) of that kind. A result of interface type may hold
// anything and is not judged.
func (c *Checker) checkResultKinds(prose string, claims []Claim, results []Result) []Result {
	for _, s := range c.verbSubjects(prose, claims, returnsVerbRe) {
		mm := returnsKindRe.FindStringSubmatchIndex(prose[s.after:])
		if mm == nil || len(s.funcs) == 0 {
			continue
		}
		kind := strings.ToLower(prose[s.after+mm[2] : s.after+mm[3]])
		var have []string
		held := false
		for _, f := range s.funcs {
			sig, ok := f.Obj.Type().(*types.Signature)
			if !ok || sig.Results().Len() == 0 {
				held = true
				continue
			}
			t := sig.Results().At(0).Type()
			switch u := t.Underlying().(type) {
			case *types.Interface:
				held = true
			case *types.Map:
				held = held || kind == "map"
			case *types.Slice:
				held = held || kind == "slice"
			case *types.Chan:
				held = held || kind == "channel"
			case *types.Basic:
				held = held || kind == "string" && u.Info()&types.IsString != 0 || (kind == "bool" || kind == "boolean") && u.Info()&types.IsBoolean != 0
			case *types.TypeParam:
				held = true
			}
			have = append(have, types.TypeString(t, func(p *types.Package) string { return p.Name() }))
		}
		if held || len(have) == 0 {
			continue
		}
		claim := Claim{Text: fmt.Sprintf("%s returns a %s", s.subject.Text, kind), Kind: KindResult, start: s.subject.start, end: s.after + mm[1]}
		results = append(results, Result{Claim: claim, Verdict: Contradicted, Reason: fmt.Sprintf("%s returns %s", s.subject.Text, strings.Join(have, " or "))})
	}
	return results
}
