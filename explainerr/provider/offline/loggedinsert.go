package offline

import (
	"github.com/explainerr/explainerr/explainerr/provider/offline/internal/corpus"
	"regexp"
	"strconv"
	"strings"

	"github.com/explainerr/explainerr/explainerr/internal/appsource"
	"github.com/explainerr/explainerr/explainerr/internal/logrecord"
)

// An ORM that logs its statements with their values (gorm's logger,
// bun's query hook) shows what the failing INSERT wrote. A unique
// column written as an empty string was never set: the new row collides
// with the row that already has an empty one, whatever the client sent,
// and no duplicate was asked for.

// reLoggedInsert finds a logged INSERT with its columns and values.
var reLoggedInsert = regexp.MustCompile("(?is)INSERT\\s+INTO\\s+[`\"]?(\\w+)[`\"]?\\s*\\(([^)]*)\\)\\s*VALUES\\s*\\((.*)\\)")

// loggedEmptyValue reports whether the latest INSERT into table the
// request's log holds writes column as an empty string.
func (a *analysis) loggedEmptyValue(table, column string) bool {
	if table == "" || column == "" {
		return false
	}
	for i := len(a.r.Logs) - 1; i >= 0; i-- {
		text := a.r.Logs[i].Text
		if rec, ok := logrecord.Parse(text); ok {
			text = rec.Message
		}
		m := reLoggedInsert.FindStringSubmatch(text)
		if m == nil || !strings.EqualFold(m[1], table) {
			continue
		}
		cols := strings.Split(m[2], ",")
		vals := splitSQLValues(m[3])
		if len(cols) != len(vals) {
			return false
		}
		for j, c := range cols {
			if strings.EqualFold(strings.Trim(strings.TrimSpace(c), "`\""), column) {
				v := strings.TrimSpace(vals[j])
				return v == `""` || v == `''`
			}
		}
		return false
	}
	return false
}

// splitSQLValues splits a VALUES list at the commas outside quotes and
// parentheses.
func splitSQLValues(s string) []string {
	var out []string
	depth, start := 0, 0
	var quote rune
	for i, r := range s {
		switch {
		case quote != 0:
			if r == quote {
				quote = 0
			}
		case r == '\'' || r == '"':
			quote = r
		case r == '(':
			depth++
		case r == ')':
			depth--
		case r == ',' && depth == 0:
			out = append(out, s[start:i])
			start = i + 1
		}
	}
	return append(out, s[start:])
}

// explainEmptyUnique says that the statement wrote the unique column
// empty (loggedEmptyValue). It reports that it did.
func (a *analysis) explainEmptyUnique(column string) bool {
	field := appsource.CamelCase(column)
	a.g.Add(column, field, `""`)
	a.why("The statement logged just before the error writes " + code(column) + " as an empty string (" + code(`""`) + "): the new row's value was never set, so it collides with the row that already has an empty " + code(column) + ", whatever the client sent.")
	a.fix("Set " + code(field) + " before the row is written, in the function that builds the row for this statement; or store NULL for a row without one (a unique index lets rows share NULL, not an empty string).")
	return true
}

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
