package appsource

import (
	"regexp"
	"strings"

	"github.com/explainerr/explainerr/explainerr/report"
	"github.com/explainerr/explainerr/internal/words"
)

// A migration that adds a column under a misspelt name ("ADD COLUMN
// descripton") leaves the table without the column the code asks for
// ("no such column: description"): no statement of the schema names the
// missing column, and nothing but the schema names the one it made. The
// fix is that migration, which no table of a query leads to when the
// query is built at run time.

// definedColumn finds the columns a schema statement defines: added by
// ALTER TABLE, or a line of a CREATE TABLE that gives a name and a type.
var definedColumn = regexp.MustCompile(`(?i)\bADD\s+(?:COLUMN\s+)?(?:IF\s+NOT\s+EXISTS\s+)?["` + "`" + `\[]?(\w+)|(?m)^\s*["` + "`" + `\[]?(\w+)["` + "`" + `\]]?\s+(?:varchar|character|text|int|integer|bigint|smallint|boolean|bool|datetime|timestamp|timestamptz|real|float|double|numeric|decimal|blob|uuid|jsonb?|serial|bigserial|char|date)\b`)

// minMisspeltColumn is the shortest missing column's name a near one is
// looked for: shorter names are too often one letter from another column.
const minMisspeltColumn = 5

// MisspeltColumn is a column a schema statement defines under a name
// near the one an error asks for (MisspeltColumns).
type MisspeltColumn struct {
	// Column is the name the statement gives.
	Column string
	// At is the statement's line that names it.
	At  SourceLine
	lit *SQLLiteral
}

// MisspeltColumns returns the columns that the module's schema statements
// (of dialect first) define under a name one or two letters from name
// (one for names under eight letters) and that nothing outside the schema
// names, when the code asks for name in more than one place (a model's
// tag, or two lines): the places of a misspelling of the column the code
// asks for. A name only the failing query asks for is the query's
// misspelling, not the schema's.
func (m *Module) MisspeltColumns(name, dialect string) []MisspeltColumn {
	if m == nil || len(name) < minMisspeltColumn || !m.askedForElsewhere(name) {
		return nil
	}
	near := func(col string) bool {
		col, want := strings.ToLower(col), strings.ToLower(name)
		d := words.EditDistance(col, want)
		return d > 0 && (d == 1 || d == 2 && len(want) >= 8)
	}
	var out []MisspeltColumn
	lits := m.sqlLiteralsFor(dialect)
	for i, l := range lits {
		if !l.DDL {
			continue
		}
		for _, mm := range definedColumn.FindAllStringSubmatch(l.Value, -1) {
			if col := mm[1] + mm[2]; near(col) && !m.namedOutsideSchema(col) {
				lines, word := l.File.Lines(), sqlNameWord(col)
				at := SourceLine{Path: l.File.Path, Line: l.StartLine, Text: strings.TrimSpace(lines[l.StartLine-1])}
				for n := l.StartLine; n <= min(l.EndLine, len(lines)); n++ {
					if word.MatchString(lines[n-1]) {
						at = SourceLine{Path: l.File.Path, Line: n, Text: strings.TrimSpace(lines[n-1])}
						break
					}
				}
				out = append(out, MisspeltColumn{Column: col, At: at, lit: &lits[i]})
				break
			}
		}
	}
	m.eachSQLFile(func(path string, lines []string) bool {
		for n, line := range lines {
			for _, mm := range definedColumn.FindAllStringSubmatch(line, -1) {
				if col := mm[1] + mm[2]; near(col) && !m.namedOutsideSchema(col) {
					out = append(out, MisspeltColumn{Column: col, At: SourceLine{Path: path, Line: n + 1, Text: strings.TrimSpace(line)}})
				}
			}
		}
		return len(out) < maxPerFinder
	})
	return out
}

// misspeltColumnChunks returns the schema statements of MisspeltColumns.
func (m *Module) misspeltColumnChunks(s *staticSet, name, dialect string) []report.Chunk {
	var out []report.Chunk
	for _, mc := range m.MisspeltColumns(name, dialect) {
		if mc.lit != nil {
			out = append(out, s.statementChunk(*mc.lit, mc.Column, report.ReasonSchema))
			continue
		}
		for _, c := range m.sqlFileChunks(sqlNameWord(mc.Column)) {
			if c.File == m.Rel(mc.At.Path) && c.StartLine <= mc.At.Line && mc.At.Line <= c.EndLine {
				out = append(out, c)
			}
		}
	}
	return out[:min(len(out), maxPerFinder)]
}

// namedOutsideSchema reports whether a Go file of the module names col
// outside the schema statements it holds: in a query, a struct's tag, a
// constant.
func (m *Module) namedOutsideSchema(col string) bool {
	lines, _ := m.outsideSchema(col, 1)
	return lines > 0
}

// askedForElsewhere reports whether the code asks for col in more than
// the failing statement: a struct's tag names it (a model an ORM or a
// query builder maps), or two lines outside the schema do.
func (m *Module) askedForElsewhere(col string) bool {
	lines, tagged := m.outsideSchema(col, 2)
	return tagged || lines >= 2
}

// outsideSchema counts, up to most, the lines of the module's Go files
// that name col outside its schema statements, and tells whether one of
// them is a struct field's tag that names it.
func (m *Module) outsideSchema(col string, most int) (lines int, tagged bool) {
	word := sqlNameWord(col)
	tag := regexp.MustCompile("`[^`]*:\"" + regexp.QuoteMeta(col) + `[",]`)
	for _, f := range m.Files {
		if !strings.HasSuffix(f.Path, ".go") || !f.holds(col) {
			continue
		}
		for i, line := range f.Lines() {
			if word.MatchString(line) && !m.inSchemaLiteral(f, i+1) {
				lines++
				tagged = tagged || tag.MatchString(line)
				if lines >= most && (tagged || most == 1) {
					return lines, tagged
				}
			}
		}
	}
	return lines, tagged
}

// inSchemaLiteral reports whether line of f is inside one of the
// module's schema statements.
func (m *Module) inSchemaLiteral(f *File, line int) bool {
	for _, sf := range f.facts.SQL {
		if sf.DDL && sf.Line <= line && line <= sf.EndLine {
			return true
		}
	}
	return false
}
