package checker

import "go/types"

// packageValue reports whether name is a constant or a variable declared
// at package level in the module, whatever else (a method, a field) is
// called so too.
func (c *Checker) packageValue(name string) bool {
	for _, o := range c.m.Objects[name] {
		switch o.(type) {
		case *types.Const, *types.Var:
			if o.Pkg() != nil && o.Parent() == o.Pkg().Scope() {
				return true
			}
		}
	}
	return false
}
