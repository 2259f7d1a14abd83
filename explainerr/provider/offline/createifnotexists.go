package offline

import (
	"regexp"
	"strings"
)

// An app that makes its own tables at start with CREATE TABLE IF NOT
// EXISTS gets a column it later adds to that statement only in a database
// made after the change: IF NOT EXISTS leaves an existing table as it is.
// "Apply the migrations" cannot help when no migration adds the column to
// a table that exists; the fix is an ALTER TABLE of its own (or, on a
// developer's machine, a fresh database).

// createIfNotExists finds a CREATE TABLE IF NOT EXISTS statement.
var createIfNotExists = regexp.MustCompile(`(?i)\bCREATE\s+TABLE\s+IF\s+NOT\s+EXISTS\b`)

// columnOnlyInCreate explains a missing column that t's CREATE TABLE IF
// NOT EXISTS, in a Go file, declares and that no ALTER TABLE of the module
// adds: the database the app opened predates the column. It reports
// whether it did.
func (a *analysis) columnOnlyInCreate(t tableSchema, col string) bool {
	src := a.app()
	if src == nil || src.mod == nil || t.model || !strings.HasSuffix(t.created.Path, ".go") || !createIfNotExists.MatchString(t.created.Text) {
		return false
	}
	adds := compiled(`(?i)\bALTER\s+TABLE\s+(?:IF\s+EXISTS\s+)?["` + "`" + `]?` + regexp.QuoteMeta(t.name) + `["` + "`" + `]?\s+ADD\s+(?:COLUMN\s+)?(?:IF\s+NOT\s+EXISTS\s+)?["` + "`" + `]?` + regexp.QuoteMeta(col) + `\b`)
	for _, l := range src.mod.SQLLiteralsIn(a.dialect()) {
		if adds.MatchString(l.Value) {
			return false // a migration adds it: applying it is the fix
		}
	}
	def := ""
	if f := src.byPath[t.created.Path]; f != nil {
		lines := f.text()
		colDef := compiled(`^\s*["` + "`" + `]?` + regexp.QuoteMeta(col) + `["` + "`" + `]?\s+([^,]+?),?\s*$`)
		for i := t.created.Line; i < len(lines) && i < t.created.Line+40; i++ {
			if m := colDef.FindStringSubmatch(lines[i]); m != nil {
				def = strings.TrimSpace(m[1])
				break
			}
		}
	}
	a.g.Add(t.name, col)
	a.g.AddScanned(a.fileLoc(t.created.Path, t.created.Line))
	a.why("The app makes " + code(t.name) + " when it starts, with " + code("CREATE TABLE IF NOT EXISTS") + " (" + a.cite(t.created) + "), which declares " + code(col) + " but leaves a table that already exists as it is: a database made before " + code(col) + " was added to that statement still lacks it, and no statement of the module adds it to an existing table.")
	stmt := "ALTER TABLE " + t.name + " ADD COLUMN " + col
	if def != "" {
		stmt += " " + def
	}
	a.g.Add(stmt)
	where := code(a.fileLoc(t.created.Path, t.created.Line))
	if t.created.Func != "" {
		where = code(t.created.Func) + " (" + where + ")"
	}
	a.fix("Add the column to databases that already have the table, where the app makes its schema, " + where + ": run " + code(stmt) + " after the " + code("CREATE TABLE") + " when the column is missing (once per database).")
	a.fix("On a development machine, deleting the database and letting the app create it again also gives the table the column.")
	return true
}
