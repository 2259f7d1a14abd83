package checker

import (
	"fmt"
	"go/types"
	"regexp"
	"strings"
)

// templateChainRe finds the field and method chains of a template action:
// ".Product.Price", "$.Member", "$loan.Due.Format".
var templateChainRe = regexp.MustCompile(`(?:^|[^\w.)\]])((?:\$\w*)?(?:\.[A-Za-z_]\w*)+)`)

// checkTemplateChain checks one chain of a template action. A chain the
// module's templates themselves use is verified: it is what the template
// says, even when it fails at run time. Otherwise its first name must be a
// field or method of some type of the module, and each following name a
// field or method of the type the previous one gives ("`.Price.Display`"
// on an int64 is contradicted). A first name that is no field or method
// anywhere (a map key) leaves only the names to look up.
func (c *Checker) checkTemplateChain(chain string) (string, string) {
	rest := chain
	if strings.HasPrefix(rest, "$") {
		rest = rest[strings.Index(rest, "."):]
	}
	if at := c.templateUses(rest); at != "" {
		return Verified, fmt.Sprintf("%s is used at %s", rest, at)
	}
	names := strings.Split(strings.TrimPrefix(rest, "."), ".")
	cur := c.memberTypes(names[0])
	if len(cur) == 0 {
		for _, name := range names {
			if !c.m.Members[name] && !c.m.TemplateField(name) && !c.m.Exists(name) {
				return UnknownIdentifier, "no field or method called " + name
			}
		}
		return Verified, "every name the action uses exists"
	}
	for i := 1; i < len(names); i++ {
		var next []types.Type
		for _, t := range cur {
			if opaque(t) {
				return Verified, fmt.Sprintf(".%s is a %s: its members are not known statically", strings.Join(names[:i], "."), t)
			}
			if nt := memberType(t, names[i]); nt != nil {
				next = append(next, nt)
			}
		}
		if len(next) == 0 {
			have := types.TypeString(cur[0], types.RelativeTo(nil))
			if c.m.Exists(names[i]) || c.m.TemplateField(names[i]) {
				return Contradicted, fmt.Sprintf("%s exists, but .%s is a %s, which has no field or method %s", names[i], strings.Join(names[:i], "."), have, names[i])
			}
			return UnknownIdentifier, fmt.Sprintf("no field or method called %s (.%s is a %s)", names[i], strings.Join(names[:i], "."), have)
		}
		cur = next
	}
	return Verified, rest + " resolves through the module's types"
}

// templateUses returns where a template of the module uses chain in an
// action, as "file:line", or "".
func (c *Checker) templateUses(chain string) string {
	for _, t := range c.m.Templates {
		for i, line := range c.views().quoted[t.File] {
			for at := 0; ; {
				j := strings.Index(line[at:], chain)
				if j < 0 {
					break
				}
				end := at + j + len(chain)
				if end == len(line) || !identCharRe.MatchString(line[end:end+1]) {
					return fmt.Sprintf("%s:%d", t.File, i+1)
				}
				at = end
			}
		}
	}
	return ""
}

// memberTypes returns the types of the module's fields and methods called
// name (for a method, its first result).
func (c *Checker) memberTypes(name string) []types.Type {
	var out []types.Type
	for _, o := range c.m.Objects[name] {
		switch o := o.(type) {
		case *types.Var:
			if o.IsField() {
				out = append(out, o.Type())
			}
		case *types.Func:
			if sig, ok := o.Type().(*types.Signature); ok && sig.Recv() != nil && sig.Results().Len() > 0 {
				out = append(out, sig.Results().At(0).Type())
			}
		}
	}
	return out
}

// memberType returns the type of t's field or method name (a method's
// first result), or nil.
func memberType(t types.Type, name string) types.Type {
	var pkg *types.Package
	if n := namedOf(t); n != nil {
		pkg = n.Obj().Pkg()
	}
	obj, _, _ := types.LookupFieldOrMethod(t, true, pkg, name)
	switch obj := obj.(type) {
	case *types.Var:
		return obj.Type()
	case *types.Func:
		if sig, ok := obj.Type().(*types.Signature); ok && sig.Results().Len() > 0 {
			return sig.Results().At(0).Type()
		}
	}
	return nil
}

// opaque reports whether a template cannot be checked past t: an
// interface (any), a map (its keys are data) or a type parameter.
func opaque(t types.Type) bool {
	if p, ok := t.Underlying().(*types.Pointer); ok {
		t = p.Elem()
	}
	switch t.Underlying().(type) {
	case *types.Interface, *types.Map:
		return true
	}
	_, isParam := t.(*types.TypeParam)
	return isParam
}
