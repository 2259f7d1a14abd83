package offline

import (
	"regexp"
	"strconv"
	"strings"

	"github.com/explainerr/explainerr/explainerr/internal/appsource"
	"github.com/explainerr/explainerr/explainerr/provider/offline/internal/draft"
	"github.com/explainerr/explainerr/explainerr/report"
)

// The source context given with a failure (static or rag) holds, besides
// the frames, the code the module understanding reached from the
// failure's own words: where its message is made, the query and schema an
// SQL error names, where a setting gets its value. When a pass's
// explanation does not name one of them, the location section points at
// it, saying why it was picked and nothing more: a lead, not a claim
// about the fault. The constructors of a nil value are left to the
// passes that follow the value, which name the one that matters.

// contextLeads are the reasons of the chunks pointed at, with what each
// says of its chunk.
var contextLeads = map[string]string{
	report.ReasonOrigin:  "where the error's message is made",
	report.ReasonQuery:   "the query the SQL error is about",
	report.ReasonSchema:  "the schema statement of the table it uses",
	report.ReasonSetting: "where a setting the failing code uses gets its value",
}

// maxContextLeads bounds the chunks pointed at.
const maxContextLeads = 3

// pointToContext adds to the location section the chunks of the report's
// context that contextLeads names and the explanation does not mention
// yet, in the context's order. What it says of an SQL chunk is what the
// source shows (sqlLead). An origin is pointed at only when the request
// may have run it (Module.RequestReach), when that is known: two
// functions can make one message, and the one the request did not run
// made nothing here.
func (a *analysis) pointToContext() {
	n := 0
	sql := a.sqlLeads()
	for _, c := range a.r.Context {
		what, ok := contextLeads[c.Reason]
		name := c.Symbol
		if !ok || n >= maxContextLeads || name == "" || a.d.Mentions(name) {
			continue
		}
		if c.Reason == report.ReasonOrigin && len(sql.reached) > 0 && !sql.reached[reachKey(c.File, name)] {
			continue
		}
		if c.Reason == report.ReasonQuery || c.Reason == report.ReasonSchema {
			if what, ok = sql.of(c); !ok {
				continue
			}
		}
		if c.Reason == report.ReasonOrigin && !a.makesMessage(c) {
			// A check that dropped its query's error, a transaction's
			// owner, a function a log line names: a lead to the cause,
			// not the words of the message.
			what = "a function on the failing request's path the failure may come from"
		}
		n++
		if c.Kind == "sql" || name == baseName(c.File) {
			// A schema file: its name is no Go name, and a code span
			// would not be grounded.
			a.d.Where = append(a.d.Where, draft.Item{"The source given with this failure also holds " + what + ", at line " + strconv.Itoa(c.StartLine) + " of " + name + "."})
			continue
		}
		a.g.Add(name, baseName(c.File))
		at := code(baseName(c.File))
		if line, ok := declLine(c); ok {
			at = code(baseName(c.File) + ":" + strconv.Itoa(line))
		}
		a.d.Where = append(a.d.Where, draft.Item{"The source given with this failure also holds " + what + ": " + code(name) + " (" + at + ")."})
	}
}

// sqlLeads is what the context shows of an SQL error: the name it gives,
// and the tables of the queries the request reached.
type sqlLeads struct {
	name, table string
	tables      map[string]bool
	reached     map[string]bool
	// writes is true for a constraint's violation, which only a statement
	// that writes can meet: a query that only reads is not the failing one.
	writes bool
	// asTable is true when the name is a table the database lacks: a
	// query that names it as a column is no query of that table.
	asTable bool
}

