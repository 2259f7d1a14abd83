package appsource

import (
	"go/ast"
	"path/filepath"
)

// FieldOrigin is one composite literal of a struct type that builds it in
// a function of the module, seen from one field: the literal leaves the
// field out, copies a parameter of its function into it, or sets it
// otherwise.
type FieldOrigin struct {
	// Func is the function holding the literal; Line the literal's line.
	Func FuncRef
	Line int
	// Left is true when the literal does not set the field.
	Left bool
	// Param is the parameter of Func the literal copies into the field,
	// "" when it copies none.
	Param string
	// Callers are the module functions that call Func, when Param is set:
	// the value comes from them.
	Callers []FuncRef
}

// FieldOrigins returns the composite literals of the struct type name of
// the package in dir, in that package or in another that imports it
// (api.MessageAPI{…} in a router), as seen from field, in the order of
// the module's files; those in functions named New… first.
func (m *Module) FieldOrigins(dir, name, field string) []FieldOrigin {
	t, ok := m.Type(dir, name)
	if !ok {
		return nil
	}
	st, ok := t.Spec.Type.(*ast.StructType)
	if !ok {
		return nil
	}
	pos, i := -1, 0
	for _, fl := range st.Fields.List {
		for _, n := range fl.Names {
			if n.Name == field {
				pos = i
			}
			i++
		}
		if len(fl.Names) == 0 {
			if TypeName(fl.Type) == field {
				pos = i // an embedded field is named by its type
			}
			i++
		}
	}
	if pos < 0 {
		return nil
	}
	var named, other []FieldOrigin
	for _, f := range m.Files {
		// In its package the literal is T{…}; elsewhere pkg.T{…}, with
		// pkg the name the file imports the package by.
		pkgName, own := "", filepath.Dir(f.Path) == filepath.Clean(dir)
		if !own {
			for n, d := range importDirs(m, f) {
				if d == filepath.Clean(dir) {
					pkgName = n
				}
			}
			if pkgName == "" {
				continue
			}
		}
		for _, d := range f.Syntax().Decls {
			fd, ok := d.(*ast.FuncDecl)
			if !ok || fd.Body == nil {
				continue
			}
			params := map[string]bool{}
			for _, p := range fd.Type.Params.List {
				for _, n := range p.Names {
					params[n.Name] = true
				}
			}
			ast.Inspect(fd.Body, func(n ast.Node) bool {
				cl, ok := n.(*ast.CompositeLit)
				if !ok {
					return true
				}
				if !literalOf(cl, pkgName, name) {
					return true
				}
				o := FieldOrigin{Func: FuncRef{File: f, Decl: fd}, Line: m.Fset.Position(cl.Pos()).Line, Left: true}
				for j, el := range cl.Elts {
					v := el
					if kv, ok := el.(*ast.KeyValueExpr); ok {
						if k, ok := kv.Key.(*ast.Ident); !ok || k.Name != field {
							continue
						}
						v = kv.Value
					} else if j != pos {
						continue
					}
					o.Left = false
					if id, ok := v.(*ast.Ident); ok && params[id.Name] {
						o.Param = id.Name
						o.Callers = m.CallersOf(o.Func)
					}
				}
				if len(fd.Name.Name) >= 3 && (fd.Name.Name[:3] == "New" || fd.Name.Name[:3] == "new") {
					named = append(named, o)
				} else {
					other = append(other, o)
				}
				return true
			})
		}
	}
	return append(named, other...)
}

// literalOf reports whether the composite literal cl is of the type name,
// written bare (pkg "", in its package) or as pkg.name.
func literalOf(cl *ast.CompositeLit, pkg, name string) bool {
	if pkg == "" {
		id, ok := cl.Type.(*ast.Ident)
		return ok && id.Name == name
	}
	sel, ok := cl.Type.(*ast.SelectorExpr)
	if !ok || sel.Sel.Name != name {
		return false
	}
	x, ok := sel.X.(*ast.Ident)
	return ok && x.Name == pkg
}
