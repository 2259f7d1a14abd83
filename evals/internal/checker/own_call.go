package checker

import (
	"fmt"
	"go/ast"
	"go/parser"
	"go/types"

	"github.com/explainerr/explainerr/evals/internal/source"
)

// ownCallMissing judges a call a clause says its subject makes, quoted
// with the subject's own parameter as an argument ("`UnmarshalText`
// decodes its argument with `FromBytes(b)`"): such a call is the
// subject's own, so reaching the callee through another function that
// passes it something else does not make the claim true. It returns why
// the claim is wrong, or "".
func ownCallMissing(funcs []*source.Func, quoted string) string {
	e, err := parser.ParseExpr(quoted)
	if err != nil {
		return ""
	}
	call, ok := e.(*ast.CallExpr)
	if !ok || len(call.Args) == 0 {
		return ""
	}
	callee := lastName(types.ExprString(call.Fun))
	for _, f := range funcs {
		if f.Decl == nil || f.Decl.Body == nil {
			return ""
		}
		params := map[string]bool{}
		for _, fl := range f.Decl.Type.Params.List {
			for _, n := range fl.Names {
				params[n.Name] = true
			}
		}
		own := false
		for _, a := range call.Args {
			if id, ok := a.(*ast.Ident); ok && params[id.Name] {
				own = true
			}
		}
		if !own {
			return ""
		}
		calls := false
		ast.Inspect(f.Decl.Body, func(n ast.Node) bool {
			if c, ok := n.(*ast.CallExpr); ok && lastName(types.ExprString(c.Fun)) == callee {
				calls = true
			}
			return !calls
		})
		if calls {
			return ""
		}
	}
	return fmt.Sprintf("%s does not call %s itself, though the call is written with its own parameter", funcs[0].Decl.Name.Name, callee)
}
