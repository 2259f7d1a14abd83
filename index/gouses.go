package index

import (
	"go/ast"
	"slices"
)

// collectUses records the identifiers node mentions and the functions it
// calls in c. Selector names are recorded without their qualifier, so
// "s.store.Get(id)" references "store" and "Get" and calls "Get".
func collectUses(node ast.Node, c *chunk) {
	refs := map[string]bool{}
	calls := map[string]bool{}
	ast.Inspect(node, func(n ast.Node) bool {
		switch x := n.(type) {
		case *ast.Ident:
			refs[x.Name] = true
		case *ast.CallExpr:
			if name := calleeName(x.Fun); name != "" {
				calls[name] = true
			}
		}
		return true
	})
	for _, d := range c.Declares {
		delete(refs, d)
	}
	c.References = append(c.References, sortedKeys(refs)...)
	c.Calls = append(c.Calls, sortedKeys(calls)...)
}

// calleeName returns the name of the function a call expression calls.
func calleeName(fun ast.Expr) string {
	for {
		switch f := fun.(type) {
		case *ast.Ident:
			return f.Name
		case *ast.SelectorExpr:
			return f.Sel.Name
		case *ast.IndexExpr:
			fun = f.X
		case *ast.IndexListExpr:
			fun = f.X
		case *ast.ParenExpr:
			fun = f.X
		default:
			return ""
		}
	}
}

func sortedKeys(m map[string]bool) []string {
	out := make([]string, 0, len(m))
	for k := range m {
		out = append(out, k)
	}
	slices.Sort(out)
	return out
}
