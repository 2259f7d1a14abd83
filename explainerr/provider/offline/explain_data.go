package offline

import (
	"regexp"
	"strings"

	"github.com/explainerr/explainerr/explainerr/internal/appsource"
	"github.com/explainerr/explainerr/explainerr/provider/offline/internal/corpus"
)

// queryCall matches a line that runs SQL.
var queryCall = regexp.MustCompile(`\.(?:QueryRow|QueryRowContext|Query|QueryContext|Exec|ExecContext|Get|Select)\(|\.Scan\(`)

// errorIs returns the usual "answer this error with status" snippet
// when the error is tested with errors.Is.
func (a *analysis) errorIs(target, status string) []string {
	return a.answerAndReturn("if errors.Is(err, "+target+") {", "\thttp.Error(w, http.StatusText("+status+"), "+status+")")
}

// failingCall returns the statement that produced the error: the query or
// call line above (or on) the failing line.
func (a *analysis) failingCall(pattern *regexp.Regexp) (corpus.Line, bool) {
	if w, ok := a.s.LineMatching(pattern); ok {
		return a.siteLine(w), true
	}
	if w, _, ok := a.s.ErrorOrigin(); ok {
		return a.siteLine(w), true
	}
	return corpus.Line{}, false
}

// goDeclLine is a Go line that opens a declaration, which holds no SQL.
var goDeclLine = regexp.MustCompile(`^\s*(?:func|type|var|const|import|package)\b`)

// sqlStatement finds the SQL text that mentions word (case-insensitive),
// preferring lines with SQL keywords.
func (a *analysis) sqlStatement(word string) (corpus.Line, bool) {
	if word == "" {
		return corpus.Line{}, false
	}
	// Keywords as words: "From" of "ItemsFromModel(rows []*model.Item)"
	// is none.
	re := compiled(`(?i)\b(?:SELECT|INSERT|UPDATE|DELETE|FROM|WHERE|INTO|SET|JOIN|ORDER BY|VALUES)\b.*\b` + regexp.QuoteMeta(word) + `\b|\b` + regexp.QuoteMeta(word) + `\b.*\b(?:FROM|WHERE|VALUES|SET)\b`)
	// A name said in an SQL comment or a quoted string is not the
	// statement's; where a table goes (FROM, JOIN, INTO) comes first.
	asTable := tablePlace(word)
	var lines, others []corpus.Line
	for _, l := range a.c.Find(re) {
		code := appsource.SQLCode(l.Text)
		switch {
		case goComment(l.Text):
			// "// Delete book by given ID.": words of a comment.
		case strings.HasSuffix(l.File, ".go") && goDeclLine.MatchString(l.Text):
			// "func (r *Repo) Delete(ctx context.Context, item *Item)":
			// a declaration's words.
		case messageCall.MatchString(l.Text):
			// "failed to get user from session cookie": a log line's or
			// an error's words, which read as SQL to a case-blind match.
		case !re.MatchString(code):
		case strings.HasSuffix(l.File, ".go") && !wordInGoString(l.Text, word):
			// Where("user_id = ?", user.ID): the word is Go's (a
			// variable), not the statement's.
		case asTable.MatchString(code):
			lines = append(lines, l)
		default:
			others = append(others, l)
		}
	}
	lines = append(lines, others...)
	// A statement in a function the request did not run (a migration run
	// at start) is not the query that failed.
	kept := lines[:0]
	for _, l := range lines {
		if !a.corpusLineNotRun(l) {
			kept = append(kept, l)
		}
	}
	lines = kept
	if len(lines) == 0 {
		return corpus.Line{}, false
	}
	// A store per database shows each database's query: the one of the
	// database whose driver wrote the error, when its files say so.
	return appsource.ByDialect(lines, appsource.SQLDialect(a.r), false, func(l corpus.Line) string { return l.File })[0], true
}

// wordInGoString reports whether word is a word of a string literal of
// the Go line, where an app writes SQL; true for a line of a raw string
// (one with a backquote, or with no quotes at all: the middle of one).
func wordInGoString(line, word string) bool {
	if strings.Contains(line, "`") || !strings.Contains(line, `"`) {
		return true
	}
	w := compiled(`(?i)\b` + regexp.QuoteMeta(word) + `\b`)
	for _, lit := range goStringLit.FindAllString(line, -1) {
		if w.MatchString(lit) {
			return true
		}
	}
	return false
}

