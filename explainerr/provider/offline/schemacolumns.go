package offline

import (
	"path"
	"path/filepath"
	"regexp"
	"sort"
	"strings"

	"github.com/explainerr/explainerr/explainerr/internal/appsource"
)

// tableSchema is what the module's schema says of one table: the columns
// its CREATE TABLE and ALTER TABLE … ADD statements give it, and the line
// that creates it.
type tableSchema struct {
	name    string
	columns []string
	created sourceLine
	found   bool
	// model is true when the columns are an ORM model struct's fields
	// (ormModelSchema), created its declaration.
	model bool
	// renamed holds, for a column an ALTER TABLE … RENAME gave its
	// name, the statement that did.
	renamed map[string]columnRename
}

// columnRename is a column's rename: its old name and the statement.
type columnRename struct {
	from string
	at   sourceLine
}

// origin says where t's columns come from, for "(… at X)": the statement
// that creates the table, or the model struct an ORM maps to it.
func (a *analysis) origin(t tableSchema) string {
	if t.model {
		return "its columns are the fields of the model at " + a.cite(t.created)
	}
	return "the table is created at " + a.cite(t.created)
}

// alterTable matches an ALTER TABLE statement, and captures its table and
// its actions (up to the semicolon).
var alterTable = regexp.MustCompile("(?i)\\bALTER\\s+TABLE\\s+(?:IF\\s+EXISTS\\s+)?(?:ONLY\\s+)?[\"`]?(?:\\w+[\"`]?\\.[\"`]?)?(\\w+)[\"`]?([^;]*)")

// alterAction matches an action of an ALTER TABLE statement on a column:
// ADD (a new column, or a constraint), DROP, or RENAME … TO.
var alterAction = regexp.MustCompile("(?i)\\b(ADD|DROP|RENAME)\\s+(?:COLUMN\\s+)?(?:IF\\s+(?:NOT\\s+)?EXISTS\\s+)?[\"`]?(\\w+)[\"`]?(?:\\s+TO\\s+[\"`]?(\\w+))?")

// tableConstraintWords start an item of a CREATE TABLE list that is not a
// column.
var tableConstraintWords = wordSet(`constraint primary foreign unique check exclude like index key fulltext spatial period`)

// createdColumns returns the columns of the CREATE TABLE statement that
// starts at the beginning of stmt (the text after its opening parenthesis,
// to the matching one).
func createdColumns(stmt string) []string {
	open := strings.IndexByte(stmt, '(')
	if open < 0 {
		return nil
	}
	var items []string
	depth, start := 0, open+1
	for i := open; i < len(stmt); i++ {
		switch stmt[i] {
		case '(':
			depth++
		case ')':
			depth--
			if depth == 0 {
				items = append(items, stmt[start:i])
				return columnNames(items)
			}
		case ',':
			if depth == 1 {
				items = append(items, stmt[start:i])
				start = i + 1
			}
		}
	}
	return columnNames(items)
}

// columnNames returns the first word of each column definition.
func columnNames(items []string) []string {
	var out []string
	for _, it := range items {
		f := strings.Fields(strings.TrimSpace(stripSQLComments(it)))
		if len(f) == 0 {
			continue
		}
		name := strings.ToLower(strings.Trim(f[0], "\"`[]"))
		if tableConstraintWords[name] || !sqlName.MatchString(name) {
			continue
		}
		out = append(out, name)
	}
	return out
}

// sqlName matches a whole plain SQL name.
var sqlName = regexp.MustCompile(`^[a-z_][a-z0-9_]*$`)

// stripSQLComments removes the "--" comments of SQL text.
func stripSQLComments(s string) string {
	lines := strings.Split(s, "\n")
	for i, l := range lines {
		if j := strings.Index(l, "--"); j >= 0 {
			// Blanked, not cut: an offset in the text keeps its line.
			lines[i] = l[:j] + strings.Repeat(" ", len(l)-j)
		}
	}
	return strings.Join(lines, "\n")
}

