package offline

import (
	"regexp"
	"strings"

	"github.com/explainerr/explainerr/explainerr/internal/appsource"
)

// A query's tables, read from its SQL text: the table named after FROM,
// JOIN, INTO or UPDATE, and the alias it is given there ("reservations r",
// "entries AS e").

// tableRef matches a table reference of a statement: its name (past a
// schema qualifier and quotes) and the alias after it, if any.
var tableRef = regexp.MustCompile("(?i)\\b(?:FROM|JOIN|INTO|UPDATE)\\s+(?:ONLY\\s+)?[\"`]?(?:\\w+[\"`]?\\.[\"`]?)?(\\w+)[\"`]?(?:\\s+(?:AS\\s+)?(\\w+))?")

// queryTables returns the tables of a statement by the names it calls them
// (each table under its own name and under its alias).
func queryTables(sql string) map[string]string {
	out := map[string]string{}
	for _, m := range tableRef.FindAllStringSubmatch(sql, -1) {
		table := strings.ToLower(m[1])
		if sqlReserved[table] || strings.HasPrefix(table, "$") {
			continue
		}
		out[table] = table
		if alias := strings.ToLower(m[2]); alias != "" && !sqlReserved[alias] && !sqlClauseWords[alias] {
			out[alias] = table
		}
	}
	return out
}

// sqlClauseWords are words that may follow a table's name without being
// its alias.
var sqlClauseWords = wordSet(`natural lateral tablesample window fetch for lock nowait skip locked conflict do nothing
	overriding system user default`)

// columnRef returns the pattern of a column reference in SQL text: the
// qualified one as written (r.notes), or the bare name as a word not
// preceded by a qualifier, nor a bind parameter's sigil (@userid).
func columnRef(col string) *regexp.Regexp {
	return compiled(`(?i)(?:^|[^\w.@:$])` + regexp.QuoteMeta(col) + `\b`)
}

// columnQueries returns the statements (not schema statements) that name
// the column col as written in the error: the module's SQL strings, those
// run by a function on the failing stack, or called on one of its lines,
// first when there are any, else the statements around it in the source
// the report carries.
func (a *analysis) columnQueries(col string) []string {
	ref := columnRef(col)
	var all, stacked []string
	if src := a.app(); src != nil && src.mod != nil {
		onStack := a.stackCallNames()
		for _, l := range src.mod.SQLLiteralsIn(a.dialect()) {
			if l.DDL || !sqlKeyword.MatchString(l.Value) || !ref.MatchString(l.Value) {
				continue
			}
			all = append(all, l.Value)
			runs := false
			if sl, ok := stringLitOf(l); ok && sl.Func != "" {
				runs = onStack[lastSelector(sl.Func)]
			}
			for _, r := range src.mod.QueryRunners(l) {
				runs = runs || onStack[r.Decl.Name.Name]
			}
			if runs {
				stacked = append(stacked, l.Value)
			}
		}
	}
	if len(stacked) > 0 {
		return stacked
	}
	if len(all) > 0 {
		return all
	}
	for _, t := range a.corpusTexts(ref) {
		if st := statementAround(t.text, ref); st != "" {
			all = append(all, st)
		}
	}
	return all
}

// calledName matches a name called on a line.
var calledName = regexp.MustCompile(`(\w+)\s*\(`)

// stackCallNames returns the names of the failing stack's functions and
// of the functions its lines call (the store method a handler called,
// whose frame has returned).
func (a *analysis) stackCallNames() map[string]bool {
	out := map[string]bool{}
	for _, f := range a.stackFrames() {
		out[lastSelector(enclosingFunc(f.Function))] = true
		text := ""
		if f.Source != nil {
			text = f.Source.LineText()
		} else {
			text = a.appLineText(f.File, f.Line)
		}
		for _, m := range calledName.FindAllStringSubmatch(text, -1) {
			out[m[1]] = true
		}
	}
	if w, _, ok := a.s.ErrorOrigin(); ok {
		for _, m := range calledName.FindAllStringSubmatch(w.Text, -1) {
			out[m[1]] = true
		}
	}
	return out
}

// statementStart matches where a statement or a string starts in source
// text.
var statementStart = regexp.MustCompile("(?i)\\b(?:SELECT|INSERT\\s+(?:OR\\s+\\w+\\s+)?INTO|UPDATE|DELETE\\s+FROM)\\b|[`\"]")

