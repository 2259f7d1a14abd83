package offline

import "strings"

// sqlSyntax explains a statement the database could not parse: SQLite's
// `near "X": syntax error`, PostgreSQL's `syntax error at or near "X"`
// (SQLSTATE 42601) and MySQL's error 1064. The word the parser stopped at
// leads to the query: the app's SQL text that holds it is cited, else the
// line that ran the statement. It reports whether it found the fault
// itself (a keyword missing its partner, or misspelt) and wrote its fix.
func (a *analysis) sqlSyntax(engine, near string) bool {
	if near == "" {
		a.headline("SQL syntax error at the end of the statement")
		a.why(engine + " could not parse the statement: it ended too early (an unclosed parenthesis, a trailing comma or keyword, or a fragment joined without its rest).")
	} else {
		a.culprit = near
		a.headline("SQL syntax error near " + code(`"`+near+`"`))
		a.why(engine + " could not parse the statement; the error is at or just before " + code(`"`+near+`"`) + ".")
	}
	if engine == "PostgreSQL" && (near == "," || near == ")" || near == "?" || near == "$") && a.questionPlaceholders() {
		return true
	}
	if f, ok := a.syntaxFaultBefore(syntaxWord(near)); ok {
		a.g.Add(f.prev, near, f.keyword)
		a.why("The statement is at " + a.cite(f.at) + ": " + f.why)
		a.fix(f.fix + " at " + code(a.fileLoc(f.at.Path, f.at.Line)) + ".")
		return true
	}
	if word := syntaxWord(near); word == "" || !a.queryNaming(word) {
		if l, ok := a.queryCallLine(); ok {
			a.why("The statement is run at " + quoteLine(l) + ".")
		}
	}
	if reserved[strings.ToLower(syntaxWord(near))] {
		a.why(code(syntaxWord(near)) + " is a reserved word in SQL: as a table or column name it must be quoted (or the name changed).")
	}
	return false
}

// syntaxWord is the first word of the text a parser stopped at (MySQL
// quotes the rest of the statement from there).
func syntaxWord(near string) string {
	f := strings.FieldsFunc(near, func(r rune) bool {
		return !(r == '_' || r >= '0' && r <= '9' || r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z')
	})
	if len(f) == 0 {
		return ""
	}
	return f[0]
}

// reserved are SQL reserved words that apps use as names by mistake.
var reserved = map[string]bool{"user": true, "order": true, "group": true, "select": true, "table": true,
	"from": true, "where": true, "limit": true, "offset": true, "check": true, "default": true, "references": true}
