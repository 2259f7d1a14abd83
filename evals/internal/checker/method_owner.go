package checker

import (
	"go/types"
	"strings"
)

// namedReceiver returns the type a claim names a method with ("Gob" of
// "`Gob.Encode`" or "`(*Gob).Encode(v)`"), when that is a type of the
// module and no variable of that name; "" otherwise ("`g.Encode`").
func (c *Checker) namedReceiver(text string) string {
	name := normalizeSelector(text)
	if i := strings.Index(name, "("); i >= 0 {
		name = name[:i]
	}
	parts := strings.Split(name, ".")
	if len(parts) != 2 || len(c.m.TypeNamed(parts[0])) == 0 {
		return ""
	}
	if strings.HasPrefix(strings.TrimSpace(text), "(") {
		// "(*cache).Delete" names a method, even in a package called
		// cache.
		return parts[0]
	}
	if c.isVariable(parts[0]) || len(c.packagesNamed(parts[0])) > 0 {
		return ""
	}
	return parts[0]
}

// otherReceiver reports whether fn is a method of a named type other than
// recv.
func otherReceiver(fn *types.Func, recv string) bool {
	sig, ok := fn.Type().(*types.Signature)
	if !ok || sig.Recv() == nil {
		return false
	}
	n := namedOf(sig.Recv().Type())
	return n != nil && n.Obj().Name() != recv
}