// statementAround returns the SQL statement of text in which ref first
// occurs: from the last statement keyword before it to the end of the
// string or the next statement; "" when no keyword precedes it.
func statementAround(text string, ref *regexp.Regexp) string {
	loc := ref.FindStringIndex(text)
	if loc == nil {
		return ""
	}
	start := -1
	for _, m := range statementStart.FindAllStringIndex(text[:loc[0]], -1) {
		if c := text[m[0]]; c != '`' && c != '"' {
			start = m[0]
		} else {
			start = -1 // a string opened after the last keyword
		}
	}
	if start < 0 {
		return ""
	}
	end := len(text)
	if m := statementStart.FindStringIndex(text[loc[1]:]); m != nil {
		end = loc[1] + m[0]
	}
	if i := strings.IndexByte(text[loc[1]:end], ';'); i >= 0 {
		end = loc[1] + i
	}
	return text[start:end]
}

// columnTables returns the tables the missing column col was looked for
// in: the table the database named, else the tables of the queries that
// name it (the one its qualifier stands for, or every table of a query
// when it has none); nil when no query naming it is found.
func (a *analysis) columnTables(col string) []string {
	if t := a.f.Captures["table"]; t != "" {
		return []string{strings.ToLower(t)}
	}
	qual := ""
	if i := strings.LastIndexByte(col, '.'); i >= 0 {
		qual = strings.ToLower(col[:i])
		if j := strings.LastIndexByte(qual, '.'); j >= 0 {
			qual = qual[j+1:]
		}
	}
	var out []string
	seen := map[string]bool{}
	add := func(t string) {
		if !seen[t] {
			seen[t] = true
			out = append(out, t)
		}
	}
	for _, q := range a.columnQueries(col) {
		tables := queryTables(q)
		if qual != "" {
			if t, ok := tables[qual]; ok {
				add(t)
			}
			continue
		}
		for name, t := range tables {
			if name == t {
				add(t)
			}
		}
	}
	return out
}

// queryColumns returns the other columns the statements naming col read
// from the same table: under the same qualifier (e.status beside
// e.state), or, for a bare name in a statement of one table, the other
// names of the statement that are no SQL word, function, table, alias or
// string.
func (a *analysis) queryColumns(col string) []string {
	name, qual := col, ""
	if i := strings.LastIndexByte(col, '.'); i >= 0 {
		name, qual = col[i+1:], col[:i]
	}
	var out []string
	seen := map[string]bool{strings.ToLower(name): true}
	add := func(c string) {
		if c = strings.ToLower(c); !seen[c] {
			seen[c] = true
			out = append(out, c)
		}
	}
	qualified := compiled(`(?i)(?:^|[^\w.])` + regexp.QuoteMeta(qual) + `\.(\w+)`)
	for _, q := range a.columnQueries(col) {
		if qual != "" {
			for _, m := range qualified.FindAllStringSubmatch(q, -1) {
				add(m[1])
			}
			continue
		}
		tables := queryTables(q)
		distinct := map[string]bool{}
		for _, t := range tables {
			distinct[t] = true
		}
		if len(distinct) != 1 {
			continue
		}
		for _, w := range bareNames(q) {
			if _, isTable := tables[strings.ToLower(w)]; !isTable {
				add(w)
			}
		}
	}
	return out
}

// sqlStringOrCall matches what bareNames skips: a quoted SQL string, a
// name called as a function, and a qualified name.
var sqlStringOrCall = regexp.MustCompile(`'[^']*'|\w+\s*\(|\w+\.\w+|\$\d+`)

// bareNames returns the unqualified names of a statement that are no SQL
// word: its columns, mostly.
func bareNames(q string) []string {
	var out []string
	for _, w := range wordPattern.FindAllString(sqlStringOrCall.ReplaceAllString(q, " "), -1) {
		if lw := strings.ToLower(w); !sqlReserved[lw] && !sqlClauseWords[lw] {
			out = append(out, lw)
		}
	}
	return out
}

// dialect returns the database whose driver wrote the failure's SQL
// error (appsource.SQLDialect), "" when its words do not tell.
func (a *analysis) dialect() string { return appsource.SQLDialect(a.r) }
