package offline

import (
	"go/ast"
	"reflect"
	"strconv"
	"strings"

	"github.com/explainerr/explainerr/explainerr/internal/appsource"
)

// PostgreSQL says `column "rating" of relation "reviews" does not exist`
// only of a column an INSERT or an UPDATE writes. An ORM writes no SQL
// text for it: it writes a model's fields, each to the column its tag or
// its name gives. The model of that table with a field for that column is
// where the statement's column comes from.

// modelColumn returns the field of the module's model of table (gorm's
// name for the struct, or its TableName method's) whose column is column
// (its `gorm:"column:…"` tag, or its name in snake_case), with the
// model's name; false when there is none, or more than one.
func (s *appSource) modelColumn(table, column string) (field sourceLine, model string, ok bool) {
	named := map[string]bool{}
	for _, l := range s.mod.TableLiterals() {
		if fd, isFunc := l.Decl.(*ast.FuncDecl); isFunc && fd.Name.Name == "TableName" && strings.EqualFold(l.Value, table) {
			named[receiverName(fd)] = true
		}
	}
	found := 0
	s.eachDecl(func(f *appFile, d ast.Decl, _ string) {
		gd, isGen := d.(*ast.GenDecl)
		if !isGen || strings.HasSuffix(f.path, "_test.go") {
			return
		}
		for _, spec := range gd.Specs {
			ts, isType := spec.(*ast.TypeSpec)
			if !isType {
				continue
			}
			st, isStruct := ts.Type.(*ast.StructType)
			if !isStruct || !named[ts.Name.Name] && !strings.EqualFold(appsource.GormTable(ts.Name.Name), table) {
				continue
			}
			for _, fl := range st.Fields.List {
				if len(fl.Names) != 1 || fieldColumn(fl) != column {
					continue
				}
				found++
				field, model = s.lineOfPos(fl.Pos(), ""), ts.Name.Name
			}
		}
	})
	return field, model, found == 1
}

// fieldColumn is the column gorm maps a struct field to: its tag's
// column, else its name in snake_case.
func fieldColumn(fl *ast.Field) string {
	if fl.Tag != nil {
		if raw, err := strconv.Unquote(fl.Tag.Value); err == nil {
			for _, part := range strings.Split(reflect.StructTag(raw).Get("gorm"), ";") {
				if k, v, ok := strings.Cut(strings.TrimSpace(part), ":"); ok && strings.EqualFold(k, "column") {
					return strings.TrimSpace(v)
				}
			}
		}
	}
	return appsource.SnakeCase(fl.Names[0].Name)
}

// writtenColumn says, for a column an INSERT or UPDATE of table writes,
// the model field the ORM writes it from; it reports whether it did.
func (a *analysis) writtenColumn(table, column string) bool {
	src := a.app()
	if src == nil || src.mod == nil || table == "" {
		return false
	}
	field, model, ok := src.modelColumn(table, column)
	if !ok {
		return false
	}
	a.g.Add(model)
	a.why("PostgreSQL names the column so when an INSERT or an UPDATE of " + code(table) + " writes it: the app's ORM writes " + code(column) + " from the field of " + code(model) + " at " + a.cite(field) + ".")
	return true
}