// sqlLeads reads the context's query chunks the request reached (the
// failing queries) and the tables they use, with the error's own table.
func (a *analysis) sqlLeads() sqlLeads {
	name, table := appsource.SQLErrorNames(a.r)
	if table == "" {
		// A constraint's table, as the failure's class read it
		// ("user__token_pkey1" of user__token).
		table = a.f.Captures["table"]
	}
	l := sqlLeads{name: name, table: strings.ToLower(table), tables: map[string]bool{}, reached: map[string]bool{}}
	switch a.f.Class {
	case ClassUnique, ClassNotNull, ClassForeignKey, ClassCheck:
		l.writes = true
	case ClassNoSuchTable:
		l.asTable = true
	}
	if table != "" {
		l.tables[l.table] = true
	}
	for _, ref := range a.reached() {
		l.reached[reachKey(ref.File.Path, appsource.FuncName(ref.Decl))] = true
	}
	for _, c := range a.r.Context {
		if c.Reason == report.ReasonQuery && l.failing(c) {
			for t := range appsource.TablesUsed(c.Text) {
				l.tables[t] = true
			}
		}
	}
	return l
}

// failing reports whether the query chunk c may be the failing query:
// the request reached its function, it uses the table the error names,
// when the error names one, and it writes, for a constraint's violation.
func (l sqlLeads) failing(c report.Chunk) bool {
	return l.reached[reachKey(c.File, c.Symbol)] && (l.table == "" || appsource.TablesUsed(c.Text)[l.table]) && (!l.writes || reWriteCall.MatchString(c.Text))
}

// reachKey is the key of the function fn of file in sqlLeads.reached.
func reachKey(file, fn string) string { return baseName(file) + "\x00" + fn }

// of returns what may be said of the query or schema chunk c: the failing
// query (failing), the schema of its table when c defines a table it
// uses; else a chunk that names the error's name; ok is false when c
// shows neither.
func (l sqlLeads) of(c report.Chunk) (string, bool) {
	if c.Reason == report.ReasonQuery {
		switch {
		case l.failing(c):
			return contextLeads[report.ReasonQuery], true
		case appsource.NamesSQLWord(c.Text, l.name) && (!l.asTable || namesTable(c.Text, l.name)):
			return "a query that names " + code(l.name), true
		}
		return "", false
	}
	switch {
	case appsource.DefinesOneOf(c.Text, l.tables):
		return contextLeads[report.ReasonSchema], true
	case appsource.NamesSQLWord(c.Text, l.name) && (l.table == "" || !appsource.DefinesATable(c.Text)):
		// Not another table's definition that has a column of that name
		// (a category's slug, for tag.slug).
		return "a schema statement that names " + code(l.name), true
	}
	return "", false
}

// namesTable reports whether text names name where a table goes (FROM,
// JOIN, INTO, UPDATE, TABLE, or a query builder's Table("name")).
func namesTable(text, name string) bool {
	return tablePlace(name).MatchString(text) || compiled(`\.Table\(\s*"`+regexp.QuoteMeta(name)+`"`).MatchString(text)
}

// tablePlace matches name where SQL puts a table: after FROM, JOIN,
// INTO, UPDATE or TABLE.
func tablePlace(name string) *regexp.Regexp {
	return compiled(`(?i)\b(?:FROM|JOIN|INTO|UPDATE|TABLE)\s+["` + "`" + `]?` + regexp.QuoteMeta(name) + `\b`)
}

// declLine returns the line of c's text that declares its function (the
// line that starts with "func"), when c shows it.
func declLine(c report.Chunk) (int, bool) {
	for i, l := range strings.Split(c.Text, "\n") {
		if strings.HasPrefix(l, "func ") {
			return c.StartLine + i, true
		}
	}
	return 0, false
}

// chunkLiteral matches a Go string literal of a chunk's text.
var chunkLiteral = regexp.MustCompile(`"(?:[^"\\\n]|\\.)*"`)

// makesMessage reports whether an origin chunk holds a string literal
// whose own words, formatting verbs aside, are part of the message the
// failure was recognised in or of the error's: the chunk makes (part of)
// the message.
func (a *analysis) makesMessage(c report.Chunk) bool {
	msgs := []string{a.f.Message, a.r.Error.Message, a.fromLog}
	for _, lit := range chunkLiteral.FindAllString(c.Text, -1) {
		text, err := strconv.Unquote(lit)
		if err != nil {
			continue
		}
		for _, part := range fmtVerb.Split(text, -1) {
			part = strings.Trim(part, " :")
			if len(part) < minFormatText {
				continue
			}
			for _, m := range msgs {
				if m != "" && strings.Contains(m, part) {
					return true
				}
			}
		}
	}
	return false
}
