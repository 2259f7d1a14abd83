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

var (
	// tupleRe follows "returns" when the clause gives the result types
	// in parentheses: "returns `(string, error)`".
	tupleRe = regexp.MustCompile("^\\s+`(\\([^`]*\\))`")
	// ownerRe ends the prose before a method named after its type's
	// possessive: "the `Codec` interface's `Encode`".
	ownerRe = regexp.MustCompile("`([A-Za-z_]\\w*)`(?:\\s+(?:interface|type|struct))?(?:'s|’s)\\s+$")
)

// checkResultTuples judges each clause that says a function or method
// returns a list of types in parentheses ("`Encode` returns `(string,
// error)`"): contradicted when no module function, method or interface
// method of that name (of the type named, when the text names one:
// "`Codec.Encode`", "the `Codec` interface's `Encode`") has those result
// types, package qualifiers aside. A place where a result or the claimed
// type is an interface matches any type, since the sentence may speak of
// the value inside.
func (c *Checker) checkResultTuples(prose string, claims []Claim, results []Result) []Result {
	for _, s := range c.verbSubjects(prose, claims, returnsVerbRe) {
		mm := tupleRe.FindStringSubmatchIndex(prose[s.after:])
		if mm == nil {
			continue
		}
		claimed, ok := tupleTypes(prose[s.after+mm[2] : s.after+mm[3]])
		if !ok {
			continue
		}
		recv := c.namedReceiver(s.subject.Text)
		if om := ownerRe.FindStringSubmatch(prose[:s.subject.start]); om != nil && recv == "" && len(c.m.TypeNamed(om[1])) > 0 {
			recv = om[1]
		}
		sigs := c.signaturesNamed(lastName(s.subject.Text), recv)
		if len(sigs) == 0 {
			continue
		}
		var have []string
		matched := false
		for _, sig := range sigs {
			if c.resultsMayBe(sig, claimed) {
				matched = true
				break
			}
			have = append(have, types.TypeString(sig.Results(), source.Qualifier))
		}
		if matched {
			continue
		}
		name := lastName(s.subject.Text)
		claim := Claim{Text: name + " returns (" + strings.Join(claimed, ", ") + ")", Kind: KindResult, start: s.subject.start, end: s.after + mm[1]}
		results = append(results, Result{Claim: claim, Verdict: Contradicted, Reason: fmt.Sprintf("%s returns %s", name, strings.Join(have, " or "))})
	}
	return results
}

// tupleTypes parses "(T1, T2)" as a result list and returns its types as
// written, parameter names left out.
func tupleTypes(s string) ([]string, bool) {
	e, err := parser.ParseExpr("func() " + s)
	if err != nil {
		return nil, false
	}
	ft, ok := e.(*ast.FuncType)
	if !ok || ft.Results == nil {
		return nil, false
	}
	out := fieldTypes(ft.Results)
	return out, len(out) > 0
}

// signaturesNamed returns the signatures of the module's functions,
// methods and interface methods called name, of the type recv when it is
// not "".
func (c *Checker) signaturesNamed(name, recv string) []*types.Signature {
	var out []*types.Signature
	for _, o := range c.m.Objects[name] {
		fn, ok := o.(*types.Func)
		if !ok {
			continue
		}
		sig, ok := fn.Type().(*types.Signature)
		if !ok {
			continue
		}
		if recv != "" && (sig.Recv() == nil || otherReceiver(fn, recv) || namedOf(sig.Recv().Type()) == nil) {
			continue
		}
		out = append(out, sig)
	}
	return out
}

// resultsMayBe reports whether sig's results may be the claimed types:
// as many, each the same as written or as its underlying type, package
// qualifiers aside, or an interface on either side.
func (c *Checker) resultsMayBe(sig *types.Signature, claimed []string) bool {
	if sig.Results().Len() != len(claimed) {
		return false
	}
	for i, want := range claimed {
		t := sig.Results().At(i).Type()
		written := normalType(types.TypeString(t, source.Qualifier))
		under := normalType(types.TypeString(t.Underlying(), source.Qualifier))
		if types.IsInterface(t) || c.mayBeInterface(want) || sameTypeText(written, want) || sameTypeText(under, want) {
			continue
		}
		return false
	}
	return true
}

// mayBeInterface reports whether a type written as text may be an
// interface: an interface type, a name of one, or a name the checker
// cannot resolve.
func (c *Checker) mayBeInterface(text string) bool {
	e, err := parser.ParseExpr(text)
	if err != nil {
		return true
	}
	var obj types.Object
	switch x := e.(type) {
	case *ast.InterfaceType:
		return true
	case *ast.Ident:
		if o := types.Universe.Lookup(x.Name); o != nil {
			obj = o
		} else if tn := c.m.TypeNamed(x.Name); len(tn) > 0 {
			for _, t := range tn {
				if types.IsInterface(t.Type()) {
					return true
				}
			}
			return false
		}
	case *ast.SelectorExpr:
		head, ok := x.X.(*ast.Ident)
		if !ok {
			return true
		}
		for _, p := range c.packagesNamed(head.Name) {
			if o := p.Scope().Lookup(x.Sel.Name); o != nil {
				obj = o
			}
		}
	default:
		return false // a pointer, slice, map, array, channel or function type
	}
	tn, ok := obj.(*types.TypeName)
	return !ok || types.IsInterface(tn.Type())
}
