package appsource

import (
	"go/ast"
	"regexp"
	"slices"
	"strings"

	"github.com/explainerr/explainerr/explainerr/failureclass"
	"github.com/explainerr/explainerr/explainerr/report"
)

// A value longer than its column allows (PostgreSQL's "value too long for
// type character varying(25)", SQLSTATE 22001; MySQL's "Data too long for
// column") is fixed where the column's length is declared, or where the
// value is checked before the statement. PostgreSQL's message names the
// length but not the column: the schema's columns of that length, in the
// tables the request wrote, are the candidates.

// SizedColumn is a column the schema declares with a length: VARCHAR(25),
// CHARACTER VARYING (25), CHAR(2).
type SizedColumn struct {
	// Table and Column name it, as the schema writes them.
	Table, Column string
	// Length is the declared length, as written ("25").
	Length string
	// File is the file that declares it (relative to the module root)
	// and Line its line there.
	File string
	Line int
	// Text is that line, trimmed.
	Text string
	// Model is true when a model struct's gorm tag declares it
	// (type:varchar(100), size:100), the schema gorm's AutoMigrate makes.
	Model bool
}

// sizedDefinition matches a column definition with a length: the
// column's name, then a character or binary type with its length; in an
// ALTER … TYPE as well.
var sizedDefinition = regexp.MustCompile("(?i)[\"`\\[]?(\\w+)[\"`\\]]?\\s+(?:(?:SET\\s+DATA\\s+)?TYPE\\s+)?(?:CHARACTER\\s+VARYING|NATIONAL\\s+CHARACTER\\s+VARYING|VARCHAR2?|NVARCHAR|NCHAR|CHARACTER|CHAR|VARBINARY|BINARY|BIT\\s+VARYING|VARBIT)\\s*\\(\\s*(\\d+)\\s*\\)")

// sizedNotColumn are words sizedDefinition may take for a column's name
// that are SQL's own (ALTER COLUMN title SET DATA TYPE …).
var sizedNotColumn = map[string]bool{"data": true, "type": true, "column": true, "add": true, "modify": true, "alter": true, "change": true, "set": true, "as": true}

// ddlTable matches the table a CREATE TABLE or ALTER TABLE statement
// defines.
var ddlTable = regexp.MustCompile("(?i)\\b(?:CREATE\\s+TABLE\\s+(?:IF\\s+NOT\\s+EXISTS\\s+)?|ALTER\\s+TABLE\\s+(?:IF\\s+EXISTS\\s+)?(?:ONLY\\s+)?)[\"`\\[]?(?:\\w+[\"`\\]]?\\.[\"`\\[]?)?(\\w+)")

// SizedColumns returns the columns the module's schema (its .sql files,
// the database d's first, its Go strings of DDL, and the gorm tags of its
// models) declares with a length, each table's column once, as its last
// definition in the migrations' order has it. The answer is kept per
// Module and dialect: its files never change under it.
func (m *Module) SizedColumns(d string) []SizedColumn {
	if m == nil {
		return nil
	}
	if v, ok := m.sized.Load(d); ok {
		return v.([]SizedColumn)
	}
	out := m.findSizedColumns(d)
	m.sized.Store(d, out)
	return out
}

// findSizedColumns does the work of SizedColumns.
func (m *Module) findSizedColumns(d string) []SizedColumn {
	last := map[string]int{} // table.column -> index in out
	var out []SizedColumn
	add := func(file string, start int, text string) {
		tables := ddlTable.FindAllStringSubmatchIndex(text, -1)
		for _, loc := range sizedDefinition.FindAllStringSubmatchIndex(text, -1) {
			col := text[loc[2]:loc[3]]
			if sizedNotColumn[strings.ToLower(col)] {
				continue
			}
			table := ""
			for _, t := range tables {
				if t[0] < loc[0] {
					table = text[t[2]:t[3]]
				}
			}
			n := strings.Count(text[:loc[0]], "\n")
			c := SizedColumn{Table: table, Column: col, Length: text[loc[4]:loc[5]], File: file, Line: start + n, Text: strings.TrimSpace(strings.Split(text, "\n")[n])}
			key := strings.ToLower(table + "." + col)
			if i, ok := last[key]; ok {
				out[i] = c
				continue
			}
			last[key] = len(out)
			out = append(out, c)
		}
	}
	for _, c := range m.SchemaHistory(sizedDefinition, d) {
		add(c.File, c.StartLine, c.Text)
	}
	for _, l := range m.SQLLiteralsIn(d) {
		if l.DDL && sizedDefinition.MatchString(l.Value) {
			add(m.Rel(l.File.Path), l.StartLine, l.Value)
		}
	}
	for _, c := range m.modelSizedColumns() {
		if _, ok := last[strings.ToLower(c.Table+"."+c.Column)]; !ok {
			out = append(out, c)
		}
	}
	return out
}