// sqlText is a piece of SQL the analysis can read: a string of the
// module, a statement of its .sql files, or a run of lines of the source
// the report carries; at gives the source line of an offset in it.
type sqlText struct {
	text string
	at   func(offset int) sourceLine
	// corpus marks lines of the report's source, which may repeat a
	// statement of the module's files; file is then their file.
	corpus bool
	file   string
}

// lineAtOffset returns the line of a text that starts at path:start.
func lineAtOffset(path string, start int, text string, offset int) sourceLine {
	i := strings.LastIndexByte(text[:offset], '\n') + 1
	j := strings.IndexByte(text[offset:], '\n')
	if j < 0 {
		j = len(text) - offset
	}
	return sourceLine{Path: path, Line: start + strings.Count(text[:offset], "\n"), Text: strings.TrimSpace(text[i : offset+j])}
}

// corpusTexts returns the runs of consecutive lines of the report's
// source (frame windows and chunks) whose text matches pattern.
func (a *analysis) corpusTexts(pattern *regexp.Regexp) []sqlText {
	var out []sqlText
	flush := func(run []string, file string, start int) {
		text := strings.Join(run, "\n")
		if len(run) > 0 && pattern.MatchString(text) {
			out = append(out, sqlText{text: text, at: func(off int) sourceLine { return lineAtOffset(file, start, text, off) }, corpus: true, file: file})
		}
	}
	var run []string
	file, start, next := "", 0, 0
	for _, l := range a.c {
		if l.File != file || l.Number != next {
			flush(run, file, start)
			run, file, start = nil, l.File, l.Number
		}
		run = append(run, l.Text)
		next = l.Number + 1
	}
	flush(run, file, start)
	return out
}

// schemaTexts returns the schema statements in sight that name table:
// the module's DDL strings and .sql statements, and the lines of the
// report's source that hold a CREATE or ALTER TABLE.
func (a *analysis) schemaTexts(table string) []sqlText {
	named := compiled(`(?i)\b` + regexp.QuoteMeta(table) + `\b`)
	var out []sqlText
	read := map[string]bool{} // the schema files the module's history read whole
	if src := a.app(); src != nil && src.mod != nil {
		for _, l := range src.mod.SQLLiteralsIn(a.dialect()) {
			if !l.DDL || !named.MatchString(l.Value) || src.mod.OfOtherProgram(a.r, l.File.Path) {
				continue
			}
			lit, ok := stringLitOf(l)
			if !ok {
				continue
			}
			out = append(out, sqlText{text: l.Value, at: func(off int) sourceLine {
				// the literal's line where the statement's first words are
				words := strings.Fields(l.Value[off:])
				if len(words) > 4 {
					words = words[:4]
				}
				return src.litLine(lit, compiled(`(?i)`+strings.Join(metaQuoted(words), `\s+`)))
			}})
		}
		for _, c := range src.mod.SchemaHistory(named, a.dialect()) {
			path := filepath.Join(src.mod.Root, filepath.FromSlash(c.File))
			if src.mod.OfOtherProgram(a.r, path) {
				// Another program's schema: a client's, a fixture's.
				continue
			}
			read[c.File] = true
			text, start := c.Text, c.StartLine
			out = append(out, sqlText{text: text, at: func(off int) sourceLine { return lineAtOffset(path, start, text, off) }})
		}
	}
	ddl := compiled(`(?i)\b(?:CREATE|ALTER)\s+TABLE\b(?:[^;]|\n)*?\b` + regexp.QuoteMeta(table) + `\b`)
	// The report's chunks repeat statements the files hold: read again
	// after the later migrations, they would undo them.
	seen := map[string]bool{}
	for _, t := range out {
		seen[strings.Join(strings.Fields(t.text), " ")] = true
	}
	for _, t := range a.corpusTexts(ddl) {
		// A chunk of a file the history read whole, cut elsewhere, would
		// replay its statements after the later migrations.
		if src := a.app(); src != nil && src.mod != nil && strings.Contains(t.file, "/") && src.mod.OfOtherProgram(a.r, t.file) {
			continue
		}
		if !seen[strings.Join(strings.Fields(t.text), " ")] && !readWhole(read, t.file) {
			out = append(out, t)
		}
	}
	return out
}

