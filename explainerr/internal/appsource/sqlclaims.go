package appsource

import (
	"regexp"
	"strings"

	"github.com/explainerr/explainerr/explainerr/report"
)

// What an explanation may say of an SQL chunk of the context depends on
// what its text shows: a query is the failing one only when the request
// reached it, a schema statement defines the failing query's table only
// when its text defines a table that query's text reads or writes.

// SQLErrorNames returns the name an SQL error of r gives (a column, table
// or constraint) and its table when the error says.
func SQLErrorNames(r *report.Report) (name, table string) { return sqlErrorNames(r) }

// TablesUsed returns the tables an SQL or Go text reads or writes (after
// FROM, JOIN, INTO or UPDATE), lower-cased.
func TablesUsed(text string) map[string]bool {
	out := map[string]bool{}
	for _, mm := range queryTables.FindAllStringSubmatch(text, -1) {
		if t := strings.ToLower(mm[1]); !sqlKeywords[t] {
			out[t] = true
		}
	}
	return out
}

// definesTable matches a statement that creates or alters a table or a
// view, with its name.
var definesTable = regexp.MustCompile(`(?i)\b(?:CREATE|ALTER)\s+(?:OR\s+REPLACE\s+)?(?:TABLE|VIEW|MATERIALIZED\s+VIEW)\s+(?:IF\s+NOT\s+EXISTS\s+)?(?:ONLY\s+)?(?:"?\w+"?\.)?"?(\w+)"?`)

// DefinesOneOf reports whether text creates or alters one of tables.
func DefinesOneOf(text string, tables map[string]bool) bool {
	return definesOneOf(definesTable, text, tables)
}

// DefinesATable reports whether text creates or alters a table or view.
func DefinesATable(text string) bool { return definesTable.MatchString(text) }

// NamesSQLWord reports whether text names word as SQL names a column or a
// table.
func NamesSQLWord(text, word string) bool { return word != "" && sqlNameWord(word).MatchString(text) }
