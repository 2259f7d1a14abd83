package offline

import (
	"go/ast"

	"github.com/explainerr/explainerr/explainerr/internal/appsource"
)

// PostgreSQL says `column "rating" of relation "reviews" does not exist`
// only of a column an INSERT or an UPDATE writes. An ORM writes no SQL
// text for it: it writes a model's fields, each to the column its tag or
// its name gives. The model of that table with a field for that column is
// where the statement's column comes from.

// modelField returns the one field of the module's model of table
// (appsource.Module.ModelOf) for which match holds, its line, and the
// model's name; false when the model or the field is not one.
func (s *appSource) modelField(table string, match func(*ast.Field) bool) (*ast.Field, sourceLine, string, bool) {
	t, ok := s.mod.ModelOf(table)
	if !ok {
		return nil, sourceLine{}, "", false
	}
	st, isStruct := t.Spec.Type.(*ast.StructType)
	if !isStruct {
		return nil, sourceLine{}, "", false
	}
	var found []*ast.Field
	for _, fl := range st.Fields.List {
		if len(fl.Names) == 1 && match(fl) {
			found = append(found, fl)
		}
	}
	if len(found) != 1 {
		return nil, sourceLine{}, "", false
	}
	return found[0], s.lineOfPos(found[0].Pos(), ""), t.Spec.Name.Name, true
}

// modelColumn returns the field of the module's model of table that gorm
// maps to column (appsource.GormColumn), with the model's name.
func (s *appSource) modelColumn(table, column string) (field sourceLine, model string, ok bool) {
	_, field, model, ok = s.modelField(table, func(fl *ast.Field) bool { return appsource.GormColumn(fl) == column })
	return field, model, ok
}

// retaggedColumn returns the field of the module's model of table named
// for column (its name in snake_case is column) whose tag maps it to
// another column, that column, and the model's name.
func (s *appSource) retaggedColumn(table, column string) (field sourceLine, tagged, model string, ok bool) {
	fl, field, model, ok := s.modelField(table, func(fl *ast.Field) bool {
		return appsource.SnakeCase(fl.Names[0].Name) == column && appsource.GormColumn(fl) != column
	})
	if !ok {
		return sourceLine{}, "", "", false
	}
	return field, appsource.GormColumn(fl), model, true
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

// retaggedColumnSays explains a column the query names for a model's
// field whose tag maps the field to another column (Team with
// `gorm:"column:team_name"`, the query's team): the tag and the query
// (or the code generated from the model) disagree. It reports whether it
// did.
func (a *analysis) retaggedColumnSays(table, column string) bool {
	src := a.app()
	if src == nil || src.mod == nil || table == "" {
		return false
	}
	field, tagged, model, ok := src.retaggedColumn(table, column)
	if !ok {
		return false
	}
	a.g.Add(model, tagged)
	a.why("The model " + code(model) + " has a field named for " + code(column) + " whose tag maps it to the column " + code(tagged) + ", at " + a.cite(field) + ", while the query names " + code(column) + ": the tag and the query (or the query code generated from the model) name the column differently.")
	a.fix("Use one name for the column: " + code(column) + " in the tag at " + code(a.fileLoc(field.Path, field.Line)) + ", or " + code(tagged) + " in the query (regenerate the query code from the model when it is generated), and migrate the table to it.")
	return true
}
