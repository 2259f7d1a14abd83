package appsource

import (
	"go/ast"
	"path/filepath"
	"regexp"
	"strings"

	"github.com/explainerr/explainerr/explainerr/report"
	"github.com/explainerr/explainerr/internal/astutil"
)

// database/sql passes a statement's argument that is a struct or a slice
// only as a driver.Valuer ("converting argument $5 type: unsupported type
// model.Tag, a struct"). When the type, or a module type made of it
// (type Tags []Tag), declares Value on its pointer, a value of it is no
// Valuer: that declaration is the fault.

// reUnsupportedArg finds the type database/sql could not convert.
var reUnsupportedArg = regexp.MustCompile(`converting argument \$?\d+ type: unsupported type ([\w.\[\]*]+), a \w+`)

// PointerValuer returns the Value method the module declares on the
// pointer of the type called name, or of a module type made of it (a
// slice, an array, a map or a pointer of it), whose values are then no
// driver.Valuer.
func (m *Module) PointerValuer(name string) (FuncRef, bool) {
	for _, v := range m.Methods("Value") {
		recv := v.Decl.Recv.List[0].Type
		owner := astutil.TypeName(recv)
		if owner != name && !m.madeOf(filepath.Dir(v.File.Path), owner, name) {
			continue
		}
		if _, ptr := recv.(*ast.StarExpr); ptr {
			return v, true
		}
	}
	return FuncRef{}, false
}

// madeOf reports whether the module type owner of the package in dir is a
// slice, an array, a map or a pointer of the type name: type Ts []T.
func (m *Module) madeOf(dir, owner, name string) bool {
	t, ok := m.Type(dir, owner)
	if !ok {
		return false
	}
	var elem ast.Expr
	switch t := t.Spec.Type.(type) {
	case *ast.ArrayType:
		elem = t.Elt
	case *ast.MapType:
		elem = t.Value
	case *ast.StarExpr:
		elem = t.X
	}
	return elem != nil && astutil.TypeName(elem) == name
}

// reNonValueResult finds the type whose Value method returned what no
// driver takes.
var reNonValueResult = regexp.MustCompile(`converting argument \$?\d+ type: non-Value type ([\w.\[\]*]+) returned from Value`)

// ValueMethod returns the Value method the module declares on the type
// called name (on its value or its pointer).
func (m *Module) ValueMethod(name string) (FuncRef, bool) {
	for _, v := range m.Methods("Value") {
		if astutil.TypeName(v.Decl.Recv.List[0].Type) == name {
			return v, true
		}
	}
	return FuncRef{}, false
}

// pointerValuerChunks gives, for an argument database/sql could not
// convert, the Value method declared on a pointer that leaves its values
// no driver.Valuer (PointerValuer), as a lead; for a Value method that
// returned what no driver takes, that method (ValueMethod).
func (m *Module) pointerValuerChunks(r *report.Report, s *staticSet) []report.Chunk {
	for _, msg := range errorMessages(r) {
		var v FuncRef
		var ok bool
		reason := report.ReasonOrigin
		if mm := reUnsupportedArg.FindStringSubmatch(msg); mm != nil {
			v, ok = m.PointerValuer(mm[1][strings.LastIndexByte(mm[1], '.')+1:])
		} else if mm := reNonValueResult.FindStringSubmatch(msg); mm != nil {
			// The driver.Valuer database/sql called.
			v, ok = m.ValueMethod(mm[1][strings.LastIndexByte(mm[1], '.')+1:])
			reason = report.ReasonImplementation
		} else {
			continue
		}
		if !ok {
			return nil
		}
		if s.seen[v.Decl] {
			s.markShown(v.File, v.Decl, reason)
			return nil
		}
		s.seen[v.Decl] = true
		c := s.funcChunk(v.File, v.Decl, reason)
		s.markLead(c)
		return []report.Chunk{c}
	}
	return nil
}
