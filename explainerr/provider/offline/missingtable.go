package offline

import (
	"slices"
	"strings"
)

// A table no migration creates is not fixed by running the migrations:
// the query's name is wrong (user_tokens for the schema's tokens), or the
// table is new and its migration is missing. When the module's schema
// creates tables, and none of them this one, that is said, with the table
// whose name is a part of the missing one when there is one.

// tableNoSchemaCreates explains a missing table that the module's schema,
// which creates others (schemaTables), does not create; it reports
// whether it did.
func (a *analysis) tableNoSchemaCreates(name string) bool {
	tables := a.schemaTables()
	if len(tables) == 0 {
		return false
	}
	lower := strings.ToLower(name)
	var names []string
	var part []schemaTable
	for _, t := range tables {
		tn := strings.ToLower(t.name)
		if tn == lower {
			return false // it is created: a database not migrated
		}
		if !slices.Contains(names, tn) {
			names = append(names, tn)
		}
		for _, w := range strings.Split(lower, "_") {
			if len(w) >= 3 && tn == w && !slices.ContainsFunc(part, func(p schemaTable) bool { return strings.EqualFold(p.name, tn) }) {
				part = append(part, t)
			}
		}
	}
	list := names
	if len(list) > 8 {
		list = list[:8]
	}
	a.g.Add(names...)
	a.why("No schema statement of the module creates " + code(name) + " (it creates " + codeList(list) + "), so running the migrations cannot make it.")
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
