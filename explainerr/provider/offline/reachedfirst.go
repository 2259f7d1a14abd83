package offline

import (
	"go/ast"

	"github.com/explainerr/explainerr/explainerr/internal/appsource"
)

// reachedFirst returns items, those whose function the request may have
// run (analysis.reached) first, each group in its order.
func reachedFirst[T any](a *analysis, items []T, decl func(T) *ast.FuncDecl) []T {
	if len(items) < 2 {
		return items
	}
	reached := appsource.ReachSet(a.reached())
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
