package offline

import (
	"path/filepath"
	"regexp"
	"strings"

	"github.com/explainerr/explainerr/explainerr/internal/appsource"
)

// PostgreSQL and MySQL name the constraint, the table and often the
// column of an integrity error; their detail line names the key and the
// referenced table. The explanation names them, points at the statement,
// and at the schema in the module's source (a CREATE TABLE or ALTER TABLE
// in a Go string, as an embedded migration) that defines them.

// reKeyDetail reads PostgreSQL's detail of a foreign key error: the key,
// its value, and the referenced table.
var reKeyDetail = regexp.MustCompile(`Key \((?P<column>[^)]+)\)=\((?P<value>[^)]*)\) is (?:not present|still referenced) (?:in|from) table "(?P<other>[^"]+)"`)

// dbEngine names the database that wrote the failure: the live value's
// engine, else one told from the wording.
func (a *analysis) dbEngine() string {
	if e := a.f.Captures["engine"]; e != "" {
		return e
	}
	msg := a.f.Message
	switch {
	case strings.Contains(msg, "constraint failed"):
		return "SQLite"
	case strings.Contains(msg, "violates"), strings.Contains(msg, "pq:"), strings.Contains(msg, "SQLSTATE"):
		return "PostgreSQL"
	case strings.Contains(msg, "a foreign key constraint fails"), strings.Contains(msg, "Check constraint '"), strings.Contains(msg, "cannot be null"), strings.Contains(msg, "doesn't have a default value"):
		return "MySQL"
	}
	return sqlEngine(msg)
}

// schemaLine returns the line of the module's schema text (a Go string
// holding CREATE or ALTER TABLE, as the module understanding collects
// them once per module) where pattern matches, searched in the order of
// patterns given.
func (a *analysis) schemaLine(patterns ...*regexp.Regexp) (sourceLine, bool) {
	return a.schemaLineOf("", patterns...)
}

// schemaLineOf is schemaLine within the statement that creates or alters
// table, when table is not "": a column of that name in another table's
// statement is not the one the error is about.
func (a *analysis) schemaLineOf(table string, patterns ...*regexp.Regexp) (sourceLine, bool) {
	src := a.app()
	if src == nil {
		return sourceLine{}, false
	}
	var ddl []appsource.SQLLiteral
	for _, l := range src.mod.SQLLiteralsIn(a.dialect()) { // the failing database's first
		if l.DDL {
			ddl = append(ddl, l)
		}
	}
	for _, p := range patterns {
		if p == nil {
			continue
		}
		for _, l := range ddl {
			from, to, ok := tableStatement(l.Value, table)
			if !ok || !p.MatchString(l.Value[from:to]) {
				continue
			}
			if lit, ok := stringLitOf(l); ok {
				at := from + p.FindStringIndex(l.Value[from:to])[0]
				line := src.litLine(lit, p)
				if strings.HasPrefix(lit.Lit.Value, "`") {
					// A raw string keeps its lines: the line of the
					// match inside the table's statement.
					n := strings.Count(l.Value[:at], "\n")
					line.Line = src.fset.Position(lit.Lit.Pos()).Line + n
					line.Text = strings.TrimSpace(strings.Split(l.Value, "\n")[n])
				}
				return line, true
			}
		}
		// The module's .sql files (its migrations), the failing
		// database's first.
		for _, c := range src.mod.SchemaFileStatementsIn(p, a.dialect()) {
			from, to, ok := tableStatement(c.Text, table)
			if !ok {
				continue
			}
			skip := strings.Count(c.Text[:from], "\n")
			for i, line := range strings.Split(c.Text[:to], "\n") {
				if i >= skip && p.MatchString(line) {
					l := sourceLine{Path: filepath.Join(src.root, filepath.FromSlash(c.File)), Line: c.StartLine + i, Text: strings.TrimSpace(line)}
					a.g.AddScanned(a.fileLoc(l.Path, l.Line))
					return l, true
				}
			}
		}
	}
	return sourceLine{}, false
}

