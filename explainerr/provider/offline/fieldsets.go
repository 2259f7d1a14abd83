package offline

import (
	"go/ast"
	"go/token"
	"path/filepath"

	"github.com/explainerr/explainerr/explainerr/internal/appsource"
)

// A constructor that leaves a field out does not make the field nil for
// good: the program may set it afterwards (srv.Store = store in main), in
// another literal, or through a pointer to it. Before the analyzer says a
// field is never set, it looks for every such place in the module.

// fieldSets returns the places in the module that set a field named field
// to something other than nil: an assignment x.field = v, a keyed literal
// element field: v, or &x.field (a pointer through which it can be set).
// The type of x is not known without type checking, so a field of the
// same name on another type counts too: the result errs towards "set".
// Only a composite literal says its type (the name its type expression
// ends in, as a call's): one of another type than owner (when owner is
// not "") does not count.
func (s *appSource) fieldSets(owner, field string) []sourceLine {
	var out []sourceLine
	// The keyed elements of literals of other types than owner.
	otherType := map[*ast.KeyValueExpr]bool{}
	// Only the files whose facts say they may set such a field are parsed.
	may := func(f *appFile) bool { return f.src == nil || f.src.MaySetField(field) }
	s.eachFuncWhere(may, func(f *appFile, fd *ast.FuncDecl) {
		fn := funcName(fd)
		at := func(pos token.Pos) { out = append(out, s.lineAt(f, pos, fn)) }
		ast.Inspect(fd.Body, func(n ast.Node) bool {
			switch x := n.(type) {
			case *ast.CompositeLit:
				if name := appsource.CalleeName(x.Type); owner != "" && name != "" && name != owner {
					for _, e := range x.Elts {
						if kv, ok := e.(*ast.KeyValueExpr); ok {
							otherType[kv] = true
						}
					}
				}
			case *ast.AssignStmt:
				for i, l := range x.Lhs {
					if sel, ok := l.(*ast.SelectorExpr); ok && sel.Sel.Name == field && (len(x.Rhs) != len(x.Lhs) || !isNilIdent(x.Rhs[i])) {
						at(x.Pos())
					}
				}
			case *ast.KeyValueExpr:
				if k, ok := x.Key.(*ast.Ident); ok && k.Name == field && !isNilIdent(x.Value) && !otherType[x] {
					at(x.Pos())
				}
			case *ast.UnaryExpr:
				if sel, ok := x.X.(*ast.SelectorExpr); ok && x.Op == token.AND && sel.Sel.Name == field {
					at(x.Pos())
				}
			}
			return true
		})
	})
	return out
}

// fieldSetsIn is fieldSets for the field of owner declared in the
// package in dir (typeDir): an unexported field, which no other package
// can name, is set only by that package's code (another package's type
// of the same field name aside).
func (s *appSource) fieldSetsIn(dir, owner, field string) []sourceLine {
	all := s.fieldSets(owner, field)
	if dir == "" || token.IsExported(field) {
		return all
	}
	var out []sourceLine
	for _, l := range all {
		if filepath.Clean(filepath.Dir(l.Path)) == filepath.Clean(dir) {
			out = append(out, l)
		}
	}
	return out
}

// setsField reports whether the module sets field anywhere (fieldSets),
// on a value of type owner when owner is not "".
func (s *appSource) setsField(owner, field string) bool {
	return len(s.fieldSets(owner, field)) > 0
}

// setsFieldOf reports whether the module may set field of the struct type
// typ: anywhere for an exported field (fieldSets), only in the package
// that declares typ for an unexported one, which no other package can
// name.
func (s *appSource) setsFieldOf(typ, field string) bool {
	dir := ""
	if decl, _, ok := s.structField(typ, field); ok {
		dir = filepath.Dir(decl.Path)
	}
	return len(s.fieldSetsIn(dir, typ, field)) > 0
}
