package offline

import (
	"github.com/explainerr/explainerr/explainerr/internal/appsource"
	"go/ast"
	"reflect"
	"strconv"
	"strings"
)

// An app on an ORM (gorm's AutoMigrate, bun, sqlx with db tags) has no
// CREATE TABLE in its source: the table's columns are its model struct's
// fields, named by the ORM's rule (ApplicationID is application_id) or by
// a tag. When no schema statement is in sight, the model is the schema a
// missing column is checked against.

// ormModelSchema returns the schema the model struct of table gives
// (appsource.Module.ModelStructs: the one whose name is table's singular,
// messages: Message, categories: Category, an ORM-tagged one first);
// found is false when the module declares none.
func (a *analysis) ormModelSchema(table string) tableSchema {
	out := tableSchema{name: table}
	src := a.app()
	if src == nil || table == "" {
		return out
	}
	if src.mod == nil {
		return out
	}
	for _, t := range src.mod.ModelStructs(table) {
		cols := modelColumns(t.Spec.Type.(*ast.StructType))
		if len(cols) == 0 {
			continue
		}
		out.found, out.model, out.columns = true, true, cols
		out.created = src.lineAt(src.viewOf(t.File), t.Spec.Pos(), "")
		return out
	}
	return out
}

// modelColumns returns the columns of a model struct: each field's tag
// name (gorm's column:, bun's, go-pg's and sqlx's db), else its name in
// snake_case; gorm.Model's own columns for that embedded struct. Fields
// the tags leave out ("-") and relations (slices, maps, other structs
// but time.Time and the sql.Null types) are not columns.
func modelColumns(st *ast.StructType) []string {
	var out []string
	for _, fl := range st.Fields.List {
		tag := ""
		if fl.Tag != nil {
			if t, err := strconv.Unquote(fl.Tag.Value); err == nil {
				tag = t
			}
		}
		if len(fl.Names) == 0 {
			if sel, ok := fl.Type.(*ast.SelectorExpr); ok && sel.Sel.Name == "Model" {
				out = append(out, "id", "created_at", "updated_at", "deleted_at")
			}
			continue
		}
		if !columnType(fl.Type) {
			continue
		}
		for _, n := range fl.Names {
			if !n.IsExported() {
				continue
			}
			if col, ok := taggedColumn(tag); ok {
				if col != "" {
					out = append(out, col)
				}
				continue
			}
			out = append(out, appsource.SnakeCase(n.Name))
		}
	}
	return out
}

// taggedColumn reads a field's column from its tag: "" and true for one
// the tags leave out, false when no tag names it.
func taggedColumn(tag string) (string, bool) {
	st := reflect.StructTag(tag)
	if g, ok := st.Lookup("gorm"); ok {
		if g == "-" {
			return "", true
		}
		for _, part := range strings.Split(g, ";") {
			if k, v, ok := strings.Cut(part, ":"); ok && strings.EqualFold(strings.TrimSpace(k), "column") {
				return strings.TrimSpace(v), true
			}
		}
	}
	for _, key := range []string{"db", "bun", "pg"} {
		if v, ok := st.Lookup(key); ok {
			name, _, _ := strings.Cut(v, ",")
			if name == "-" {
				return "", true
			}
			if name != "" {
				return name, true
			}
		}
	}
	return "", false
}

// columnType reports whether a field of type t is a column rather than a
// relation: not a slice (but []byte), map, or struct of another package
// than time and database/sql.
func columnType(t ast.Expr) bool {
	switch x := t.(type) {
	case *ast.StarExpr:
		return columnType(x.X)
	case *ast.ArrayType:
		id, ok := x.Elt.(*ast.Ident)
		return ok && (id.Name == "byte" || id.Name == "uint8")
	case *ast.MapType, *ast.StructType, *ast.InterfaceType, *ast.FuncType, *ast.ChanType:
		return false
	case *ast.SelectorExpr:
		pkg, _ := x.X.(*ast.Ident)
		return pkg != nil && (pkg.Name == "time" || pkg.Name == "sql" || pkg.Name == "uuid" || pkg.Name == "decimal" || pkg.Name == "datatypes" || pkg.Name == "json")
	case *ast.Ident:
		// A basic type, or a named type of the package (an enum, an ID);
		// a struct of the package is a relation, told by its Name ending
		// in a capital word is not possible here: accepted.
		return true
	}
	return false
}
