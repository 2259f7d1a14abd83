package appsource

import (
	"cmp"
	"go/ast"
	"regexp"
	"slices"
	"strings"

	"github.com/explainerr/explainerr/explainerr/report"
)

// An app on an ORM (gorm's AutoMigrate, bun, sqlx with db tags) has no
// CREATE TABLE in its source: the table is its model struct, named by the
// ORM's rule (users: User) and its columns and indexes by the fields and
// their tags (`gorm:"uniqueIndex"`). When no schema statement names the
// table, the model is the schema an SQL error is fixed in.

// ModelNames returns the struct names an ORM maps to table by default:
// its singular in CamelCase (an "-f" or "-fe" one for "-ves"), and the
// plural too (a TableName method may keep it).
func ModelNames(table string) []string {
	singular := table
	switch {
	case strings.HasSuffix(table, "ies"):
		singular = strings.TrimSuffix(table, "ies") + "y"
	case strings.HasSuffix(table, "sses"), strings.HasSuffix(table, "xes"), strings.HasSuffix(table, "ches"), strings.HasSuffix(table, "shes"):
		singular = strings.TrimSuffix(table, "es")
	case strings.HasSuffix(table, "s"):
		singular = strings.TrimSuffix(table, "s")
	}
	names := []string{CamelCase(singular)}
	if stem, ok := strings.CutSuffix(table, "ves"); ok {
		// shelves: Shelf, knives: Knife (the inflection gorm uses).
		names = append(names, CamelCase(stem+"f"), CamelCase(stem+"fe"))
	}
	return append(names, CamelCase(table))
}

// CamelCase writes a snake_case name as Go names it (tracking_id:
// TrackingID).
func CamelCase(col string) string {
	var b strings.Builder
	for _, part := range strings.Split(col, "_") {
		if part == "" {
			continue
		}
		if strings.EqualFold(part, "id") {
			b.WriteString("ID")
			continue
		}
		b.WriteString(strings.ToUpper(part[:1]) + part[1:])
	}
	return b.String()
}

// ModelStructs returns the module's struct types an ORM maps to table
// (ModelNames), outside tests: those with an ORM's tags first (API and
// view types share the model's name), then by ModelNames' order and
// their packages' paths. When none has the name and the module sets a
// prefix of its tables' names (TablePrefixed), the name after its first
// "_" is tried.
func (m *Module) ModelStructs(table string) []TypeRef {
	out := m.modelStructs(ModelNames(table))
	if rest, ok := m.unprefixed(table); ok && len(out) == 0 {
		out = m.modelStructs(ModelNames(rest))
	}
	return out
}

// unprefixed returns a table's name after its first "_" when the module
// sets a prefix of its tables' names (TablePrefixed): "download_stats"
// of "x_download_stats" under a naming strategy's TablePrefix "x_".
func (m *Module) unprefixed(table string) (string, bool) {
	_, rest, ok := strings.Cut(table, "_")
	return rest, ok && rest != "" && m.TablePrefixed()
}

// tablePrefixSettings are what an ORM's setting of a prefix for every
// table's name is called: gorm's NamingStrategy.TablePrefix, xorm's
// names.NewPrefixMapper.
var tablePrefixSettings = []string{"TablePrefix", "PrefixMapper"}

// TablePrefixed reports whether a non-test file of the module sets a
// prefix for its tables' names (tablePrefixSettings): a table's name is
// then its model's after a prefix. It is read once per module version.
func (m *Module) TablePrefixed() bool {
	m.prefixOnce.Do(func() {
		for _, f := range m.Files {
			if strings.HasSuffix(f.Path, ".go") && !strings.HasSuffix(f.Path, "_test.go") && slices.ContainsFunc(tablePrefixSettings, f.holds) {
				m.prefixed = true
				return
			}
		}
	})
	return m.prefixed
}

