package offline

import (
	"regexp"
	"strconv"
	"strings"

	"github.com/explainerr/explainerr/explainerr/provider/offline/internal/corpus"
)

// A NOT NULL column an INSERT gives the value of a subquery ((SELECT id
// FROM admins WHERE username = ?)) is NULL when the subquery finds no
// row: the values passed for it, or their order, are what to check, and
// a DEFAULT would not apply.

// reInsertColumns finds an INSERT's column list and what follows VALUES.
var reInsertColumns = regexp.MustCompile(`(?is)INSERT\s+(?:OR\s+\w+\s+)?INTO\s+\S+\s*\(([^)]*)\)\s*VALUES\s*\((.*)`)

// reSubquery matches a value given by a subquery.
var reSubquery = regexp.MustCompile(`(?is)^\(\s*SELECT\s`)

// explainEmptySubquery explains a NOT NULL column an INSERT (at stmt)
// gives the value of a subquery: it found no row for the values it was
// passed, so the column got NULL; a DEFAULT would not apply, as the
// statement sets the column. It reports whether it did.
func (a *analysis) explainEmptySubquery(stmt corpus.Line, column string) bool {
	m := reInsertColumns.FindStringSubmatch(stmt.Text)
	if m == nil {
		return false
	}
	cols := strings.Split(m[1], ",")
	vals := splitSQLValues(m[2])
	for i, c := range cols {
		if !strings.EqualFold(strings.Trim(strings.TrimSpace(c), "`\""), column) || i >= len(vals) {
			continue
		}
		v := strings.TrimSpace(vals[i])
		if !reSubquery.MatchString(v) || !strings.HasSuffix(v, ")") {
			return false
		}
		a.g.Add(column, v)
		a.why("The statement sets " + code(column) + " to a subquery's result, " + code(v) + ": it found no row for the values it was given, and a subquery that finds none gives NULL. A DEFAULT would not apply, as the statement sets the column.")
		a.fix("Check the values passed for that subquery where the statement is run: the name it looks up, and the order of the arguments against the placeholders (" + code(column) + " is its column " + strconv.Itoa(i+1) + "); answer 400 or 404 when the name it looks up does not exist.")
		return true
	}
	return false
}