// messageCall matches a line that writes a log record or makes an
// error: its string is a message, not a statement.
var messageCall = regexp.MustCompile(`\b(?:log|logger|slog|zap|zerolog|logrus)\.\w+\(|\.(?:Error|Errorf|Warn|Warnf|Warning|Info|Infof|Debug|Debugf|Print|Printf|Println|Fatal|Fatalf|Msg|Msgf)\(\s*"|\berrors\.New\(|\bfmt\.Errorf\(`)

// goComment reports whether line is a Go comment line ("// …", "/* …",
// "* …" inside a block comment).
func goComment(line string) bool {
	t := strings.TrimSpace(line)
	return strings.HasPrefix(t, "//") || strings.HasPrefix(t, "/*") || strings.HasPrefix(t, "* ")
}

// sqlLine matches a line of SQL text.
var sqlLine = regexp.MustCompile(`\b(?:SELECT|INSERT INTO|INSERT OR \w+ INTO|REPLACE INTO|UPDATE|DELETE FROM|CREATE TABLE|FROM|WHERE|JOIN|REFERENCES)\b`)

// sqlNames returns the lower-case words of the corpus lines that hold SQL
// (the usual table and column names), without the SQL keywords.
func sqlNames(c corpus.Corpus) []string {
	var texts []string
	for _, l := range c.Find(sqlLine) {
		texts = append(texts, l.Text)
	}
	return lowerCaseWords(texts)
}

// lowerCaseWords returns the words of texts that are all lower case, the
// way SQL names tables and columns, each once, in order.
func lowerCaseWords(texts []string) []string {
	var out []string
	seen := map[string]bool{}
	for _, t := range texts {
		for _, w := range wordPattern.FindAllString(t, -1) {
			if strings.ToLower(w) == w && !seen[w] {
				seen[w] = true
				out = append(out, w)
			}
		}
	}
	return out
}

// maxSQLUses bounds the SQL texts naming a word that are weighed.
const maxSQLUses = 12

// rankedByRun orders lines of the module by how likely they ran for this
// request: in a function the request reached first, then in a file
// written for the database whose driver wrote the error (sqlite/ before
// mysql/), the module's order otherwise; of a file written for another
// database only when the module has files for this one, none.
func (a *analysis) rankedByRun(lines []sourceLine) []sourceLine {
	src := a.app()
	if src == nil || src.mod == nil || len(lines) < 2 {
		return lines
	}
	d := appsource.SQLDialect(a.r)
	out := appsource.ByDialect(lines, d, d != "" && src.mod.HasDialectFiles(d), func(l sourceLine) string { return src.mod.Rel(l.Path) })
	// Those the request reached first, the dialect's order kept within.
	var reached, others []sourceLine
	for _, l := range out {
		if a.reachedLine(l) {
			reached = append(reached, l)
		} else {
			others = append(others, l)
		}
	}
	return append(reached, others...)
}

// corpusLineNotRun reports whether the corpus line l is known to be in a
// module function the request did not run: its file is one module file,
// the line in a function of it, and no function the request reached
// (reached) holds it. A line it cannot place is not known not to run.
func (a *analysis) corpusLineNotRun(l corpus.Line) bool {
	if len(a.reached()) == 0 {
		return false
	}
	path, fn := a.corpusLineFunc(l)
	return fn != "" && !a.reachedLine(sourceLine{Path: path, Line: l.Number})
}

