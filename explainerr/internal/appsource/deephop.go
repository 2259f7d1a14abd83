package appsource

import "go/ast"

// Layered apps put two interfaces between a handler and its query: the
// handler calls a service interface, the service a store interface. The
// static context resolves the first call to the service's implementation;
// secondHop goes one interface further, to the store's implementation,
// where the query, the wrap or the transaction is.

// maxSecondHop bounds the functions the second hop adds.
const maxSecondHop = 2

// secondHop returns, for the functions of refs (reached through an
// interface, or called directly: a service function whose store is an
// interface), the module functions they in turn call through an
// interface (their implementations), at most maxSecondHop, in the order
// of refs; no accessor.
func (m *Module) secondHop(refs ...[]FuncRef) []FuncRef {
	var out []FuncRef
	seen := map[*FuncRef]bool{}
	for _, group := range refs {
		for i := range group {
			ref := &group[i]
			if seen[ref] {
				continue
			}
			seen[ref] = true
			for _, next := range m.calleesIn(ref.File, ref.Decl, nil, 0) {
				if next.Via != "" && len(out) < maxSecondHop && !accessor(next.Decl) {
					out = append(out, next)
				}
			}
		}
	}
	return out
}

// accessor reports whether fd only returns what it holds: one return
// statement of fields, names or literals, no call (deps.Database(),
// d.Tags()). Reached through an interface, it says no more than the
// interface; the call made on its result is the step that matters.
func accessor(fd *ast.FuncDecl) bool {
	if fd == nil || fd.Body == nil || len(fd.Body.List) != 1 {
		return false
	}
	ret, ok := fd.Body.List[0].(*ast.ReturnStmt)
	if !ok || len(ret.Results) == 0 {
		return false
	}
	for _, e := range ret.Results {
		plain := true
		ast.Inspect(e, func(n ast.Node) bool {
			switch n.(type) {
			case *ast.CallExpr, *ast.FuncLit, *ast.CompositeLit:
				plain = false
			}
			return plain
		})
		if !plain {
			return false
		}
	}
	return true
}
