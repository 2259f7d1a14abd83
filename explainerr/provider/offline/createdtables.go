package offline

import (
	"path/filepath"
	"regexp"
	"strings"
)

// A table no migration creates is not fixed by running the migrations:
// the query's name is wrong (user_tokens for the schema's tokens), or the
// table is new and its migration is missing. When the module's schema
// files create tables, and none of them this one, that is said, with the
// table whose name is a part of the missing one when there is one.

// createTableRe finds the table a CREATE TABLE statement creates.
var createTableRe = regexp.MustCompile(`(?i)\bCREATE\s+(?:UNLOGGED\s+|TEMP(?:ORARY)?\s+)?TABLE\s+(?:IF\s+NOT\s+EXISTS\s+)?(?:["` + "`" + `]?\w+["` + "`" + `]?\.)?["` + "`" + `]?(\w+)`)

// createdTable is a table the module's schema files create, and where.
type createdTable struct {
	name string
	at   sourceLine
}

// createdTables returns the tables the module's schema files create, in
// the migrations' order (up migrations only).
func (a *analysis) createdTables() []createdTable {
	src := a.app()
	if src == nil || src.mod == nil {
		return nil
	}
	var out []createdTable
	seen := map[string]bool{}
	for _, c := range src.mod.SchemaHistory(createTableRe, a.dialect()) {
		for _, m := range createTableRe.FindAllStringSubmatchIndex(c.Text, -1) {
			name := strings.ToLower(c.Text[m[2]:m[3]])
			if seen[name] {
				continue
			}
			seen[name] = true
			line := c.StartLine + strings.Count(c.Text[:m[0]], "\n")
			out = append(out, createdTable{name: name, at: sourceLine{Path: filepath.Join(src.mod.Root, filepath.FromSlash(c.File)), Line: line, Text: strings.TrimSpace(strings.Split(c.Text[m[0]:], "\n")[0])}})
		}
	}
	return out
}

// tableNoSchemaCreates explains a missing table that the module's schema
// files, which create others, do not create; it reports whether it did.
func (a *analysis) tableNoSchemaCreates(name string) bool {
	tables := a.createdTables()
	if len(tables) == 0 {
		return false
	}
	lower := strings.ToLower(name)
	var names []string
	var part []createdTable
	for _, t := range tables {
		if t.name == lower {
			return false // it is created: a database not migrated
		}
		names = append(names, t.name)
		for _, w := range strings.Split(lower, "_") {
			if len(w) >= 3 && t.name == w {
				part = append(part, t)
			}
		}
	}
	list := names
	if len(list) > 8 {
		list = list[:8]
	}
	a.g.Add(names...)
	a.why("No schema file of the module creates " + code(name) + " (they create " + codeList(list) + "), so running the migrations cannot make it.")
	if len(part) == 1 {
		t := part[0]
		a.g.AddScanned(a.fileLoc(t.at.Path, t.at.Line))
		a.why("The schema's table " + code(t.name) + " is created at " + code(a.fileLoc(t.at.Path, t.at.Line)) + ": " + code(t.at.Text) + ".")
		a.fix("If the query means " + code(t.name) + ", correct the table name: " + code(name) + " → " + code(t.name) + ".")
		a.fix("If " + code(name) + " is a new table, add a migration that creates it.")
		return true
	}
	a.fix("Correct the table name to one the schema creates, or, if " + code(name) + " is a new table, add a migration that creates it.")
	return true
}