// corpusLineFunc returns the module file of the corpus line l and the
// short name of the function holding it; "" for the name when the file
// is not one module file (two end the same and hold that line's text) or
// the line is in no function.
func (a *analysis) corpusLineFunc(l corpus.Line) (path, fn string) {
	src := a.app()
	if src == nil || src.mod == nil {
		return "", ""
	}
	var ends []*appsource.File
	for _, f := range src.mod.Files {
		if rel := src.mod.Rel(f.Path); rel == l.File || strings.HasSuffix(rel, "/"+l.File) {
			ends = append(ends, f)
		}
	}
	if len(ends) > 1 {
		// Several files end the same (server.go of two packages): the
		// one whose line is the corpus line's text.
		var holding []*appsource.File
		for _, f := range ends {
			if lines := f.Lines(); l.Number >= 1 && l.Number <= len(lines) && strings.TrimSpace(lines[l.Number-1]) == strings.TrimSpace(l.Text) {
				holding = append(holding, f)
			}
		}
		ends = holding
	}
	if len(ends) != 1 {
		return "", ""
	}
	path = ends[0].Path
	if _, fd := src.mod.FuncAt(path, l.Number); fd != nil {
		return path, funcName(fd)
	}
	return path, ""
}

// reachedLine reports whether l is in a function the request may have
// run (reached).
func (a *analysis) reachedLine(l sourceLine) bool {
	fset := a.app().fset
	for _, ref := range a.reached() {
		if ref.File.Path == l.Path && fset.Position(ref.Decl.Pos()).Line <= l.Line && l.Line <= fset.Position(ref.Decl.End()).Line {
			return true
		}
	}
	return false
}

// sqlEngine names the database that wrote a schema error, from its
// wording: lib/pq and pgx prefix theirs ("pq:", "SQLSTATE"), MySQL's
// driver gives its error number, SQLite says "no such".
func sqlEngine(msg string) string {
	switch {
	case strings.Contains(msg, "pq:") || strings.Contains(msg, "SQLSTATE") || strings.Contains(msg, "does not exist"):
		return "PostgreSQL"
	case strings.Contains(msg, "Error 1054") || strings.Contains(msg, "Error 1146") || strings.Contains(msg, "Unknown column") || strings.Contains(msg, "doesn't exist") || strings.Contains(msg, "Error 1064") || strings.Contains(msg, "in your SQL syntax"):
		return "MySQL"
	case strings.Contains(msg, "no such") || strings.Contains(msg, "near \""):
		return "SQLite"
	}
	return "The database"
}

// queryNaming adds where the app's SQL text names word: the windows and
// retrieved chunks first, else the module's parsed source. It reports
// whether it found it.
func (a *analysis) queryNaming(word string) bool {
	if l, ok := a.messageQuery(word); ok {
		a.why("The query is at " + a.cite(l) + ".")
		a.explainGeneratedQuery(corpus.Line{File: l.Path, Number: l.Line, Text: l.Text}, word)
		return true
	}
	if l, ok := a.sqlStatement(word); ok {
		if path, fn := a.corpusLineFunc(l); fn != "" {
			a.why("The query is at " + a.cite(sourceLine{Path: path, Line: l.Number, Text: strings.TrimSpace(l.Text), Func: fn}) + ".")
		} else {
			a.why("The query is at " + quoteLine(l) + ".")
		}
		a.explainGeneratedQuery(l, word)
		return true
	}
	src := a.app()
	if src == nil {
		return false
	}
	uses := a.rankedByRun(src.sqlUses(word, maxSQLUses))
	if len(uses) == 0 {
		return false
	}
	if len(uses) > 3 {
		uses = uses[:3]
	}
	var at []string
	for _, u := range uses {
		at = append(at, a.cite(u))
	}
	if len(uses) == 1 {
		a.why("The app's SQL text that names " + code(word) + " is at " + at[0] + ".")
	} else {
		a.why("The app's SQL text names " + code(word) + " at " + strings.Join(at, "; ") + ".")
	}
	a.explainGeneratedQuery(corpus.Line{File: uses[0].Path, Number: uses[0].Line, Text: uses[0].Text}, word)
	return true
}

// schemaNames returns the lower-case names a table or column may have:
// the words of the schema in sight (the module's CREATE and ALTER
// statements in Go strings, and the .sql lines of the windows and
// chunks), or, when no schema is in sight, of the app's SQL text; never
// an SQL reserved word ("not" of "not in" is no column).
func (a *analysis) schemaNames() []string {
	src := a.app()
	var names []string
	if src != nil {
		names = append(src.ddlWords(), src.ormTableNames()...)
	}
	names = append(names, sqlFileWords(a.c)...)
	if len(names) == 0 {
		names = sqlNames(a.c)
		if src != nil {
			names = append(names, src.sqlWords()...)
		}
	}
	out := names[:0]
	for _, n := range names {
		if !sqlReserved[n] {
			out = append(out, n)
		}
	}
	return out
}

