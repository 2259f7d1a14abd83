package appsource

import (
	"cmp"
	"go/ast"
	"regexp"
	"slices"
	"strings"

	"github.com/explainerr/explainerr/explainerr/failureclass"
	"github.com/explainerr/explainerr/explainerr/report"
)

// An ORM makes a model's unique indexes from its tags and names them
// after the table and the column (gorm: uix_books_label for
// `unique_index`, idx_books_label for `uniqueIndex`, uni_books_label for
// `unique`), or as the tag says (`uniqueIndex:idx_label`); PostgreSQL
// names a column's UNIQUE constraint books_label_key. A constraint error
// that names one of those points at the model field whose tag makes it:
// the fix of an index wider or narrower than the app meant.

// derivedConstraint splits a constraint's name as an ORM or the database
// derives it: the table and column part between a known prefix or
// suffix.
var derivedConstraint = regexp.MustCompile(`^(?:(?:uix|idx|uni|ux|unique|uk|uq)_(\w+?)|(\w+?)_(?:key|unique|uniq|idx|uindex))$`)

// ConstraintField is the model field whose tag makes a unique index or
// constraint: the model, the field and its column.
type ConstraintField struct {
	Model  TypeRef
	Field  *ast.Field
	Column string
}

// ConstraintModel returns the model field an ORM made the index or
// constraint name from: one whose gorm tag names it, else the model of
// a table and a field of its column that the name is derived from
// (derivedConstraint); false when there is none, or more than one.
func (m *Module) ConstraintModel(name string) (ConstraintField, bool) {
	if name == "" {
		return ConstraintField{}, false
	}
	if c, ok := m.taggedConstraint(name); ok {
		return c, true
	}
	mm := derivedConstraint.FindStringSubmatch(strings.ToLower(name))
	if mm == nil {
		return ConstraintField{}, false
	}
	rest := mm[1] + mm[2]
	var found []ConstraintField
	for i := strings.IndexByte(rest, '_'); i > 0; {
		table, column := rest[:i], rest[i+1:]
		if model, ok := m.ModelOf(table); ok {
			if fl := fieldFor(model, column); fl != nil {
				found = append(found, ConstraintField{model, fl, column})
			}
		}
		j := strings.IndexByte(rest[i+1:], '_')
		if j < 0 {
			break
		}
		i += j + 1
	}
	if len(found) != 1 {
		return ConstraintField{}, false
	}
	return found[0], true
}

// taggedConstraint finds the one model field whose gorm tag gives an
// index or a constraint that name ("uniqueIndex:idx_label",
// "unique_index:uix_label", "index:idx_label,unique").
func (m *Module) taggedConstraint(name string) (ConstraintField, bool) {
	named := regexp.MustCompile(`(?i)(?:^|;)\s*(?:unique_?index|index)\s*:\s*` + regexp.QuoteMeta(name) + `\s*(?:[,;]|$)`)
	var keys []dirName
	for k := range m.index().types {
		keys = append(keys, k)
	}
	slices.SortFunc(keys, func(a, b dirName) int { return cmp.Or(strings.Compare(a.dir, b.dir), strings.Compare(a.name, b.name)) })
	var found []ConstraintField
	for _, k := range keys {
		t, ok := m.Type(k.dir, k.name)
		if !ok || strings.HasSuffix(t.File.Path, "_test.go") {
			continue
		}
		st, ok := t.Spec.Type.(*ast.StructType)
		if !ok {
			continue
		}
		for fl, tag := range TaggedFields(st) {
			if named.MatchString(tag.Get("gorm")) {
				found = append(found, ConstraintField{t, fl, GormColumn(fl)})
			}
		}
	}
	if len(found) != 1 {
		return ConstraintField{}, false
	}
	return found[0], true
}

// fieldFor returns the field of the struct t named for column (its name
// in snake_case) or mapped to it by its tag, or nil.
func fieldFor(t TypeRef, column string) *ast.Field {
	st, ok := t.Spec.Type.(*ast.StructType)
	if !ok || column == "" {
		return nil
	}
	for _, fl := range st.Fields.List {
		if len(fl.Names) == 1 && (SnakeCase(fl.Names[0].Name) == column || GormColumn(fl) == column) {
			return fl
		}
	}
	return nil
}

// constraintNamed returns the constraint or unique index a constraint
// error of the request names ("duplicate key value violates unique
// constraint \"uix_books_label\""), as the failure's rules capture it.
func constraintNamed(r *report.Report) string {
	for _, msg := range errorMessages(r) {
		if c := failureclass.Classify(report.Error{Message: msg}).Captures["constraint"]; c != "" {
			return c
		}
	}
	return ""
}
