package appsource

import (
	"go/ast"
	"regexp"
	"slices"
	"strconv"
	"strings"

	"github.com/explainerr/explainerr/explainerr/report"
)

// A column the schema lacks, or a table it does not define, is named by
// no statement of the schema: the fix is where the table is defined (a
// column to add in a migration, a table's name to use in the query). The
// schema chunks then show the statements that define the tables the
// failing query uses, or the table whose name is the missing one's
// singular or plural.

// queryTables matches the tables a statement reads or writes: the name
// after FROM, JOIN, INTO or UPDATE, schema and quotes left out.
var queryTables = regexp.MustCompile(`(?i)\b(?:FROM|JOIN|INTO|UPDATE)\s+(?:ONLY\s+)?(?:"?\w+"?\.)?"?(\w+)"?`)

// missingTable matches an SQL error about a table that does not exist, not
// a column "of relation" one.
var missingTable = regexp.MustCompile(`(?i)(?:^|[^f] |: )relation "[\w.]+" does not exist|no such table|Table '[\w.]+' doesn't exist`)

// sqlKeywords are words queryTables may take for a table after FROM in a
// subquery or a function call ("FROM (SELECT …)", "EXTRACT(YEAR FROM t)").
var sqlKeywords = map[string]bool{"select": true, "lateral": true, "unnest": true, "generate_series": true}

