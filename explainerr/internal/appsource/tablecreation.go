package appsource

import (
	"regexp"
	"strings"
)

// createTablePrefix is a CREATE TABLE statement up to its table's name,
// past the schema qualifier and quotes.
const createTablePrefix = "(?i)\\bCREATE\\s+(?:(?:TEMP|TEMPORARY|VIRTUAL)\\s+)?TABLE\\s+(?:IF\\s+NOT\\s+EXISTS\\s+)?[\"`\\[]?(?:\\w+[\"`\\]]?\\.[\"`\\[]?)?"

// CreateTable matches a CREATE TABLE statement and captures the table's
// name.
var CreateTable = regexp.MustCompile(createTablePrefix + `(\w+)`)

// TableCreation matches the CREATE TABLE statement of the named table.
func TableCreation(name string) *regexp.Regexp {
	return regexp.MustCompile(createTablePrefix + regexp.QuoteMeta(name) + `\b`)
}

// SchemaCreatesTable reports whether the module's schema (its .sql files,
// the database d's first as SchemaHistory reads them, or Go strings of
// DDL) creates a table of that name; a schema qualifier (public.users)
// is left aside.
func (m *Module) SchemaCreatesTable(name, d string) bool {
	if i := strings.LastIndex(name, "."); i >= 0 {
		name = name[i+1:]
	}
	create := TableCreation(name)
	if len(m.SchemaHistory(create, d)) > 0 {
		return true
	}
	for _, l := range m.SQLLiteralsIn(d) {
		if l.DDL && create.MatchString(l.Value) {
			return true
		}
	}
	return false
}
