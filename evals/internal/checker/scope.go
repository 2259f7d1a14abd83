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
	if cl.Kind != KindSelector && cl.Kind != KindCall && cl.Kind != KindField {
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
		if bare == own && recv == "" {
			// The name itself, not a function the text speaks of; a
			// method of a named type of that name (`(*Handlers).Create`
			// calling `h.product.Create`) is one.
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
			switch n := n.(type) {
			case *ast.Ident:
				if o := f.Pkg.TypesInfo.Defs[n]; o != nil && n.Name == name {
					out = append(out, o)
				}
			case *ast.CaseClause:
				// "switch v := x.(type)": each clause declares its own v.
				if o := f.Pkg.TypesInfo.Implicits[n]; o != nil && o.Name() == name {
					out = append(out, o)
				}
			}
			return true
		})
	}
	return out
}

// implicitObjects returns the variables called name that the module's
// type switches declare, one per case clause ("switch v := x.(type) {
// case *Foo: v.Bar() }"): the type checker records them apart from the
// other declarations.
func (c *Checker) implicitObjects(name string) []types.Object {
	var out []types.Object
	for _, p := range c.m.Pkgs {
		if p.TypesInfo == nil {
			continue
		}
		for n, o := range p.TypesInfo.Implicits {
			if _, ok := n.(*ast.CaseClause); ok && o.Name() == name {
				out = append(out, o)
			}
		}
	}
	return out
}

// variablesNamed returns the types of the module's variables called name
// (type switch variables included).
func (c *Checker) variablesNamed(name string) []types.Type {
	var out []types.Type
	for _, o := range append(append([]types.Object{}, c.m.Objects[name]...), c.implicitObjects(name)...) {
		if v, ok := o.(*types.Var); ok && !v.IsField() {
			out = append(out, v.Type())
		}
	}
	return out
}

// packagesNamed returns the imported packages a name may stand for: by
// their own name, or by the name a file imports them as ("pathModule
// \"path\"").
func (c *Checker) packagesNamed(name string) []*types.Package {
	out := c.m.Imported[name]
	for _, o := range c.m.Objects[name] {
		if pn, ok := o.(*types.PkgName); ok {
			out = append(append([]*types.Package{}, out...), pn.Imported())
		}
	}
	return out
}