// tableSchemaChunks returns the statements that define the tables an SQL
// error about name (a column, or a table when missing says so) leads to
// (CREATE or ALTER in SQL text, or a Go migration that names the table):
// for a column, table when the error names it and the tables of the
// module's queries that name the column; for a table, the tables whose
// name is its singular or plural; those in files of dialect first, then
// those that speak of the name, then those that rename or drop. At most
// maxPerFinder. queries are the failing query's chunks, found already:
// the tables they use come first, and lead reports whether the first
// chunk defines one of them.
func (m *Module) tableSchemaChunks(s *staticSet, name, table, dialect string, missing bool, queries []report.Chunk) (out []report.Chunk, lead bool) {
	var tables []string
	add := func(t string) {
		t = strings.ToLower(t)
		if t != "" && !sqlKeywords[t] && !slices.Contains(tables, t) {
			tables = append(tables, t)
		}
	}
	if missing {
		base := strings.TrimSuffix(strings.ToLower(name), "s")
		add(base)
		add(base + "s")
	} else {
		add(table)
		word := sqlNameWord(name)
		for _, l := range m.SQLLiterals() {
			if l.DDL || !word.MatchString(l.Value) {
				continue
			}
			for _, mm := range queryTables.FindAllStringSubmatch(l.Value, -1) {
				add(mm[1])
			}
		}
	}
	// The tables of the query already shown as the failing one come
	// before all: a missing column is missing from them, while other
	// tables' statements that speak of the name (user_setting.user_id
	// for a tag query) only look alike.
	// A column the error qualifies ("c.email") is missing from that
	// table only, the query's alias resolved.
	failing := map[string]bool{}
	if !missing {
		for _, c := range append(queries, s.chunks...) {
			if c.Reason != report.ReasonQuery {
				continue
			}
			// The chunk's text, and its SQL as it runs (a table a
			// format's verb names, resolved).
			text := c.Text + "\n" + strings.Join(m.sqlIn(c), "\n")
			if t, ok := aliasedTable(text, table); ok {
				failing[strings.ToLower(t)] = true
				continue
			}
			for _, mm := range queryTables.FindAllStringSubmatch(text, -1) {
				if t := strings.ToLower(mm[1]); !sqlKeywords[t] {
					failing[t] = true
				}
			}
		}
	}
	if len(tables) == 0 {
		return nil, false
	}
	alt := make([]string, len(tables))
	for i, t := range tables {
		alt[i] = regexp.QuoteMeta(t)
	}
	// A table's name may be quoted, or a template's placeholder
	// ("{{groups}}", filled with a prefix when the schema is made); a
	// table SQLite's migrations rebuild is made as "groups_new", then
	// renamed.
	defines := regexp.MustCompile(`(?i)\b(?:CREATE|ALTER)\s+(?:OR\s+REPLACE\s+)?(?:TABLE|VIEW|MATERIALIZED\s+VIEW)\s+(?:IF\s+NOT\s+EXISTS\s+)?(?:ONLY\s+)?(?:"?\w+"?\.)?["` + "`" + `]?(?:\{\{)?(` + strings.Join(alt, "|") + `)(?:\}\})?(?:_new|_tmp|_temp)?["` + "`" + `]?(?:[\s(]|$)`)
	// Each candidate with the text its rank reads: a statement's own, a
	// Go migration's whole function (the query of the view it creates
	// may be a constant above the call that names the view).
	type candidate struct {
		c    report.Chunk
		text string
		fd   *ast.FuncDecl
		// rank orders the candidates; failing says it defines a table
		// of the failing query.
		rank    int
		failing bool
	}
	var cands []candidate
	for _, l := range m.sqlLiteralsFor(dialect) {
		all := defines.FindAllStringSubmatch(l.Value, -1)
		if !l.DDL || len(all) == 0 {
			continue
		}
		// A migration that makes several tables: shown at the failing
		// query's table, when it makes that one.
		mm := all[0]
		for _, o := range all {
			if failing[strings.ToLower(o[1])] {
				mm = o
				break
			}
		}
		c := s.statementChunk(l, mm[1], report.ReasonSchema)
		cands = append(cands, candidate{c: c, text: c.Text})
	}

	for _, c := range m.chunksByDialect(m.sqlFileChunks(defines), dialect) {
		cands = append(cands, candidate{c: c, text: c.Text})
	}
	for _, mc := range m.migrationsNaming(s, tables) {
		cands = append(cands, candidate{c: mc.chunk, text: mc.text, fd: mc.fd})
	}
	// The statements that speak of the name, then those that rename or
	// drop a column: where a migration moved the name away.
	speaksOf := namePartWords(name)
	rank := func(c candidate) int {
		r := 2
		switch {
		case c.failing && speaksOf != nil && speaksOf.MatchString(c.text):
			r = -2 // the failing table's statement that renames or adds it
		case c.failing:
			r = -1
		case speaksOf != nil && speaksOf.MatchString(c.text):
			r = 0
		case renamesOrDrops.MatchString(c.text):
			r = 1
		}
		if testSchemaPath.MatchString(c.c.File) {
			r += 3 // a schema kept for tests is no migration
		}
		return r
	}
	// Another program's schema (a client's SQLite tables beside a
	// server's) is not the database the query ran on.
	if s.r != nil {
		cands = slices.DeleteFunc(cands, func(c candidate) bool { return s.m.OfOtherProgram(s.r, c.c.File) })
	}
	for i := range cands {
		cands[i].failing = len(failing) > 0 && definesOneOf(defines, cands[i].text, failing)
		cands[i].rank = rank(cands[i])
	}
	slices.SortStableFunc(cands, func(a, b candidate) int { return a.rank - b.rank })
	for _, c := range cands[:min(len(cands), maxPerFinder)] {
		if c.fd != nil {
			s.seen[c.fd] = true
		}
		out = append(out, c.c)
	}
	return out, len(cands) > 0 && cands[0].failing
}

// definesOneOf reports whether text defines (by the pattern defines) one
// of tables.
func definesOneOf(defines *regexp.Regexp, text string, tables map[string]bool) bool {
	for _, mm := range defines.FindAllStringSubmatch(text, -1) {
		if tables[strings.ToLower(mm[1])] {
			return true
		}
	}
	return false
}

// testSchemaPath matches the path of a schema kept for tests.
var testSchemaPath = regexp.MustCompile(`(?i)(?:^|/)(?:testing|tests?|fixtures|testutils?)/`)

// renamesOrDrops matches a statement that renames or drops a column or a
// table.
var renamesOrDrops = regexp.MustCompile(`(?i)\bRENAME\s+(?:COLUMN\s+)?\w|\bDROP\s+COLUMN\b|\bRENAME\s+TO\b`)

