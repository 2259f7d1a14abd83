package appsource

import (
	"path/filepath"
	"regexp"
	"strings"

	"github.com/explainerr/explainerr/explainerr/report"
)

// A migration that rebuilds a table (SQLite's CREATE TABLE "t_new" …,
// INSERT … SELECT, DROP, RENAME) or creates it again may leave out a
// column an earlier statement gave it and the code still reads: "no
// such column" is then fixed in that migration, not in the query.

// DroppedColumn is a column an earlier schema statement of the module
// gives a table and a later one, in the same file, makes it without.
type DroppedColumn struct {
	Table         string
	Kept, Dropped SQLLiteral // the earlier statement, and the later one
}

// QualifiedTable returns the table a query of the module names by the
// alias or name qualifier, in front of column (fm.subpath in "JOIN
// groups_folders_mapping fm"): the table that qualifier stands for, when
// the module's queries agree on one.
func (m *Module) QualifiedTable(qualifier, column string) (string, bool) {
	if qualifier == "" {
		return "", false
	}
	named := regexp.MustCompile(`(?i)\b` + regexp.QuoteMeta(qualifier+"."+column) + `\b`)
	found := ""
	for _, l := range m.SQLLiterals() {
		if !l.DDL && named.MatchString(l.Value) {
			if t, ok := aliasedTable(l.Value, qualifier); ok {
				if found != "" && !strings.EqualFold(found, t) {
					return "", false // queries give the alias to several tables
				}
				found = t
			}
		}
	}
	return found, found != ""
}

// DroppedBy returns, for a table and a column it lacks, the schema
// statement that made the table without the column after an earlier one
// in the same file had given it one; false when there is none.
func (m *Module) DroppedBy(table, column string) (DroppedColumn, bool) {
	if table == "" || column == "" {
		return DroppedColumn{}, false
	}
	creates := regexp.MustCompile(`(?i)\bCREATE\s+TABLE\s+(?:IF\s+NOT\s+EXISTS\s+)?["` + "`" + `]?(?:\{\{)?` + regexp.QuoteMeta(table) + `(?:\}\})?(?:_new|_tmp|_temp)?["` + "`" + `]?\s*\(`)
	col := regexp.MustCompile(`(?i)(?:^|[\s(,"` + "`" + `])` + regexp.QuoteMeta(column) + `["` + "`" + `]?\s+\w`)
	var kept *SQLLiteral
	for _, l := range m.SQLLiterals() {
		if !l.DDL {
			continue
		}
		loc := creates.FindStringIndex(l.Value)
		if loc == nil {
			continue
		}
		if rollback(l) {
			continue // what a rollback makes is no later schema
		}
		def := tableDefinition(l.Value[loc[1]:])
		switch {
		case col.MatchString(def):
			l := l
			kept = &l
		case kept != nil && kept.File == l.File && kept.StartLine < l.StartLine:
			return DroppedColumn{Table: table, Kept: *kept, Dropped: l}, true
		}
	}
	return DroppedColumn{}, false
}

// rollback reports whether l rolls a migration back: its file or the
// name that holds it says so (0003_x.down.sql, sqliteV35DownSQL, func
// down(…)).
func rollback(l SQLLiteral) bool {
	name := strings.ToLower(literalSymbol(l) + " " + filepath.Base(l.File.Path))
	return strings.Contains(name, "down") || strings.Contains(name, "rollback") || strings.Contains(name, "revert")
}

// tableDefinition returns the column list of a CREATE TABLE whose text
// starts after its opening parenthesis, up to the one that closes it.
func tableDefinition(s string) string {
	depth := 1
	for i, r := range s {
		switch r {
		case '(':
			depth++
		case ')':
			depth--
			if depth == 0 {
				return s[:i]
			}
		}
	}
	return s
}

// droppedColumnChunks gives, for a column the table lacks, the schema
// statement that made the table without it after an earlier one gave it
// (DroppedBy), as the schema and a lead: the fix is there.
func (m *Module) droppedColumnChunks(r *report.Report, s *staticSet) []report.Chunk {
	if !anyMessage(r, noSuchColumn) {
		return nil
	}
	name, table := sqlErrorNames(r)
	if t, ok := m.QualifiedTable(table, name); ok {
		table = t
	}
	dc, ok := m.DroppedBy(table, name)
	if !ok {
		return nil
	}
	c := s.statementChunk(dc.Dropped, table, report.ReasonSchema)
	if covered(s.chunks, c) {
		return nil
	}
	s.markLead(c)
	return []report.Chunk{c}
}
