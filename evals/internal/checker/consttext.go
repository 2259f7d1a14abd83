package checker

import (
	"go/constant"
	"go/types"
	"sort"
)

// constantsValued returns the exported string constants of the module and
// the packages it imports whose value is text, as "pkg.Name", sorted: an
// HTTP method written as `OPTIONS` is the value of http.MethodOptions, not
// an unknown name.
func (c *Checker) constantsValued(text string) []string {
	c.constOnce.Do(func() {
		c.consts = map[string][]string{}
		for _, list := range c.m.Imported {
			for _, p := range list {
				for _, name := range p.Scope().Names() {
					k, ok := p.Scope().Lookup(name).(*types.Const)
					if !ok || !k.Exported() || k.Val().Kind() != constant.String {
						continue
					}
					v := constant.StringVal(k.Val())
					c.consts[v] = append(c.consts[v], p.Name()+"."+name)
				}
			}
		}
		for _, names := range c.consts {
			sort.Strings(names)
		}
	})
	return c.consts[text]
}