// tableStatement returns where, in SQL text, the statement that creates or
// alters table runs (from its CREATE or ALTER to the next statement's), or
// the whole text when table is "".
func tableStatement(text, table string) (from, to int, ok bool) {
	if table == "" {
		return 0, len(text), true
	}
	head := compiled(`(?i)\b(?:CREATE\s+(?:TEMP(?:ORARY)?\s+)?TABLE(?:\s+IF\s+NOT\s+EXISTS)?|ALTER\s+TABLE(?:\s+ONLY)?(?:\s+IF\s+EXISTS)?)\s+(?:\w+\.)?["` + "`" + `]?` + regexp.QuoteMeta(table) + `["` + "`" + `]?[\s(]`)
	loc := head.FindStringIndex(text)
	if loc == nil {
		return 0, 0, false
	}
	next := compiled(`(?i)\b(?:CREATE|ALTER|DROP|INSERT|COMMENT)\s`).FindStringIndex(text[loc[1]:])
	if next == nil {
		return loc[0], len(text), true
	}
	return loc[0], loc[1] + next[0], true
}

// sqlNamePattern matches name as a whole SQL word, quoted or not.
func sqlNamePattern(name string) *regexp.Regexp {
	if name == "" {
		return nil
	}
	return compiled(`(?i)[\s("'` + "`" + `]` + regexp.QuoteMeta(name) + `[\s)"'` + "`" + `,]`)
}

// fkColumn returns the referencing column of a foreign key error: the
// message's or the detail's, else the one PostgreSQL's default constraint
// name holds (table_column_fkey).
func fkColumn(caps map[string]string) string {
	if c := caps["column"]; c != "" {
		return c
	}
	if m := reKeyDetail.FindStringSubmatch(caps["detail"]); m != nil {
		return m[1]
	}
	cons, table := caps["constraint"], caps["table"]
	if table != "" && strings.HasPrefix(cons, table+"_") && strings.HasSuffix(cons, "_fkey") {
		return strings.TrimSuffix(strings.TrimPrefix(cons, table+"_"), "_fkey")
	}
	return ""
}

// foreignKey explains a foreign key violation: a row written whose key
// refers to no row, or (parent set) a referenced row deleted or updated
// while rows still refer to it.
func (a *analysis) foreignKey(showStmt func()) {
	caps := a.f.Captures
	engine := a.dbEngine()
	cons, table, parent := caps["constraint"], caps["table"], caps["parent"]
	col := fkColumn(caps)
	named := ""
	if cons != "" {
		named = " " + code(cons)
	}
	schema, hasSchema := a.schemaLine(sqlNamePattern(cons), fkDefinition(col), sqlNamePattern(table))
	showSchema := func() {
		if hasSchema {
			a.why("The schema defines it at " + a.cite(schema) + ".")
		}
	}
	if parent != "" {
		a.culprit = firstNonEmpty(cons, parent)
		a.headline("Constraint failed: rows of " + code(table) + " still refer to this " + code(parent) + " row")
		a.why("The statement deletes or updates a row of " + code(parent) + " that rows of " + code(table) + " still refer to through the foreign key" + named + ", and " + engine + " does not leave them pointing at nothing.")
		a.stmtFor(`(?i)(?:DELETE\s+FROM|UPDATE)\s+["'` + "`" + `]?` + regexp.QuoteMeta(parent) + `\b`)
		showSchema()
		a.g.Add("ON DELETE CASCADE", "ON DELETE SET NULL", "CASCADE")
		a.fix("Delete (or move) the rows of " + code(table) + " that refer to it first, in the same transaction, or declare what should happen to them in the schema (" + code("ON DELETE CASCADE") + " or " + code("ON DELETE SET NULL") + ") if that is what the app means.")
		if !a.explainStatusBranch("409 Conflict", "Conflict", "409", "a row still in use") {
			a.fix("When the client asked to delete something still in use, answer 409 Conflict (" + code("http.StatusConflict") + ") with a clear message instead of a 500.")
		}
		return
	}
	if engine == "SQLite" {
		if del, ok := a.deletingCall(); ok {
			// SQLite names neither table: the call that failed deletes.
			a.headline("Constraint failed: rows of another table still refer to the row " + code(del.Func) + " deletes")
			a.why("The failing call reaches " + code(del.Func) + ", which deletes at " + a.cite(del) + ": a row it deletes is still referred to through a foreign key by rows of another table, and SQLite enforces foreign keys. SQLite does not say which table.")
			a.g.Add("ON DELETE CASCADE", "ON DELETE SET NULL", "CASCADE")
			a.fix("In " + code(del.Func) + ", delete (or move) the rows that refer to it first, in the same transaction, or declare what should happen to them in the schema (" + code("ON DELETE CASCADE") + " or " + code("ON DELETE SET NULL") + ") if that is what the app means.")
			return
		}
		a.headline("Constraint failed: foreign key")
		a.why("The statement refers to a row that does not exist in the parent table (for example, an id from the request that matches no record), and SQLite enforces foreign keys. SQLite does not say which column.")
	} else {
		a.culprit = firstNonEmpty(cons, table)
		a.headline("Constraint failed: foreign key" + named)
		what := "key"
		if col != "" {
			what = code(col)
		}
		into := ""
		if table != "" {
			into = " of " + code(table)
		}
		a.why("The statement writes a row" + into + " whose " + what + " refers to a row that does not exist, and " + engine + " enforces the foreign key" + named + ".")
		if m := reKeyDetail.FindStringSubmatch(caps["detail"]); m != nil {
			a.g.Add(m[0], m[1], m[3])
			a.why("The database's detail: " + code(m[0]) + ".")
		}
	}
	showStmt()
	showSchema()
	if rl := a.requestLine(); rl != "" {
		a.why("The request was " + rl + ".")
	}
	a.discardOnPath()
	if a.idNotReadBack(col) || a.idCopiedBeforeCreate(col) {
		return
	}
	a.fix("Check that the referenced row exists before inserting, and answer 404 Not Found (or 400) when it does not.")
	a.fix("Check that the id passed to the statement is the one meant (not a zero value from a failed parse).")
}

