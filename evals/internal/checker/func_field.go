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

// KindFuncField is a claim about the function type of a field: "`Recovery.
// PanicHandlerFunc` is a `func(*PanicInformation)`".
const KindFuncField = "func_field"

// funcTypeRe follows a field: "is a", then a function type in code.
var funcTypeRe = regexp.MustCompile("^`\\s*(?:is|has type|is of type)\\s+(?:a|an)?\\s*`(func\\([^`]*)`")

// checkFuncFields judges "`T.F` is a `func(A) R`" for a field written with
// its type (or a chain of fields): the field's type, when it is a
// function type written as such (not a named type such as
// http.HandlerFunc), must take and return the types stated, pointers
// included; names of parameters do not count.
func (c *Checker) checkFuncFields(prose string, claims []Claim, results []Result) []Result {
	for _, cl := range claims {
		if cl.Kind != KindSelector || cl.fromExpr || cl.InCode || cl.end == 0 {
			continue
		}
		mm := funcTypeRe.FindStringSubmatch(prose[cl.end-1:])
		if mm == nil {
			continue
		}
		e, err := parser.ParseExpr(mm[1])
		if err != nil {
			continue
		}
		ft, ok := e.(*ast.FuncType)
		if !ok {
			continue
		}
		said := funcKey(fieldTypes(ft.Params), fieldTypes(ft.Results))
		vars := c.fieldVars(strings.Split(normalizeSelector(cl.Text), "."), cl.scope)
		if len(vars) == 0 {
			continue
		}
		var have []string
		match, judged := false, true
		for _, v := range vars {
			sig, ok := v.Type().(*types.Signature)
			if !ok {
				judged = false
				break
			}
			rel := types.RelativeTo(v.Pkg())
			for _, q := range []types.Qualifier{rel, source.Qualifier} {
				if sigKey(sig, q) == said {
					match = true
				}
			}
			have = append(have, types.TypeString(sig, rel))
		}
		if !judged || match {
			continue
		}
		claim := Claim{Text: cl.Text + " " + mm[1], Kind: KindFuncField, start: cl.start, end: cl.end + len(mm[0])}
		results = append(results, Result{Claim: claim, Verdict: Contradicted, Reason: fmt.Sprintf("%s is a %s", cl.Text, strings.Join(have, " or "))})
	}
	return results
}

// funcKey writes a function type from its parameter and result types.
func funcKey(params, results []string) string {
	return "func(" + strings.Join(params, ",") + ")(" + strings.Join(results, ",") + ")"
}

// sigKey writes a signature as funcKey does, its types qualified by q.
func sigKey(sig *types.Signature, q types.Qualifier) string {
	list := func(t *types.Tuple, variadic bool) []string {
		var out []string
		for i := 0; i < t.Len(); i++ {
			s := types.TypeString(t.At(i).Type(), q)
			if variadic && i == t.Len()-1 {
				if sl, ok := t.At(i).Type().(*types.Slice); ok {
					s = "..." + types.TypeString(sl.Elem(), q)
				}
			}
			out = append(out, strings.ReplaceAll(s, " ", ""))
		}
		return out
	}
	return funcKey(list(sig.Params(), sig.Variadic()), list(sig.Results(), false))
}
