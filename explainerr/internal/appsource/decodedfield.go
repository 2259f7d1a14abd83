package appsource

import (
	"go/ast"
	"path/filepath"
	"reflect"
	"regexp"
	"strconv"
	"strings"

	"github.com/explainerr/explainerr/explainerr/report"
)

// A value that did not fit its Go type on decoding ("json: cannot
// unmarshal array into Go struct field Settings.privacy.exportable of type
// string") is fixed either where the value comes from or at the field's
// declaration: the struct type the error names, followed along the path
// of JSON names to the field that refused the value.

// decodedStructField matches encoding/json's type error for a struct
// field: the struct type's name and the path of JSON names below it.
var decodedStructField = regexp.MustCompile(`json: cannot unmarshal \w+ into Go struct field (\w+)\.([\w.-]+) of type `)

// DecodedField is the declaration of the struct field a decoding error
// names.
type DecodedField struct {
	// Type is the struct type the error names, whose declaration holds
	// Field or leads to it.
	Type TypeRef
	// File is the file that declares Field, Line the line it is on and
	// Text that line.
	File *File
	Line int
	Text string
	// Start and End are the lines of the declaration that holds Field:
	// the named struct type, or the field of Type whose type it is.
	Start, End int
	// Symbol names that declaration's type.
	Symbol string
}

// DecodedField returns the declaration of the struct field that message,
// an encoding/json type error, names, when the struct type is the
// module's and the path of JSON names leads to one of its fields.
func (m *Module) DecodedField(message string) (DecodedField, bool) {
	mm := decodedStructField.FindStringSubmatch(message)
	if mm == nil {
		return DecodedField{}, false
	}
	name, path := mm[1], strings.Split(mm[2], ".")
	for _, f := range m.Files {
		for i := range f.facts.Types {
			if f.facts.Types[i].Name != name {
				continue
			}
			t, ok := m.Type(filepath.Dir(f.Path), name)
			if !ok {
				continue
			}
			if d, ok := m.followJSONPath(t, t, path); ok {
				return d, true
			}
		}
	}
	return DecodedField{}, false
}

// maxDecodeDepth bounds the named types followed along a JSON path.
const maxDecodeDepth = 8

// followJSONPath follows path from the struct type t (top is the type the
// error names) to the field of its last name.
func (m *Module) followJSONPath(top, t TypeRef, path []string) (DecodedField, bool) {
	st, _ := t.Spec.Type.(*ast.StructType)
	decl := ast.Node(t.Decl)
	for depth := 0; st != nil && depth < maxDecodeDepth; depth++ {
		// A json tag may hold dots ("privacy.exportable"): the longest
		// run of the path's names a tag gives whole is taken first.
		var fl *ast.Field
		for n := len(path); n >= 1 && fl == nil; n-- {
			if f, ok := jsonField(st, strings.Join(path[:n], ".")); ok {
				fl, path = f, append([]string{strings.Join(path[:n], ".")}, path[n:]...)
			}
		}
		if fl == nil {
			return DecodedField{}, false
		}
		if len(path) == 1 {
			line := m.Fset.Position(fl.Pos()).Line
			lines := t.File.Lines()
			if line < 1 || line > len(lines) {
				return DecodedField{}, false
			}
			return DecodedField{Type: top, File: t.File, Line: line, Text: strings.TrimSpace(lines[line-1]),
				Start: m.Fset.Position(decl.Pos()).Line, End: m.Fset.Position(decl.End()).Line, Symbol: t.Spec.Name.Name}, true
		}
		path = path[1:]
		switch x := elemType(fl.Type).(type) {
		case *ast.StructType:
			st = x
		default:
			next, ok := m.namedStruct(t.File, x)
			if !ok {
				return DecodedField{}, false
			}
			t, decl = next, next.Decl
			st, _ = next.Spec.Type.(*ast.StructType)
		}
	}
	return DecodedField{}, false
}

// elemType is the type a JSON value below a field of type e decodes
// into: the element of a pointer, slice, array or map.
func elemType(e ast.Expr) ast.Expr {
	for {
		switch x := e.(type) {
		case *ast.StarExpr:
			e = x.X
		case *ast.ArrayType:
			e = x.Elt
		case *ast.MapType:
			e = x.Value
		case *ast.ParenExpr:
			e = x.X
		default:
			return e
		}
	}
}

// namedStruct returns the module's declaration of the type e names, as
// written in file f.
func (m *Module) namedStruct(f *File, e ast.Expr) (TypeRef, bool) {
	switch x := e.(type) {
	case *ast.Ident:
		return m.Type(filepath.Dir(f.Path), x.Name)
	case *ast.SelectorExpr:
		if pkg, ok := x.X.(*ast.Ident); ok {
			if dir, ok := m.PackageDir(f, pkg.Name); ok {
				return m.Type(dir, x.Sel.Name)
			}
		}
	}
	return TypeRef{}, false
}

// jsonField returns the field of st that encoding/json decodes the key
// name into: the one whose json tag names it, or, untagged, whose Go name
// matches it regardless of case.
func jsonField(st *ast.StructType, name string) (*ast.Field, bool) {
	var folded *ast.Field
	for _, fl := range st.Fields.List {
		tag := ""
		if fl.Tag != nil {
			if s, err := strconv.Unquote(fl.Tag.Value); err == nil {
				tag, _, _ = strings.Cut(reflect.StructTag(s).Get("json"), ",")
			}
		}
		if tag == "-" {
			continue
		}
		if tag == name {
			return fl, true
		}
		if tag != "" {
			continue
		}
		for _, n := range fl.Names {
			if strings.EqualFold(n.Name, name) && folded == nil {
				folded = fl
			}
		}
	}
	return folded, folded != nil
}

// decodedFieldChunk returns the declaration of the struct field a JSON
// type error names, marked report.ReasonType: the whole declaration when
// it is short, else the lines around the field.
func (s *staticSet) decodedFieldChunk(r *report.Report) (report.Chunk, bool) {
	for _, msg := range errorMessages(r) {
		d, ok := s.m.DecodedField(report.AnalysedText(msg))
		if !ok {
			continue
		}
		start, end := d.Start, d.End
		if end-start > 2*frameAfter {
			start, end = max(start, d.Line-frameBefore), min(end, d.Line+frameAfter)
		}
		lines := d.File.Lines()
		end = min(end, len(lines))
		return report.Chunk{File: s.m.Rel(d.File.Path), StartLine: start, EndLine: end, Symbol: d.Symbol, Kind: "type",
			Reason: report.ReasonType, Text: strings.Join(lines[start-1:end], "\n")}, true
	}
	return report.Chunk{}, false
}