// deleteCall matches a call that deletes rows: an ORM's Delete, or a
// DELETE statement in a literal.
var deleteCall = regexp.MustCompile(`\.Delete\(|(?i)\bDELETE\s+FROM\b`)

// deletingCall returns the line where a function the failing call
// reaches (the call the site carried the error of, and what it calls)
// deletes rows, when one does and none of them inserts or updates.
func (a *analysis) deletingCall() (sourceLine, bool) {
	src := a.app()
	if src == nil || src.mod == nil || a.s.Frame == nil {
		return sourceLine{}, false
	}
	f, fd := src.mod.FuncAt(a.s.Frame.File, a.s.Line)
	if fd == nil {
		return sourceLine{}, false
	}
	_, refs := src.mod.ErrorSourceFor(a.r, f, fd, a.s.Line)
	// What the frame's call that made the error reached, else what the
	// request reached, its route's handler first (a framework's handler
	// wrote the error, and the frame's call is the framework's).
	for _, reached := range [][]appsource.FuncRef{src.mod.ReachFrom(refs, 1), src.mod.RequestReach(a.r)} {
		var found sourceLine
		for _, ref := range reached {
			for i, line := range ref.File.Lines()[src.mod.Fset.Position(ref.Decl.Pos()).Line-1 : src.mod.Fset.Position(ref.Decl.End()).Line] {
				switch {
				case writeCall.MatchString(line):
					return sourceLine{}, false
				case deleteCall.MatchString(line) && found.Path == "":
					found = src.lineIn(ref.File, src.mod.Fset.Position(ref.Decl.Pos()).Line+i, appsource.FuncName(ref.Decl))
				}
			}
		}
		if found.Path != "" {
			return found, true
		}
	}
	return sourceLine{}, false
}

// writeCall matches a call that inserts or updates rows.
var writeCall = regexp.MustCompile(`\.(?:Create|Save|Insert|Update|Updates)\(|(?i)\b(?:INSERT\s+INTO|UPDATE\s+\w+\s+SET)\b`)

// fkDefinition matches a column's foreign key in a table definition:
// "user_id INTEGER REFERENCES users" or "FOREIGN KEY (user_id)".
func fkDefinition(col string) *regexp.Regexp {
	if col == "" {
		return nil
	}
	q := regexp.QuoteMeta(col)
	return compiled(`(?i)(?:\b` + q + `\b[^,\n]*\bREFERENCES\b|FOREIGN\s+KEY\s*\(\s*["'` + "`" + `]?` + q + `\b)`)
}

// notNullDefinition matches a column declared NOT NULL.
func notNullDefinition(col string) *regexp.Regexp {
	if col == "" {
		return nil
	}
	return compiled(`(?i)\b` + regexp.QuoteMeta(col) + `\b[^,\n]*\bNOT\s+NULL\b`)
}

// stmtFor says where the statement matching pattern is, when the report's
// source shows it.
func (a *analysis) stmtFor(pattern string) {
	if l, ok := a.c.First(compiled(pattern)); ok {
		a.why("The statement is at " + quoteLine(l) + ".")
	} else if l, ok := a.queryCallLine(); ok {
		a.why("The statement is at " + quoteLine(l) + ".")
	}
}

// firstNonEmpty returns the first of ss that is not "".
func firstNonEmpty(ss ...string) string {
	for _, s := range ss {
		if s != "" {
			return s
		}
	}
	return ""
}
