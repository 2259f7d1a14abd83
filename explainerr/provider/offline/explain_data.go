package offline

import (
	"regexp"
	"strings"
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
func (a *analysis) failingCall(pattern *regexp.Regexp) (corpusLine, bool) {
	if w, ok := a.s.lineMatching(pattern); ok {
		return a.siteLine(w), true
	}
	if w, _, ok := a.s.errorOrigin(); ok {
		return a.siteLine(w), true
	}
	return corpusLine{}, false
}

// noRows explains sql.ErrNoRows.
func (a *analysis) noRows() {
	a.headline("No row found: " + code("sql: no rows in result set"))
	if l, ok := a.findLostSentinel(); ok {
		// The handler already tests for it: advising the test again would
		// be wrong; what broke it is the wrap.
		a.headline(sentinelHeadline(l))
		a.why("A single-row query matched no row, so its Scan returned " + code("sql.ErrNoRows") + ".")
		a.explainLostSentinel(l)
		a.fix("Keep 500 for the other errors: those are real failures.")
		return
	}
	if check, ok := a.errorsIsCheck(); ok && strings.Contains(check.Text, "ErrNoRows") {
		a.why("A single-row query matched no row, so its Scan returned " + code("sql.ErrNoRows") + ".")
		a.why("The handler does test for it at " + quoteLine(check) + ", yet the error that came back does not match: on its way here it was made into text (" + code("fmt.Errorf") + " with " + code(`"%v"`) + " or " + code(`"%s"`) + ", or " + code("errors.New(err.Error())") + "), so it no longer wraps " + code("sql.ErrNoRows") + ".")
		a.fix("Find where the error is wrapped between the query and this check and wrap it with " + code(`"%w"`) + ", so " + code("errors.Is") + " sees " + code("sql.ErrNoRows") + ".")
		a.fix("Keep 500 for the other errors: those are real failures.")
		return
	}
	if a.noRowsCheckedElsewhere() {
		return
	}
	call, hasCall := a.queryCallLine()
	inCallee, followed := sourceLine{}, false
	if hasCall && !a.s.runsQuery(windowLine{call.Number, call.Text}) {
		inCallee, followed = a.queryInCallee(call)
	}
	switch {
	case hasCall && a.s.runsQuery(windowLine{call.Number, call.Text}):
		a.culprit = strings.TrimSpace(call.Text)
		a.why("The query at " + quoteLine(call) + " matched no row, so its Scan returned " + code("sql.ErrNoRows") + ". For a query that looks a record up by a value from the request, that is the normal \"not found\" case, not a server error.")
	case followed:
		a.culprit = inCallee.Text
		a.why("The query at " + a.cite(inCallee) + " matched no row, so its Scan returned " + code("sql.ErrNoRows") + "; the failing code called " + code(inCallee.Func) + " at " + quoteLine(call) + " and got the error back. For a query that looks a record up by a value from the request, that is the normal \"not found\" case, not a server error.")
	case hasCall && callName(call.Text) != "":
		a.culprit = strings.TrimSpace(call.Text)
		a.why("A single-row query run inside " + code(callName(call.Text)) + " (called at " + quoteLine(call) + ") matched no row, so its Scan returned " + code("sql.ErrNoRows") + ". Either the values it looks up with are wrong (check which value is passed), or the record is legitimately missing and should be a 404, not a 500.")
	default:
		a.why("A single-row query matched no row, so its Scan returned " + code("sql.ErrNoRows") + ". For a lookup by a value from the request, that is the normal \"not found\" case, not a server error.")
	}
	if rl := a.requestLine(); rl != "" {
		a.why("The request was " + rl + ".")
	}
	w, textWrapped := a.textWrapOf("sql.ErrNoRows")
	lost := !textWrapped && a.lostInChain("sql.ErrNoRows")
	if len(a.r.Error.Chain) > 0 && !textWrapped && !lost {
		a.why("The app wrapped it as " + code(shorten(a.r.Error.Message, 120)) + "; " + code("errors.Is") + " still finds it through wrapping with " + code("fmt.Errorf") + ".")
	}
	if textWrapped {
		// A test with errors.Is would not see it until the wrap keeps it.
		a.why("The error is made at " + a.cite(w.Line) + ", which formats " + code(w.Arg) + " with " + code(`"%`+w.Verb+`"`) + ": the message keeps the text, but the error no longer wraps " + code("sql.ErrNoRows") + ", so " + code("errors.Is") + " cannot see it.")
		a.fix("Wrap it with " + code(`"%w"`) + " instead of " + code(`"%`+w.Verb+`"`) + " at " + code(a.fileLoc(w.Line.Path, w.Line.Line)) + ", so that " + code("errors.Is") + " can find " + code("sql.ErrNoRows") + ".")
	} else if lost {
		a.why("The error's chain does not hold " + code("sql.ErrNoRows") + " itself, only its text: on its way here it was made into text (" + code("fmt.Errorf") + " with " + code(`"%v"`) + ", or " + code("errors.New(err.Error())") + "), so " + code("errors.Is") + " cannot see it.")
		a.fix("Find where the error is made into text and wrap it with " + code(`"%w"`) + " instead, so that " + code("errors.Is") + " can find " + code("sql.ErrNoRows") + ".")
	}
	a.fix(block("Answer a missing row with 404 Not Found where the error is handled:", a.errorIs("sql.ErrNoRows", "http.StatusNotFound")...),
		"Check "+code("errors.Is(err, sql.ErrNoRows)")+" where the error is handled and answer 404 Not Found instead of 500.",
		"Check for "+code("sql.ErrNoRows")+" with "+code("errors.Is")+" where the error is handled and answer 404 Not Found instead of 500.")
	a.fix("Keep 500 for the other errors: those are real failures.")
}

// sqlStatement finds the SQL text that mentions word (case-insensitive),
// preferring lines with SQL keywords.
func (a *analysis) sqlStatement(word string) (corpusLine, bool) {
	if word == "" {
		return corpusLine{}, false
	}
	re := compiled(`(?i)(?:SELECT|INSERT|UPDATE|DELETE|FROM|WHERE|INTO|SET|JOIN|ORDER BY|VALUES).*\b` + regexp.QuoteMeta(word) + `\b|\b` + regexp.QuoteMeta(word) + `\b.*(?:FROM|WHERE|VALUES|SET)`)
	return a.c.first(re)
}

// sqlLine matches a line of SQL text.
var sqlLine = regexp.MustCompile(`\b(?:SELECT|INSERT INTO|UPDATE|DELETE FROM|CREATE TABLE|FROM|WHERE|JOIN|REFERENCES)\b`)

// sqlNames returns the lower-case words of the corpus lines that hold SQL
// (the usual table and column names), without the SQL keywords.
func sqlNames(c corpus) []string {
	var texts []string
	for _, l := range c.find(sqlLine) {
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
	if l, ok := a.sqlStatement(word); ok {
		a.why("The query is at " + quoteLine(l) + ".")
		return true
	}
	src := a.app()
	if src == nil {
		return false
	}
	uses := src.sqlUses(word, 3)
	if len(uses) == 0 {
		return false
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
	return true
}

// schemaNames returns the lower-case names of the app's SQL text: the
// windows' and chunks', and the module's when it is parsed.
func (a *analysis) schemaNames() []string {
	names := sqlNames(a.c)
	if src := a.app(); src != nil {
		names = append(names, src.sqlWords()...)
	}
	return names
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
	}
	return "", ""
}

// sqlSchema explains "no such column", "no such table" (SQLite),
// "column ... does not exist", "relation ... does not exist" (PostgreSQL),
// "Unknown column", "Table ... doesn't exist" (MySQL) and SQLite's syntax
// errors.
func (a *analysis) sqlSchema() {
	caps := a.f.Captures
	engine := sqlEngine(a.f.Message)
	switch a.f.Class {
	case ClassNoSuchColumn:
		col := caps["column"]
		name := col
		if i := strings.LastIndexByte(col, '.'); i >= 0 {
			name = col[i+1:]
		}
		a.culprit = col
		a.headline("SQL error: no such column " + code(col))
		a.why(engine + " rejected the query because the table has no column " + code(col) + ". It is a mistake in the SQL text (or a schema that is older than the code), found when the statement is prepared, so it fails for every request that runs it: a server error, not bad input.")
		if !a.queryNaming(name) {
			if call, ok := a.failingCall(compiled(`err\s*:?=`)); ok && callName(call.Text) != "" {
				a.why("The query runs inside " + code(callName(call.Text)) + ", called at " + quoteLine(call) + "; its SQL text names " + code(col) + ".")
			}
		}
		if engine == "PostgreSQL" {
			if src := a.app(); src != nil && src.sqlQuotes(name) {
				a.why("PostgreSQL reads a name in double quotes as a column: a string value takes single quotes (" + code("'"+name+"'") + ").")
			}
		}
		if s, where := a.closestSchemaName(name); s != "" {
			a.why("The code also uses " + code(s) + where + ", which is probably the real column.")
			a.fix("Correct the column name in the query: " + code(name) + " → " + code(s) + ".")
		} else {
			a.fix("Correct the column name in the query to one the table has.")
		}
		a.fix("If the column is new, add it to the schema (a migration) before the code uses it.")
	case ClassNoSuchTable:
		table := caps["table"]
		name := table
		if i := strings.LastIndexByte(table, '.'); i >= 0 && engine == "MySQL" {
			name = table[i+1:] // MySQL names the database too
		}
		a.culprit = table
		a.headline("SQL error: no such table " + code(table))
		db := "in this database"
		if engine == "SQLite" {
			db = "in this database file"
		}
		a.why(engine + " has no table " + code(table) + " " + db + ": the name is misspelt, or the schema (the CREATE TABLE statements, or the migrations) was not applied to the database the app connects to.")
		if !a.queryNaming(name) {
			a.builderNaming(name)
		}
		if a.tableNamesDiffer(name) {
			break // the schema creates it under another name: nothing to migrate
		}
		if s, _ := a.closestSchemaName(name); s != "" {
			a.fix("Correct the table name: " + code(name) + " → " + code(s) + ".")
		}
		if engine == "SQLite" {
			a.fix("Make sure the schema is created at startup, on the same database file the app opens.")
		} else {
			a.fix("Make sure the migrations ran on the database the app connects to (check its DSN: the database name and schema).")
		}
	default:
		a.sqlSyntax(engine, caps["near"])
		a.fix("Check the SQL text around that word: a missing comma, a reserved word used as a name, or a placeholder in a place SQL does not allow one (table and column names cannot be parameters).")
	}
}

// constraint explains integrity constraint failures of SQLite,
// PostgreSQL and MySQL.
func (a *analysis) constraint() {
	caps := a.f.Captures
	table, col := caps["table"], caps["column"]
	stmt, hasStmt := corpusLine{}, false
	if table != "" {
		stmt, hasStmt = a.c.first(compiled(`(?i)(?:INSERT\s+(?:OR\s+\w+\s+)?INTO|UPDATE)\s+["']?` + regexp.QuoteMeta(table) + `\b`))
	}
	if !hasStmt {
		stmt, hasStmt = a.queryCallLine()
	}
	showStmt := func() {
		if hasStmt {
			a.why("The statement is at " + quoteLine(stmt) + ".")
		}
	}
	switch a.f.Class {
	case ClassNotNull:
		qualified, of := table+"."+col, " of "+code(table)
		if table == "" {
			qualified, of = col, ""
		}
		if col == "" {
			// Known by its code only: the message names no column.
			a.headline("Constraint failed: a NOT NULL column was left NULL")
			a.why("The INSERT or UPDATE left a column NULL that the schema declares NOT NULL (" + a.dbEngine() + " error " + code(caps["code"]) + "): the statement does not set the column, or the value passed for it is nil (or a zero value the app turns into NULL).")
			showStmt()
			a.fix("Find the NOT NULL columns the statement leaves out or passes nil for, and set them where the value is built, or give the column a DEFAULT in the schema.")
			break
		}
		a.culprit = qualified
		a.headline("Constraint failed: " + code(qualified) + " must not be NULL")
		a.why("The INSERT or UPDATE left " + code(col) + of + " NULL, and the schema declares it NOT NULL: the statement does not set the column, or the value passed for it is nil (or a zero value the app turns into NULL).")
		showStmt()
		if l, ok := a.schemaLine(notNullDefinition(col)); ok {
			a.why("The schema declares it at " + a.cite(l) + ".")
		}
		if _, isInput := a.r.Request.Form[col]; isInput {
			a.why("The request's form field " + code(col) + " is empty.")
			a.fix("Validate the input before writing: when " + code(col) + " is empty, answer 400 Bad Request with a message instead of running the statement.")
			break
		}
		field := camelCase(col)
		built := a.builtValue()
		if built != nil {
			a.why("The value written is built at " + quoteLine(*built) + ".")
		}
		switch {
		case built != nil && callName(built.Text) != "" && a.g.Has(field):
			a.fix("Set " + code(field) + " (the field stored in " + code(col) + ") in " + code(callName(built.Text)) + ", so every value it builds has one.")
		case built != nil && callName(built.Text) != "":
			a.fix("Set the value stored in " + code(col) + " in " + code(callName(built.Text)) + ", so every value it builds has one.")
		default:
			a.fix("Set the value stored in " + code(col) + " where the value is built, or give the column a DEFAULT in the schema.")
		}
		a.fix("Make sure the statement lists " + code(col) + " and passes a value for it.")
	case ClassUnique:
		what, where := table+"."+col, " in "+code(table)
		switch {
		case table == "" && col != "":
			what, where = col, ""
		case col == "" && table != "":
			what = table + "." + caps["constraint"] // MySQL's key (index) name
		case col == "":
			what, where = caps["constraint"], ""
		}
		a.culprit = what
		if col == "" {
			a.headline("Unique constraint violated: " + code(what))
		} else {
			a.headline("Constraint failed: " + code(what) + " must be unique")
		}
		if col == "" {
			a.why("A row with the same value already exists" + where + ", and the unique constraint (or unique index) " + code(caps["constraint"]) + " requires the value to be unique. The request tried to create a duplicate.")
		} else {
			a.why("A row with the same " + code(col) + " already exists" + where + ", and the schema requires the value to be unique. The request tried to create a duplicate.")
		}
		showStmt()
		a.fix("Treat the duplicate as the client's error: check for the value first, or recognise the constraint error and answer 409 Conflict (" + code("http.StatusConflict") + ") with a clear message.")
		a.fix("If the value is generated by the app (a slug, an id), make it unique before inserting.")
	case ClassForeignKey:
		a.foreignKey(showStmt)
	default:
		check := caps["check"]
		if check == "" {
			check = caps["constraint"]
		}
		if check != "" {
			a.culprit = check
			a.headline("Constraint failed: CHECK " + code(check))
		} else {
			a.headline("Constraint failed: CHECK")
		}
		a.why("A value broke a CHECK constraint of the schema: " + code(shorten(a.f.Message, 120)) + ".")
		showStmt()
		if l, ok := a.schemaLine(sqlNamePattern(check), compiled(`(?i)\bCHECK\s*\(`)); ok {
			a.why("The schema defines it at " + a.cite(l) + ".")
		}
		a.fix("Validate the input against the same rule before writing, and answer 400 Bad Request when it fails.")
	}
}

// notFound explains a "not found" error answered as a server error.
func (a *analysis) notFound() {
	msg := strings.TrimSpace(a.f.Message)
	if !a.servesHTTP() {
		a.notFoundOutsideHTTP(msg)
		return
	}
	a.headline("A missing record answered as a server error")
	a.why("The error says " + code(shorten(msg, 120)) + ": the request named something that does not exist. That is the client's 404, yet it reached the generic error path and became a 500.")
	call, hasCall := a.failingCall(compiled(`err\s*:?=`))
	if hasCall {
		a.culprit = strings.TrimSpace(call.Text)
	}
	if l, ok := a.findLostSentinel(); ok {
		a.explainLostSentinel(l)
		a.fix("Keep 500 for the other errors: those are real failures.")
		return
	}
	check, hasCheck := a.errorsIsCheck()
	if hasCheck {
		a.why("The handler does test for it at " + quoteLine(check) + ", so the error that came back does not match that test: it says \"not found\" but does not wrap the sentinel error. This happens when the error is made with " + code(`fmt.Errorf`) + " and " + code(`"%v"`) + " (or " + code(`"%s"`) + ") instead of " + code(`"%w"`) + ", or with a fresh " + code("errors.New") + ".")
		if hasCall {
			a.fix("Find where the error returned at " + quoteLine(call) + " is created and wrap the sentinel with " + code(`"%w"`) + ", so " + code("errors.Is") + " sees it.")
		} else {
			a.fix("Find where the error is created and wrap the sentinel with " + code(`"%w"`) + ", so " + code("errors.Is") + " sees it.")
		}
	} else {
		a.fix("Return a sentinel error (wrapped with " + code(`"%w"`) + ") for the not-found case, and check it with " + code("errors.Is") + " where the error is handled, answering 404 Not Found.")
	}
	a.fix("Keep 500 for the other errors: those are real failures.")
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
func (a *analysis) errorsIsCheck() (corpusLine, bool) {
	re := compiled(`errors\.Is\(\s*err\s*,`)
	if w, ok := a.s.lineMatching(re); ok {
		return a.siteLine(w), true
	}
	return corpusLine{}, false
}

// builtValue finds where the value passed to the failing call is built:
// the assignment, above the call, of its last plain-identifier argument.
func (a *analysis) builtValue() *corpusLine {
	w, facts, ok := a.s.errorOrigin()
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
			if l, _, ok := s.assignmentOf(arg); ok {
				line := a.siteLine(l)
				return &line
			}
		}
	}
	return nil
}