// gormSized matches a gorm tag's sized type: type:varchar(100),
// type:character varying(100), size:100.
var gormSized = regexp.MustCompile(`(?i)\btype:\s*(?:varchar|character varying|nvarchar|char|varbinary)\s*\(\s*(\d+)\s*\)|\bsize:\s*(\d+)`)

// gormColumn matches a gorm tag's column name.
var gormColumn = regexp.MustCompile(`(?i)\bcolumn:\s*(\w+)`)

// modelSizedColumns returns the fields of the module's structs whose gorm
// tag gives a length, as the columns gorm's AutoMigrate makes of them: the
// table named for the struct (Post: posts), the column for the field
// (ImageURL: image_url) unless the tag names it.
func (m *Module) modelSizedColumns() []SizedColumn {
	var out []SizedColumn
	for _, f := range m.Files {
		if strings.HasSuffix(f.Path, "_test.go") || !slices.ContainsFunc(f.Lines(), func(l string) bool { return strings.Contains(l, `gorm:"`) }) {
			continue
		}
		for _, d := range f.Syntax().Decls {
			g, ok := d.(*ast.GenDecl)
			if !ok {
				continue
			}
			for _, sp := range g.Specs {
				ts, ok := sp.(*ast.TypeSpec)
				if !ok {
					continue
				}
				st, ok := ts.Type.(*ast.StructType)
				if !ok {
					continue
				}
				for fl, tag := range TaggedFields(st) {
					gt := tag.Get("gorm")
					mm := gormSized.FindStringSubmatch(gt)
					if mm == nil {
						continue
					}
					col := GormColumn(fl)
					line := m.Fset.Position(fl.Pos()).Line
					out = append(out, SizedColumn{Table: GormTable(ts.Name.Name), Column: col, Length: firstNonEmpty(mm[1], mm[2]), File: m.Rel(f.Path), Line: line, Text: strings.TrimSpace(f.Lines()[line-1]), Model: true})
				}
			}
		}
	}
	return out
}

// tooLongColumn returns the column (and its table, when the schema gives
// the length to one column only) that a value-too-long error naming only
// the length means: the schema's one column name of that length, among
// those of the tables the shown functions write when there are several.
func (m *Module) tooLongColumn(r *report.Report, s *staticSet, d string) (name, table string) {
	limit := ""
	for _, msg := range errorMessages(r) {
		if limit = failureclass.TooLongLength(report.AnalysedText(msg)); limit != "" {
			break
		}
	}
	if limit == "" {
		return "", ""
	}
	var cands []SizedColumn
	for _, c := range m.SizedColumns(d) {
		if c.Length == limit {
			cands = append(cands, c)
		}
	}
	if len(cands) > 1 {
		written := map[string]bool{}
		for _, l := range m.sqlLiteralsFor(d) {
			if l.DDL {
				continue
			}
			if decl, _ := l.Syntax(); decl != nil {
				if fd, ok := decl.(*ast.FuncDecl); ok && s.seen[fd] {
					for _, mm := range writtenTable.FindAllStringSubmatch(l.Value, -1) {
						written[strings.ToLower(mm[1])] = true
					}
				}
			}
		}
		var kept []SizedColumn
		for _, c := range cands {
			if written[strings.ToLower(c.Table)] {
				kept = append(kept, c)
			}
		}
		if len(kept) > 0 {
			cands = kept
		}
	}
	if len(cands) == 0 {
		return "", ""
	}
	for _, c := range cands[1:] {
		if !strings.EqualFold(c.Column, cands[0].Column) {
			return "", "" // several columns: the statement's is not known
		}
	}
	if len(cands) == 1 {
		table = cands[0].Table
	}
	return cands[0].Column, table
}
