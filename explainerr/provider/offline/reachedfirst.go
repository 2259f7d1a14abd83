package offline

import "go/ast"

// reachedFirst returns items, those whose function the request may have
// run (analysis.reached) first, each group in its order.
func reachedFirst[T any](a *analysis, items []T, decl func(T) *ast.FuncDecl) []T {
	if len(items) < 2 {
		return items
	}
	reached := map[*ast.FuncDecl]bool{}
	for _, ref := range a.reached() {
		reached[ref.Decl] = true
	}
	var first, rest []T
	for _, it := range items {
		if reached[decl(it)] {
			first = append(first, it)
		} else {
			rest = append(rest, it)
		}
	}
	return append(first, rest...)
}
