package checker

import (
	"go/ast"
	"go/types"
	"strings"

	"github.com/explainerr/explainerr/evals/internal/source"
)

// scopeFor returns the module functions the other claims of a text name as
// functions ("`Lookup`", "`(*Cart).Add`", "`Catalog.Lookup`"), leaving out
// those named like the claim's own last name, so that a variable in a
// selector or call ("`c.items`") is resolved as the function the text
// speaks of declares it.
func (c *Checker) scopeFor(cl Claim, claims []Claim) []*source.Func {
	if cl.Kind != KindSelector && cl.Kind != KindCall {
		return nil
	}
	own := lastName(cl.Text)
	var out []*source.Func
	for _, o := range claims {
		if o.fromExpr || o.start == cl.start && o.Text == cl.Text {
			continue
		}
		var name string
		switch o.Kind {
		case KindIdentifier:
			name = o.Text
		case KindSelector, KindCall:
			// Only a function named with its type ("Cart.Add"), not a
			// chain through a variable.
			n := normalizeSelector(o.Text)
			if i := strings.Index(n, "("); i >= 0 {
				n = n[:i]
			}
			parts := strings.Split(n, ".")
			if len(parts) > 2 || len(parts) == 2 && len(c.m.TypeNamed(parts[0])) == 0 {
				continue
			}
			name = n
		default:
			continue
		}
		recv, bare := source.SplitFuncName(name)
		if bare == own {
			continue
		}
		for _, f := range c.m.FuncsNamed(bare) {
			if recv == "" || f.Recv == recv {
				out = append(out, f)
			}
		}
	}
	return out
}

// localObjects returns the objects called name that the functions of
// scope declare (receiver, parameters, locals).
func localObjects(scope []*source.Func, name string) []types.Object {
	var out []types.Object
	for _, f := range scope {
		if f.Pkg == nil || f.Pkg.TypesInfo == nil {
			continue
		}
		ast.Inspect(f.Decl, func(n ast.Node) bool {
			if id, ok := n.(*ast.Ident); ok && id.Name == name {
				if o := f.Pkg.TypesInfo.Defs[id]; o != nil {
					out = append(out, o)
				}
			}
			return true
		})
	}
	return out
}
