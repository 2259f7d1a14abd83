package appsource

// Layered apps put two interfaces between a handler and its query: the
// handler calls a service interface, the service a store interface. The
// static context resolves the first call to the service's implementation;
// secondHop goes one interface further, to the store's implementation,
// where the query, the wrap or the transaction is.

// maxSecondHop bounds the functions the second hop adds.
const maxSecondHop = 2

// secondHop returns, for the functions of refs reached through an
// interface, the module functions they in turn call through an interface
// (their implementations), at most maxSecondHop, in the order of refs.
func (m *Module) secondHop(refs ...[]FuncRef) []FuncRef {
	var out []FuncRef
	seen := map[*FuncRef]bool{}
	for _, group := range refs {
		for i := range group {
			ref := &group[i]
			if ref.Via == "" || seen[ref] {
				continue
			}
			seen[ref] = true
			for _, next := range m.calleesIn(ref.File, ref.Decl, nil, 0) {
				if next.Via != "" && len(out) < maxSecondHop {
					out = append(out, next)
				}
			}
		}
	}
	return out
}