// ifNotExists matches a CREATE TABLE that leaves an existing table be.
var ifNotExists = regexp.MustCompile(`(?i)\bIF\s+NOT\s+EXISTS\b`)

// metaQuoted returns the words quoted for a regular expression.
func metaQuoted(words []string) []string {
	out := make([]string, len(words))
	for i, w := range words {
		out[i] = regexp.QuoteMeta(w)
	}
	return out
}

// schemaOf returns what the schema in sight (schemaTexts) says of table:
// found is false when no statement creates it.
func (a *analysis) schemaOf(table string) tableSchema {
	if t := a.schemaDDL(table); t.found {
		return t
	}
	// An ORM names a table by its model's singular (bun's alias profile
	// for the table profiles): the plural's statements are the schema.
	for _, p := range pluralForms(table) {
		if t := a.schemaDDL(p); t.found {
			return t
		}
	}
	// No CREATE TABLE in sight: an ORM's model may be the schema.
	return a.ormModelSchema(table)
}

// pluralForms returns the plurals a table named by a singular may have.
func pluralForms(name string) []string {
	if strings.HasSuffix(name, "s") {
		return nil
	}
	out := []string{name + "s", name + "es"}
	if strings.HasSuffix(name, "y") {
		out = append(out, strings.TrimSuffix(name, "y")+"ies")
	}
	return out
}

// schemaDDL is schemaOf from the schema statements alone.
func (a *analysis) schemaDDL(table string) tableSchema {
	out := tableSchema{name: table}
	create := appsource.TableCreation(table)
	have := map[string]bool{}
	for _, st := range a.schemaTexts(table) {
		t := stripSQLComments(st.text)
		for _, loc := range create.FindAllStringIndex(t, -1) {
			at := st.at(loc[0])
			switch {
			case !out.found:
				out.found, out.created = true, at
			case !st.corpus && !ifNotExists.MatchString(t[loc[0]:loc[1]]) && (at.Path != out.created.Path || at.Line != out.created.Line):
				// A later migration creates the table again (after
				// dropping or renaming the old one): its columns are
				// the table's from then on.
				have, out.created, out.renamed = map[string]bool{}, at, nil
			}
			for _, c := range createdColumns(t[loc[0]:]) {
				have[c] = true
			}
		}
		for _, loc := range alterTable.FindAllStringSubmatchIndex(t, -1) {
			m := []string{t[loc[0]:loc[1]], t[loc[2]:loc[3]], t[loc[4]:loc[5]]}
			if !strings.EqualFold(m[1], table) {
				continue
			}
			for _, act := range alterAction.FindAllStringSubmatch(m[2], -1) {
				col := strings.ToLower(act[2])
				if tableConstraintWords[col] {
					continue
				}
				switch strings.ToUpper(act[1]) {
				case "ADD":
					have[col] = true
				case "DROP":
					delete(have, col)
				case "RENAME":
					if act[3] != "" {
						delete(have, col)
						to := strings.ToLower(act[3])
						have[to] = true
						if out.renamed == nil {
							out.renamed = map[string]columnRename{}
						}
						out.renamed[to] = columnRename{from: col, at: st.at(loc[0])}
					}
				}
			}
		}
	}
	for c := range have {
		out.columns = append(out.columns, c)
	}
	sort.Strings(out.columns)
	return out
}

// readWhole reports whether file, a path as the report's source gives it
// (relative to the module, absolute, or its base name alone), is one of
// read's module-relative paths.
func readWhole(read map[string]bool, file string) bool {
	file = filepath.ToSlash(file)
	for rel := range read {
		if file == rel || strings.HasSuffix(file, "/"+rel) || !strings.Contains(file, "/") && path.Base(rel) == file {
			return true
		}
	}
	return false
}
