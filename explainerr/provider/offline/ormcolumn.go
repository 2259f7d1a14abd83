package offline

import (
	"go/ast"
	"go/token"
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

// modelStruct is a struct type of the module an ORM maps to a table.
type modelStruct struct {
	file *appFile
	spec *ast.TypeSpec
	st   *ast.StructType
}

// modelsOfTable returns the module's structs an ORM maps to table: by
// gorm's default name for the struct, or by its TableName method, which
// returns the name or a constant of it.
func (s *appSource) modelsOfTable(table string) []modelStruct {
	named := map[string]bool{}
	for _, l := range s.mod.TableLiterals() {
		if fd, isFunc := l.Decl.(*ast.FuncDecl); isFunc && fd.Name.Name == "TableName" && strings.EqualFold(l.Value, table) {
			named[receiverName(fd)] = true
		}
	}
	consts := map[string]string{} // a file's string constants, for TableName's return
	var out []modelStruct
	s.eachDecl(func(f *appFile, d ast.Decl, _ string) {
		if strings.HasSuffix(f.path, "_test.go") {
			return
		}
		switch d := d.(type) {
		case *ast.GenDecl:
			for _, spec := range d.Specs {
				if vs, ok := spec.(*ast.ValueSpec); ok && d.Tok == token.CONST && len(vs.Names) == 1 && len(vs.Values) == 1 {
					if lit, ok := vs.Values[0].(*ast.BasicLit); ok && lit.Kind == token.STRING {
						consts[f.path+"\x00"+vs.Names[0].Name], _ = strconv.Unquote(lit.Value)
					}
				}
			}
		case *ast.FuncDecl:
			if d.Name.Name != "TableName" || d.Body == nil || len(d.Body.List) != 1 {
				return
			}
			if ret, ok := d.Body.List[0].(*ast.ReturnStmt); ok && len(ret.Results) == 1 {
				if id, ok := ret.Results[0].(*ast.Ident); ok && strings.EqualFold(consts[f.path+"\x00"+id.Name], table) {
					named[receiverName(d)] = true
				}
			}
		}
	})
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
			if st, isStruct := ts.Type.(*ast.StructType); isStruct && (named[ts.Name.Name] || strings.EqualFold(appsource.GormTable(ts.Name.Name), table)) {
				out = append(out, modelStruct{f, ts, st})
			}
		}
	})
	return out
}

// modelColumn returns the field of the module's model of table whose
// column is column (its `gorm:"column:…"` tag, or its name in
// snake_case), with the model's name; false when there is none, or more
// than one.
func (s *appSource) modelColumn(table, column string) (field sourceLine, model string, ok bool) {
	var fields []sourceLine
	var models []string
	var tagged []bool
	for _, m := range s.modelsOfTable(table) {
		for _, fl := range m.st.Fields.List {
			if len(fl.Names) == 1 && fieldColumn(fl) == column {
				fields, models, tagged = append(fields, s.lineOfPos(fl.Pos(), "")), append(models, m.spec.Name.Name), append(tagged, gormTagged(m.st))
			}
		}
	}
	if len(fields) > 1 {
		// An API or domain type shares the model's name: the one with
		// the ORM's tags is the model.
		var keep []int
		for i := range fields {
			if tagged[i] {
				keep = append(keep, i)
			}
		}
		if len(keep) != 1 {
			return sourceLine{}, "", false
		}
		return fields[keep[0]], models[keep[0]], true
	}
	if len(fields) == 0 {
		return sourceLine{}, "", false
	}
	return fields[0], models[0], true
}

// gormTagged reports whether a field of st has a gorm tag.
func gormTagged(st *ast.StructType) bool {
	for _, fl := range st.Fields.List {
		if fl.Tag != nil && strings.Contains(fl.Tag.Value, `gorm:"`) {
			return true
		}
	}
	return false
}

// retaggedColumn returns the field of the module's model of table named
// for column (its name in snake_case is column) whose tag maps it to
// another column, that column, and the model's name.
func (s *appSource) retaggedColumn(table, column string) (field sourceLine, tagged, model string, ok bool) {
	found := 0
	for _, m := range s.modelsOfTable(table) {
		for _, fl := range m.st.Fields.List {
			if len(fl.Names) == 1 && appsource.SnakeCase(fl.Names[0].Name) == column && fieldColumn(fl) != column {
				found++
				field, tagged, model = s.lineOfPos(fl.Pos(), ""), fieldColumn(fl), m.spec.Name.Name
			}
		}
	}
	return field, tagged, model, found == 1
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
