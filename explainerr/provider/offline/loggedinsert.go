package offline

import (
	"regexp"
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
