package offline

import (
	"go/ast"
	"strings"

	"github.com/explainerr/explainerr/explainerr/provider/offline/internal/linefacts"
	"github.com/explainerr/explainerr/internal/astutil"
)

// A method's receiver may be a struct embedded in another
// (Base{PageQueries; CartQueries}), reached through the outer value
// (db.Page(…) on a *Base): when the outer value's literal gives the
// other embedded structs and leaves this one out, the receiver is its
// zero value and every field of it, a pool or a client, is nil. The fix
// is that literal, not the method.

// embeddedLeftOut explains x, a field of the failing method's receiver
// (q.DB), when the receiver's type is embedded in a struct whose keyed
// literal in the module sets other fields but not the embedded one; it
// reports whether it did.
func (a *analysis) embeddedLeftOut(x string) bool {
	src := a.app()
	if src == nil || a.s.Frame == nil || strings.Count(x, ".") != 1 {
		return false
	}
	name, recv := a.siteDecl()
	root, field := linefacts.RootIdent(x), lastSelector(x)
	if recv == "" || src.receiverOf(name, recv) != root {
		return false
	}
	outer, lit, ok := src.literalLeavingOut(recv)
	if !ok {
		return false
	}
	a.g.Add(recv, outer, field)
	a.g.AddScanned(a.fileLoc(lit.Path, lit.Line))
	a.why(code(root) + " is the " + code(recv) + " embedded in " + code(outer) + ", and " + code(lit.Func) + " builds the " + code(outer) + " at " + a.cite(lit) + " with its other fields but leaves " + code(recv) + " out: it is the zero " + code(recv) + ", so " + code(x) + " is " + code("nil") + ".")
	a.fix("Give " + code(recv) + " in the " + code(outer) + " literal at " + code(a.fileLoc(lit.Path, lit.Line)) + ", as the other fields are (its " + code(field) + " set).")
	a.fixedAtOrigin = true
	return true
}

// literalLeavingOut finds a struct type of the module that embeds inner
// (a field with no name, of type inner or *inner) and a keyed literal of
// it, outside tests, that gives other fields but not inner: the outer
// type's name and the literal's line.
func (s *appSource) literalLeavingOut(inner string) (string, sourceLine, bool) {
	outers := map[string]bool{}
	s.eachDecl(func(f *appFile, d ast.Decl, in string) {
		gd, ok := d.(*ast.GenDecl)
		if !ok {
			return
		}
		for _, spec := range gd.Specs {
			ts, ok := spec.(*ast.TypeSpec)
			if !ok {
				continue
			}
			st, ok := ts.Type.(*ast.StructType)
			if !ok {
				continue
			}
			for _, fl := range st.Fields.List {
				if len(fl.Names) == 0 && lastSelector(strings.TrimPrefix(astutil.ExprString(fl.Type), "*")) == inner {
					outers[ts.Name.Name] = true
				}
			}
		}
	})
	if len(outers) == 0 {
		return "", sourceLine{}, false
	}
	var outer string
	var at sourceLine
	found := false
	s.eachDecl(func(f *appFile, d ast.Decl, in string) {
		if found || strings.HasSuffix(f.path, "_test.go") {
			return
		}
		ast.Inspect(d, func(n ast.Node) bool {
			lit, ok := n.(*ast.CompositeLit)
			if found || !ok || lit.Type == nil || len(lit.Elts) == 0 {
				return !found
			}
			typ := lastSelector(astutil.ExprString(lit.Type))
			if !outers[typ] {
				return true
			}
			for _, e := range lit.Elts {
				kv, keyed := e.(*ast.KeyValueExpr)
				if !keyed {
					return true // positional: every field is given
				}
				if k, ok := kv.Key.(*ast.Ident); ok && k.Name == inner {
					return true
				}
			}
			outer, at, found = typ, s.lineAt(f, lit.Pos(), in), true
			return false
		})
	})
	return outer, at, found
}