// namePartWords matches, as a word or at a word's start, a part of name
// (split at "_") of four letters or more, or name less a plural "s":
// "created" for created_at, bookmark_tag for bookmark_tags; nil when
// name has no such part.
func namePartWords(name string) *regexp.Regexp {
	name = strings.ToLower(name)
	var parts []string
	if base := strings.TrimSuffix(name, "s"); base != "" {
		parts = append(parts, regexp.QuoteMeta(base))
	}
	for _, p := range strings.Split(name, "_") {
		if len(p) >= 4 && p != "date" && p != "time" {
			parts = append(parts, regexp.QuoteMeta(p))
		}
	}
	if len(parts) == 0 {
		return nil
	}
	return regexp.MustCompile(`(?i)\b(?:` + strings.Join(parts, "|") + `)`)
}

// reMigrationPath matches the path of a migration of the module's own,
// written in Go (migrations/2025_add_view.go, db/migrate.go).
var reMigrationPath = regexp.MustCompile(`(?i)migrat`)

// namingMigration is a function of the module's Go migrations that names
// a table as a string literal: its chunk, around the literal, and its
// whole text.
type namingMigration struct {
	chunk report.Chunk
	text  string
	fd    *ast.FuncDecl
}

// migrationsNaming returns the functions of the module's Go migrations
// that name one of tables as a string literal
// (Migrator().CreateView("user_heartbeats_range", …), CreateTable,
// AddColumn): an ORM's or a migration tool's schema, which no SQL text
// of the module may state. At most maxSQLFileChunks, shown around the
// literal; none shown already.
func (m *Module) migrationsNaming(s *staticSet, tables []string) []namingMigration {
	var out []namingMigration
	for _, t := range tables {
		quoted := strconv.Quote(t)
		m.eachFuncDecl(func(f *File) bool { return reMigrationPath.MatchString(m.Rel(f.Path)) && f.holds(quoted) }, func(f *File, fd *ast.FuncDecl) {
			if len(out) >= maxSQLFileChunks || s.seen[fd] {
				return
			}
			start, end := s.lines(fd)
			for i := start; i <= end && i <= len(f.Lines()); i++ {
				if strings.Contains(f.Lines()[i-1], quoted) {
					c := s.literalChunk(f, fd, i, i)
					c.Reason = report.ReasonSchema
					out = append(out, namingMigration{chunk: c, text: strings.Join(f.Lines()[start-1:min(end, len(f.Lines()))], "\n"), fd: fd})
					return
				}
			}
		})
	}
	return out
}

// aliasedTable returns the table a query names by alias ("FROM tag t",
// "JOIN tag AS t"), or the table itself when alias is its name.
func aliasedTable(query, alias string) (string, bool) {
	if alias == "" {
		return "", false
	}
	for _, mm := range tableAlias.FindAllStringSubmatch(query, -1) {
		as := mm[2]
		if clauseWords[strings.ToLower(as)] {
			as = "" // no alias: the next clause
		}
		if strings.EqualFold(as, alias) || as == "" && strings.EqualFold(mm[1], alias) {
			return mm[1], true
		}
	}
	return "", false
}

// tableAlias matches a table a query names and the alias it may give it.
var tableAlias = regexp.MustCompile(`(?i)\b(?:FROM|JOIN|UPDATE|INTO)\s+(?:"?\w+"?\.)?"?(\w+)"?(?:\s+(?:AS\s+)?"?(\w+)"?)?`)

// clauseWords are the words that may follow a table's name where an alias
// could.
var clauseWords = map[string]bool{"where": true, "join": true, "inner": true, "left": true, "right": true, "full": true, "cross": true, "natural": true,
	"on": true, "using": true, "group": true, "order": true, "limit": true, "offset": true, "set": true, "values": true, "having": true, "union": true,
	"returning": true, "select": true, "default": true}

// sqlIn returns the SQL text, as it runs, of the module's literals a
// chunk shows.
func (m *Module) sqlIn(c report.Chunk) []string {
	var out []string
	for _, l := range m.SQLLiterals() {
		if !l.DDL && report.SameFile(m.Rel(l.File.Path), c.File) && l.StartLine >= c.StartLine && l.StartLine <= c.EndLine {
			out = append(out, l.Value)
		}
	}
	return out
}