// sqlFileWords returns the lower-case words of the .sql lines of c.
func sqlFileWords(c corpus.Corpus) []string {
	var texts []string
	for _, l := range c {
		if strings.HasSuffix(l.File, ".sql") {
			texts = append(texts, l.Text)
		}
	}
	return lowerCaseWords(texts)
}

// sqlReserved are SQL's reserved words and common type names, which name
// no table or column.
var sqlReserved = wordSet(`select from where and or not in is null as on join left right inner outer full cross
	order by group having limit offset insert into values update set delete returning create table alter add drop
	column index primary key foreign references default unique check constraint exists if like ilike between case
	when then else end distinct union all any some true false asc desc with cascade restrict no action only using
	text integer int bigint smallint serial bigserial varchar char boolean bool timestamp timestamptz numeric real
	double precision float decimal jsonb json uuid bytea`)

// wordSet returns the set of the space-separated words of s.
func wordSet(s string) map[string]bool {
	out := map[string]bool{}
	for _, w := range strings.Fields(s) {
		out[w] = true
	}
	return out
}

// closestSchemaName returns the name of the app's SQL text nearest to
// name (see closest), "" when none is near. A name found only in the
// parsed module is cited where the SQL uses it, so the explanation may
// name it.
func (a *analysis) closestSchemaName(name string) (s, where string) {
	s = closest(name, a.schemaNames(), 2)
	if s == "" || a.g.Has(s) {
		return s, ""
	}
	if src := a.app(); src != nil {
		if uses := src.sqlUses(s, 1); len(uses) > 0 {
			return s, " (at " + a.cite(uses[0]) + ")"
		}
		for _, t := range src.ormTables() {
			if t.name == s {
				a.g.AddScanned(a.fileLoc(t.at.Path, t.at.Line))
				return s, " (the ORM's schema declares it at " + a.cite(t.at) + ")"
			}
		}
	}
	return "", ""
}

// notFoundOutsideHTTP explains a "not found" failure of a program that
// serves no request: no status is involved.
func (a *analysis) notFoundOutsideHTTP(msg string) {
	if a.explicitPanic() {
		a.deliberatePanic(msg)
		a.why("The message says something the program looked up does not exist.")
		return
	}
	a.headline("Something the program looked up does not exist")
	a.why("The error says " + code(shorten(msg, 120)) + ": a lookup found nothing, and the program treated that as a failure.")
	if call, ok := a.failingCall(compiled(`err\s*:?=`)); ok {
		a.culprit = strings.TrimSpace(call.Text)
	}
	a.fix("If a missing value can happen in normal use, return a sentinel error (wrapped with " + code(`"%w"`) + ") for it and check it with " + code("errors.Is") + " where it is handled, instead of treating it as a failure.")
}

// errorsIsCheck finds an errors.Is test in the scope of the failure.
func (a *analysis) errorsIsCheck() (corpus.Line, bool) {
	re := compiled(`errors\.Is\(\s*err\s*,`)
	if w, ok := a.s.LineMatching(re); ok {
		return a.siteLine(w), true
	}
	return corpus.Line{}, false
}

// builtValue finds where the value passed to the failing call is built:
// the assignment, above the call, of its last plain-identifier argument.
func (a *analysis) builtValue() *corpus.Line {
	w, facts, ok := a.s.ErrorOrigin()
	if !ok {
		return nil
	}
	for _, c := range facts.Calls {
		for i := len(c.Args) - 1; i >= 0; i-- {
			arg := c.Args[i]
			if !isIdent(arg) || arg == "ctx" || arg == "err" {
				continue
			}
			s := a.s
			s.Line = w.Number
			if l, _, ok := s.AssignmentOf(arg); ok {
				line := a.siteLine(l)
				return &line
			}
		}
	}
	return nil
}
