package offline

import (
	"go/ast"
	"go/token"
	"path/filepath"
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
func (s *appSource) fieldSets(field string) []sourceLine {
	var out []sourceLine
	// Only the files whose facts say they may set such a field are parsed.
	may := func(f *appFile) bool { return f.src == nil || f.src.MaySetField(field) }
	s.eachFuncWhere(may, func(f *appFile, fd *ast.FuncDecl) {
		fn := funcName(fd)
		at := func(pos token.Pos) { out = append(out, s.lineAt(f, pos, fn)) }
		ast.Inspect(fd.Body, func(n ast.Node) bool {
			switch x := n.(type) {
			case *ast.AssignStmt:
				for i, l := range x.Lhs {
					if sel, ok := l.(*ast.SelectorExpr); ok && sel.Sel.Name == field && (len(x.Rhs) != len(x.Lhs) || !isNilIdent(x.Rhs[i])) {
						at(x.Pos())
					}
				}
			case *ast.KeyValueExpr:
				if k, ok := x.Key.(*ast.Ident); ok && k.Name == field && !isNilIdent(x.Value) {
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

// setsField reports whether the module sets field anywhere (fieldSets).
func (s *appSource) setsField(field string) bool {
	return len(s.fieldSets(field)) > 0
}

// setsFieldOf reports whether the module may set field of the struct type
// typ: anywhere for an exported field (fieldSets), only in the package
// that declares typ for an unexported one, which no other package can
// name.
func (s *appSource) setsFieldOf(typ, field string) bool {
	decl, _, ok := s.structField(typ, field)
	if !ok || token.IsExported(field) {
		return s.setsField(field)
	}
	dir := filepath.Dir(decl.Path)
	for _, l := range s.fieldSets(field) {
		if filepath.Dir(l.Path) == dir {
			return true
		}
	}
	return false
}
