package appsource

import (
	"go/ast"
	"go/token"
	"path/filepath"
	"regexp"
	"strings"

	"github.com/explainerr/explainerr/internal/astutil"
)

// A handler method goes through fields of its receiver (s.Store.Get(…));
// a field the receiver's constructor leaves out of its literal, and that
// no statement of the module assigns, is nil for every request. When the
// stack that would show the failing line is lost (a panic raised again
// by a timeout middleware), such a field of the route's handler is the
// lead to the constructor where the fix is.

// UnsetField is a field of a method's receiver that the method goes
// through and that the module never sets.
type UnsetField struct {
	Field string
	// Type is the field's type as written (*store.Store).
	Type string
	// Use is the line of the method that first goes through it.
	Use int
	// Ctor is the literal of the receiver's type that leaves it out, in
	// a function named New… when one does.
	Ctor FieldOrigin
}

// UnsetFields returns the fields of ref's receiver (a pointer, map,
// function or interface the method calls or indexes through) that a
// literal of the receiver's type leaves out, that no literal of it sets
// and that no statement of the module outside tests assigns (x.F = …,
// &x.F), in the order the method first uses them.
func (m *Module) UnsetFields(ref FuncRef) []UnsetField {
	fd := ref.Decl
	if fd == nil || fd.Recv == nil || len(fd.Recv.List) != 1 || len(fd.Recv.List[0].Names) != 1 || fd.Body == nil {
		return nil
	}
	recv, typ := fd.Recv.List[0].Names[0].Name, TypeName(fd.Recv.List[0].Type)
	through := regexp.MustCompile(`\b` + regexp.QuoteMeta(recv) + `\.(\w+)\s*[.\[(]`)
	lines := ref.File.Lines()
	start, end := m.Fset.Position(fd.Body.Pos()).Line, m.Fset.Position(fd.Body.End()).Line
	var out []UnsetField
	seen := map[string]bool{}
	for ln := start; ln <= end && ln <= len(lines); ln++ {
		for _, mm := range through.FindAllStringSubmatch(lines[ln-1], -1) {
			field := mm[1]
			if seen[field] {
				continue
			}
			seen[field] = true
			ctor, ft, ok := m.leftOutEverywhere(filepath.Dir(ref.File.Path), typ, field)
			if ok && !m.assignsField(field) {
				out = append(out, UnsetField{Field: field, Type: ft, Use: ln, Ctor: ctor})
			}
		}
	}
	return out
}

// leftOutEverywhere returns the first literal of the type outside tests
// that leaves field out, when there is one and none sets it, with the
// field's type as written; false too when field is no field of the type
// that may hold nil.
func (m *Module) leftOutEverywhere(dir, typ, field string) (FieldOrigin, string, bool) {
	t, ok := m.Type(dir, typ)
	if !ok {
		return FieldOrigin{}, "", false
	}
	st, ok := t.Spec.Type.(*ast.StructType)
	if !ok {
		return FieldOrigin{}, "", false
	}
	ft, ok := m.nilableField(dir, st, field)
	if !ok {
		return FieldOrigin{}, "", false
	}
	var first FieldOrigin
	found := false
	for _, o := range m.FieldOrigins(dir, typ, field) {
		if strings.HasSuffix(o.Func.File.Path, "_test.go") {
			continue
		}
		if !o.Left {
			return FieldOrigin{}, "", false
		}
		if !found {
			first, found = o, true
		}
	}
	return first, ft, found
}

// nilableField reports whether the struct declares field with a type
// whose zero value is nil: a pointer, a map, a function, a channel, or an
// interface (written in place, or a type of the package in dir declared
// as one), with the type as written. A struct held by value is never nil.
func (m *Module) nilableField(dir string, st *ast.StructType, field string) (string, bool) {
	for _, fl := range st.Fields.List {
		for _, n := range fl.Names {
			if n.Name != field {
				continue
			}
			switch t := fl.Type.(type) {
			case *ast.StarExpr, *ast.MapType, *ast.FuncType, *ast.InterfaceType, *ast.ChanType:
				return astutil.ExprString(fl.Type), true
			case *ast.Ident:
				if d, ok := m.Type(dir, t.Name); ok {
					_, iface := d.Spec.Type.(*ast.InterfaceType)
					return t.Name, iface
				}
			}
		}
	}
	return "", false
}

// assignsField reports whether a statement of the module outside tests
// assigns a field of that name (x.F = …) or takes its address (&x.F),
// whatever the type: the files whose facts say they may are read.
func (m *Module) assignsField(field string) bool {
	for _, f := range m.Files {
		if strings.HasSuffix(f.Path, "_test.go") || !f.MaySetField(field) {
			continue
		}
		found := false
		ast.Inspect(f.Syntax(), func(n ast.Node) bool {
			switch x := n.(type) {
			case *ast.AssignStmt:
				for _, l := range x.Lhs {
					if sel, ok := l.(*ast.SelectorExpr); ok && sel.Sel.Name == field {
						found = true
					}
				}
			case *ast.UnaryExpr:
				if sel, ok := x.X.(*ast.SelectorExpr); ok && x.Op == token.AND && sel.Sel.Name == field {
					found = true
				}
			}
			return !found
		})
		if found {
			return true
		}
	}
	return false
}