// modelStructs is ModelStructs for the type names names.
func (m *Module) modelStructs(names []string) []TypeRef {
	var keys []dirName
	for k := range m.index().types {
		if slices.Contains(names, k.name) {
			keys = append(keys, k)
		}
	}
	slices.SortFunc(keys, func(a, b dirName) int {
		return cmp.Or(slices.Index(names, a.name)-slices.Index(names, b.name), strings.Compare(a.dir, b.dir))
	})
	var out []TypeRef
	for _, k := range keys {
		t, ok := m.Type(k.dir, k.name)
		if !ok || strings.HasSuffix(t.File.Path, "_test.go") {
			continue
		}
		if _, isStruct := t.Spec.Type.(*ast.StructType); isStruct {
			out = append(out, t)
		}
	}
	slices.SortStableFunc(out, func(a, b TypeRef) int { return boolRank(ormTagged(b)) - boolRank(ormTagged(a)) })
	return out
}

// ModelOf returns the struct an ORM maps to table: the one of
// ModelStructs, or the one with the ORM's tags among types of its name
// (an API type may share the model's name); false when there is none, or
// no one such.
func (m *Module) ModelOf(table string) (TypeRef, bool) {
	models := m.ModelStructs(table)
	if len(models) == 0 || len(models) > 1 && (!ormTagged(models[0]) || ormTagged(models[1])) {
		return TypeRef{}, false
	}
	return models[0], true
}

// boolRank is 1 for true, 0 for false.
func boolRank(b bool) int {
	if b {
		return 1
	}
	return 0
}

// modelSchemaChunks gives, for an SQL error naming a table no schema
// chunk shows or is about to (found, the trail's chunks so far), an
// ORM's table, the model struct that stands for it (ModelStructs), when
// there is one, as its schema; for a constraint an ORM made from a
// model's tag (ConstraintModel), that model.
func (m *Module) modelSchemaChunks(r *report.Report, s *staticSet, found []report.Chunk) []report.Chunk {
	name, table := sqlErrorNames(r)
	if table == "" && anyMessage(r, noSuchTable) {
		table = name
	}
	if table == "" {
		// A value too long names only its length: the table of the one
		// column of that length, a model's tag among them.
		_, table = m.tooLongColumn(r, s, sqlDialect(r))
	}
	if table == "" && anyMessage(r, constraintWords) {
		// A unique index an ORM made from a model's tag, named after
		// its table and column (uix_books_label): that model.
		if cf, ok := m.ConstraintModel(cmp.Or(name, constraintNamed(r))); ok {
			c := s.typeChunk(cf.Model)
			if covered(s.chunks, c) {
				return nil
			}
			c.Reason = report.ReasonSchema
			s.markLead(c)
			return []report.Chunk{c}
		}
	}
	if table == "" {
		return nil
	}
	model, ok := m.ModelOf(table)
	if !ok {
		return nil
	}
	// A table no database has: the lists of models a fresh database's
	// tables are made from that leave this model out.
	var lists []report.Chunk
	if anyMessage(r, noSuchTable) {
		for _, c := range m.modelSyncChunks(model.Spec.Name.Name) {
			if !covered(s.chunks, c) {
				s.markLead(c)
				lists = append(lists, c)
			}
		}
	}
	isSchema := func(c report.Chunk) bool { return c.Reason == report.ReasonSchema }
	if (slices.ContainsFunc(s.chunks, isSchema) || slices.ContainsFunc(found, isSchema)) && !hasFieldFor(model, name) {
		// A schema statement is in sight; the model only when it has a
		// field for the column the error names (a field whose tag maps
		// it elsewhere is the fix).
		return lists
	}
	c := s.typeChunk(model)
	if covered(s.chunks, c) {
		return lists
	}
	c.Reason = report.ReasonSchema
	return append([]report.Chunk{c}, lists...)
}

// hasFieldFor reports whether the struct t has a field named for column
// (its name in snake_case) or mapped to it by its tag.
func hasFieldFor(t TypeRef, column string) bool { return fieldFor(t, column) != nil }

// reORMTag matches a struct tag an ORM reads.
var reORMTag = regexp.MustCompile(`\b(?:gorm|bun|pg|db|xorm|sql):"`)

// ormTagged reports whether a field of the struct type t has a tag an ORM
// reads.
func ormTagged(t TypeRef) bool {
	st := t.Spec.Type.(*ast.StructType)
	for _, f := range st.Fields.List {
		if f.Tag != nil && reORMTag.MatchString(f.Tag.Value) {
			return true
		}
	}
	return false
}
