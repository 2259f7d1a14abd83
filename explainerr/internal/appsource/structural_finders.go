package appsource

import (
	"go/ast"
	"go/token"
	"io/fs"
	"maps"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"

	"github.com/explainerr/explainerr/explainerr/failureclass"
	"github.com/explainerr/explainerr/explainerr/internal/logrecord"
	"github.com/explainerr/explainerr/explainerr/report"
	"github.com/explainerr/explainerr/internal/astutil"
)

// The code where a fix belongs is often reached by no call of the failing
// stack: the constructor that left a map nil, the fmt.Errorf that wrapped
// with %v in another package, the migration that names a column, the code
// that reads a setting. Each finder below reads one such edge from the
// module and the report, and gives chunks marked with its reason.

// maxPerFinder bounds the chunks one finder gives.
const maxPerFinder = 2

// maxGuessedQueries is how many of the module's queries may name an SQL
// error's column, none of them tied to the request, for the first to be
// shown as the one that failed.
const maxGuessedQueries = 2

// leadChunks returns the chunks that name where the failure was made,
// shown before the frames' other callees: the error's origin and the
// constructors of a failing receiver.
func (m *Module) leadChunks(r *report.Report, s *staticSet) []report.Chunk {
	// A transaction used after it ended is fixed where the transaction
	// is ended, not where the message that wraps the error is made.
	out := m.txChunks(r, s)
	out = append(out, m.unendedTxChunks(r, s)...)
	out = append(out, m.originChunks(r, s)...)
	out = append(out, m.crossedDelegationChunks(r, s)...)
	out = append(out, m.questionBuilderChunks(r, s)...)
	out = append(out, m.generatedValueChunks(r, s)...)
	out = append(out, m.droppedColumnChunks(r, s)...)
	out = append(out, m.keyedCipherChunks(r, s)...)
	out = append(out, m.emptyOptionChunks(r, s)...)
	out = append(out, m.pointerValuerChunks(r, s)...)
	out = append(out, m.calledMethodChunks(r, s)...)
	out = append(out, m.noRowsReturnChunks(r, s)...)
	out = append(out, m.messageSiteChunks(r, s)...)
	out = append(out, m.unseenErrorChunks(r, s)...)
	out = append(out, m.loggedSiteChunks(r, s)...)
	out = append(out, m.routeHandlerChunks(r, s)...)
	out = append(out, m.constructorChunks(r, s)...)
	out = append(out, m.registryChunks(r, s)...)
	out = append(out, m.promotedNilChunks(r, s)...)
	out = append(out, m.importedVarChunks(r, s)...)
	out = append(out, m.valueFieldChunks(r, s)...)
	out = append(out, m.zeroDivisorChunks(r, s)...)
	out = append(out, m.panicGuardChunks(r, s)...)
	out = append(out, m.boundFieldChunks(r, s)...)
	out = append(out, m.callerFieldChunks(r, s)...)
	out = append(out, m.guardChunks(r, s)...)
	out = append(out, m.discardChunks(r, s)...)
	return append(out, m.shadowChunks(r, s)...)
}

// trailChunks returns the chunks that name what the failure touched,
// shown after the frames' callees, so that the prompt budget cuts them
// first: queries, schema and settings.
func (m *Module) trailChunks(r *report.Report, s *staticSet) []report.Chunk {
	out := append(m.sqlChunks(r, s), m.sqlFunctionChunks(r, s)...)
	out = append(out, m.modelSchemaChunks(r, s, out)...)
	out = append(out, m.tableSyncChunks(r, s)...)
	out = append(out, m.constraintWriteChunks(r, s)...)
	out = append(out, m.decodedBodyChunks(r, s)...)
	out = append(out, m.columnValueChunks(r, s)...)
	return append(out, m.settingChunks(r, s)...)
}

// errorMessages returns the texts that may carry the failure's message:
// the error's own (ownMessages), and the errors the request logged.
func errorMessages(r *report.Report) []string {
	msgs := ownMessages(r)
	for i := len(r.Logs) - 1; i >= 0; i-- {
		text := r.Logs[i].Text
		if rec, ok := logrecord.Parse(text); ok {
			msgs = append(msgs, rec.Error, rec.Message)
			msgs = append(msgs, failureclass.ChainTails(rec.Message)...)
			continue
		}
		msgs = append(msgs, text)
		if m := failureclass.LogMessage(text); m != text {
			// The error attribute of a line that is no record
			// ("… (error=user x: user not found, http_method=PUT)").
			msgs = append(msgs, m)
		}
		msgs = append(msgs, recordLines(text)...)
	}
	return msgs
}

// recordLines returns the lines of a log record written over several
// lines ("Error Trace:\n- file.go:12\n- failed to get post: …"), each
// without its bullet: one of them carries the error's message.
func recordLines(text string) []string {
	if !strings.Contains(text, "\n") {
		return nil
	}
	var out []string
	for _, l := range strings.Split(text, "\n") {
		if l = strings.TrimSpace(strings.TrimPrefix(strings.TrimSpace(l), "- ")); l != "" {
			out = append(out, l)
		}
	}
	return out
}

// ownMessages returns the texts of the failure's own error: its message
// and chain; the message of an HTTP error that wraps it as echo writes
// one ("code=500, message=…"); what follows each ": " of the message (a
// message wrapped into a text of its own, "failed to fetch: cache key "x"
// not found", whose chain the live error no longer holds); and an error
// inside a JSON body ({"error":"column \"x\" …"}).
func ownMessages(r *report.Report) []string {
	msgs := append([]string{r.Error.Message}, r.Error.Chain...)
	msgs = append(msgs, failureclass.HTTPErrorTexts(r.Error.Message)...)
	for _, m := range msgs[:len(msgs):len(msgs)] {
		msgs = append(msgs, failureclass.ChainTails(m)...)
	}
	return append(msgs, failureclass.BodyTexts(r.Error.Message)...)
}

// originChunks gives the functions whose fmt.Errorf or errors.New make the
// error's message.
func (m *Module) originChunks(r *report.Report, s *staticSet) []report.Chunk {
	var out []report.Chunk
	ems := m.likelyOrigins(r, s)
	for _, em := range ems {
		fd, _ := em.Syntax()
		if fd == nil || s.seen[fd] {
			continue
		}
		s.seen[fd] = true
		c := s.funcChunk(em.File, fd, s.leadReason(fd, report.ReasonOrigin))
		if c.Reason != report.ReasonOrigin {
			s.markLead(c)
		}
		out = append(out, c)
		if ref, ok := refusesParam(m, fd, em.Line); ok {
			out = append(out, m.refusedArgCallers(r, s, FuncRef{File: em.File, Decl: fd}, ref)...)
		}
	}
	return out
}

// likelyOrigins returns the error makers of the failure's messages
// (ErrorOrigins); of the same words written in several functions, those
// that may have run for this request (likelyRun).
func (m *Module) likelyOrigins(r *report.Report, s *staticSet) []ErrorMaker {
	ems := m.ErrorOrigins(errorMessages(r)...)
	byFormat := map[string][]ErrorMaker{}
	for _, em := range ems {
		byFormat[sameWords(em.Format)] = append(byFormat[sameWords(em.Format)], em)
	}
	if len(byFormat) == len(ems) {
		return ems
	}
	reach := ReachSet(s.requestReach(r))
	var kept []ErrorMaker
	for _, em := range ems {
		same := byFormat[sameWords(em.Format)]
		if len(same) < 2 {
			kept = append(kept, em)
			continue
		}
		for _, k := range likelyRun(m, same, reach, func(em ErrorMaker) FuncRef {
			fd, _ := em.Syntax()
			return FuncRef{File: em.File, Decl: fd}
		}) {
			if k.File == em.File && k.Line == em.Line {
				kept = append(kept, em)
			}
		}
	}
	return kept
}

// nilValueFailure matches the messages of a nil map written or a nil
// pointer followed.
var nilValueFailure = regexp.MustCompile(`assignment to entry in nil map|nil pointer dereference`)

// constructorChunks gives, for a nil map or nil pointer in a method, the
// module functions that build the method's receiver type (returning T or
// *T), those named New… first.
func (m *Module) constructorChunks(r *report.Report, s *staticSet) []report.Chunk {
	// The panic's message, or the one a framework's recovery logged.
	msg := nilValueMessage(r)
	if msg == "" {
		return nil
	}
	frames := r.AppFrames()
	if len(frames) == 0 {
		return nil
	}
	f, fd := m.FuncAt(frames[0].File, frames[0].Line)
	if fd == nil || fd.Recv == nil || len(fd.Recv.List) == 0 {
		return nil
	}
	if !failsOnReceiverField(fd, f, frames[0].Line, msg) {
		return nil
	}
	res := newResolver(m, f, fd)
	recv := res.moduleType(fd.Recv.List[0].Type, res.dir)
	if recv.name == "" {
		return nil
	}
	out := s.constructorChunksOf(recv, receiverField(fd, f, frames[0].Line))
	// The receiver itself may be the nil value: a field that a struct
	// embeds, left out of the literal that builds the struct.
	for _, e := range m.EmbeddersOf(recv.name) {
		out = append(out, s.constructorChunksOf(typeKey{dir: e.Dir, name: e.Name}, recv.name)...)
	}
	return out
}

// failsOnReceiverField reports whether the failing line of the method fd
// writes a map field of its receiver (for a nil map) or goes through a
// field of it (for a nil pointer): only then is the constructor that
// builds the receiver where the value was left nil.
func failsOnReceiverField(fd *ast.FuncDecl, f *File, line int, msg string) bool {
	if len(fd.Recv.List[0].Names) == 0 || line < 1 || line > len(f.Lines()) {
		return false
	}
	recv := regexp.QuoteMeta(fd.Recv.List[0].Names[0].Name)
	after := `\s*[.\[(]`
	if strings.Contains(msg, "nil map") {
		after = `\s*\[`
	}
	l := f.Lines()[line-1]
	// A field followed through (s.db.Query, s.m[k]), or a pointer field
	// dereferenced (*w.pending).
	return regexp.MustCompile(`\b`+recv+`\.\w+`+after).MatchString(l) || !strings.Contains(msg, "nil map") && regexp.MustCompile(`\*\s*`+recv+`\.\w+\b`).MatchString(l)
}

// sqlNames finds the table or column an SQL error names, as SQLite,
// PostgreSQL and MySQL word it.
// Its table, when the error names one, is the "table" group.
var sqlNames = []*regexp.Regexp{
	regexp.MustCompile(`no such (?:column|table): (?:(?P<table>\w+)\.)?(?P<name>\w+)`),
	regexp.MustCompile(`(?:column|relation) "(?:\w+\.)?(?P<name>\w+)"(?: of relation "(?P<table>\w+)")? does not exist`),
	// lib/pq before 1.10 prints the name unquoted: column tl.descripton.
	regexp.MustCompile(`(?:column|relation) (?:(?P<table>\w+)\.)?(?P<name>\w+) does not exist`),
	regexp.MustCompile(`Unknown column '(?:(?P<table>\w+)\.)?(?P<name>\w+)'`),
	regexp.MustCompile(`Table '(?:\w+\.)?(?P<name>\w+)' doesn't exist`),
	regexp.MustCompile(`missing FROM-clause entry for table "(?P<name>\w+)"`),
	regexp.MustCompile(`(?:NOT NULL|UNIQUE|CHECK) constraint failed: (?:(?P<table>\w+)\.)?(?P<name>\w+)`),
	regexp.MustCompile(`null value in column "(?P<name>\w+)"(?: of relation "(?P<table>\w+)")?`),
	regexp.MustCompile(`on table "(?P<table>\w+)" violates (?:foreign key|unique|check) constraint "(?P<name>\w+)"`),
	regexp.MustCompile(`table (?P<table>\w+) has no column named (?P<name>\w+)`),
	// sqlx: a column of the result no field of the struct is tagged
	// with, added by a migration the struct and the queries do not know.
	regexp.MustCompile(`missing destination name (?P<name>\w+) in `),
	// PostgreSQL: a value an enum type does not list (22P02).
	regexp.MustCompile(`invalid input value for enum (?P<name>\w+):`),
	// A value longer than its column allows: MySQL (1406) and SQL
	// Server name the column (PostgreSQL only the length: tooLongColumn).
	regexp.MustCompile(`Data too long for column '(?P<name>\w+)'`),
	regexp.MustCompile(`String or binary data would be truncated in table '(?:[^']*\.)?(?P<table>\w+)', column '(?P<name>\w+)'`),
	// A statement that did not parse: the word the parser stopped at
	// (SQLite, PostgreSQL's SQLSTATE 42601, MySQL's error 1064).
	regexp.MustCompile(`near "(?P<name>\w+)[^"]*": syntax error`),
	regexp.MustCompile(`syntax error at or near "(?P<name>\w+)"`),
	regexp.MustCompile(`in your SQL syntax;[^\n]*? near '(?P<name>\w+)`),
}

// sqlErrorNames returns the name an SQL error gives (a column, table or
// constraint) and its table when the error says.
func sqlErrorNames(r *report.Report) (name, table string) {
	for _, msg := range errorMessages(r) {
		msg = report.AnalysedText(msg)
		for _, re := range sqlNames {
			if mm := re.FindStringSubmatch(msg); mm != nil {
				if i := re.SubexpIndex("table"); i >= 0 {
					table = mm[i]
				}
				return mm[re.SubexpIndex("name")], table
			}
		}
		if stmt, ok := TxRefusedStatement(msg); ok {
			// A statement no transaction may hold: its last word
			// ("VACUUM", "CONCURRENTLY") is what its text names.
			words := strings.Fields(stmt)
			return words[len(words)-1], ""
		}
	}
	return "", ""
}

// reDDL matches SQL text that defines a schema; reDML SQL that uses one,
// or a maintenance statement alone (VACUUM, REINDEX), which no
// transaction may hold: in an .sql file, whose statements follow
// comments and names. A Go string is SQL when it is shaped as a
// statement (reStatement): a message such as "update user failed" or
// "failed to select a plan" names the same verbs.
var (
	reDDL = regexp.MustCompile(`(?i)\b(?:CREATE\s+(?:OR\s+REPLACE\s+)?(?:(?:(?:TEMP|TEMPORARY|VIRTUAL)\s+)?TABLE|INDEX|UNIQUE\s+INDEX|VIEW|MATERIALIZED\s+VIEW|TYPE)|ALTER\s+(?:TABLE|TYPE|INDEX))\b`)
	reDML = regexp.MustCompile(`(?i)\b(?:SELECT|INSERT\s+(?:OR\s+\w+\s+)?INTO|UPDATE|DELETE\s+FROM)\b|^\s*(?:VACUUM|REINDEX)\b`)
	// reStatement opens with a statement's verb and what it needs (an
	// UPDATE its SET, a SELECT a clause or a list), in any case, or holds
	// one in capitals further in ("EXPLAIN SELECT ... FROM").
	reStatement = regexp.MustCompile(`(?i)^[\s(]*(?:SELECT\b[\s\S]*?\b(?:FROM|FORM|WHERE|VALUES|UNION|LIMIT|ORDER\s+BY|GROUP\s+BY)\b|SELECT\s+(?:\d|\*|\$|'|[\w.]+\s*[(,])|INSERT\s+(?:OR\s+\w+\s+)?INTO\b|UPSERT\s+INTO\b|REPLACE\s+INTO\b|UPDATE\s+[^\s;]+(?:\s+(?:AS\s+)?\w+)?\s+SET\b|DELETE\s+FROM\b|WITH\s+(?:RECURSIVE\s+)?\w+\s+AS\b|VACUUM\b|REINDEX\b|TRUNCATE\b|MERGE\s+INTO\b)|(?-i:\b(?:SELECT\b[\s\S]*?\bFROM|INSERT\s+(?:OR\s+\w+\s+)?INTO|UPDATE\s+\S+\s+SET|DELETE\s+FROM)\b)`)
)

// sqlErrorName returns the name an SQL error gives (a column, table or
// constraint) and its table when known: the wording's (sqlErrorNames),
// else, for a value too long, the column of that length (tooLongColumn).
func (m *Module) sqlErrorName(r *report.Report, s *staticSet) (name, table string) {
	if name, table = sqlErrorNames(r); name == "" {
		name, table = m.tooLongColumn(r, s, sqlDialect(r))
	}
	return name, table
}

// sqlErrorWord returns what matches the name an SQL error gives
// (sqlErrorName, else the SQL function it says the database lacks), or
// nil when it gives none.
func (m *Module) sqlErrorWord(r *report.Report, s *staticSet) *regexp.Regexp {
	name, _ := m.sqlErrorName(r, s)
	if name == "" {
		name = SQLFunctionName(r)
	}
	if name == "" {
		return nil
	}
	return sqlNameWord(name)
}

// sqlChunks gives, for an SQL error naming a table or column, the
// functions whose SQL text names it (reason query) and the schema that
// defines it: .sql files, and Go strings holding CREATE TABLE or ALTER
// TABLE (reason schema).
func (m *Module) sqlChunks(r *report.Report, s *staticSet) []report.Chunk {
	name, table := m.sqlErrorName(r, s)
	if name == "" {
		return nil
	}
	dialect := sqlDialect(r)
	if cs := m.destinationChunks(r, s, dialect); cs != nil {
		return cs
	}
	lits := m.sqlLiteralsFor(dialect)
	word := sqlNameWord(name)
	var tableWord *regexp.Regexp
	if table != "" {
		tableWord = regexp.MustCompile(`(?i)\b` + regexp.QuoteMeta(table) + `\b`)
	}
	inTable := func(v string) bool { return tableWord == nil || tableWord.MatchString(v) }

	var queries, schema []report.Chunk
	// A query already shown (a frame's function or a callee) is the one
	// that ran; another naming the same column would only crowd it.
	// It is marked as the query, so that the prompt budget keeps it.
	shown := false
	var shownQuery *SQLLiteral
	for i, l := range lits {
		if l.DDL || !word.MatchString(SQLCode(l.Value)) || !inTable(l.Value) {
			continue
		}
		was := shown
		switch d, _ := l.Syntax(); d := d.(type) {
		case *ast.FuncDecl:
			if s.seen[d] {
				shown = true
				s.markQuery(l.File, d)
			} else if queryFunc(d) && s.markQueryRunners(l) {
				// Its text made by a function that only returns it,
				// run by one shown: both are the query.
				shown = true
				s.seen[d] = true
				queries = append(queries, s.queryChunk(l, d))
			}
		case *ast.GenDecl:
			// A query kept in a constant (as sqlc writes them) is run
			// by the functions that name the constant.
			if s.markQueryRunners(l) {
				shown = true
			}
		}
		if shown && !was {
			shownQuery = &lits[i]
		}
	}
	// A NOT NULL violation is made by an INSERT that leaves the column
	// out: it does not name it, so the search by name cannot find it.
	leftOut := false
	if table != "" && name != table && anyMessage(r, notNullFailure) {
		insertInto := regexp.MustCompile("(?i)\\bINSERT\\s+(?:OR\\s+\\w+\\s+)?INTO\\s+[\"`]?" + regexp.QuoteMeta(table) + "\\b")
		for _, l := range lits {
			if l.DDL || !insertInto.MatchString(l.Value) || word.MatchString(SQLCode(l.Value)) {
				continue
			}
			if d, _ := l.Syntax(); d != nil {
				if fd, ok := d.(*ast.FuncDecl); ok {
					if s.seen[fd] {
						s.markQuery(l.File, fd)
					} else {
						s.seen[fd] = true
						queries = append(queries, s.queryChunk(l, fd))
					}
					leftOut = true
					break
				}
			}
		}
	}
	// The query to show: of those that name it, the first that names it
	// as the error qualifies it ("t.title"), then the first whose
	// function a function shown already calls (the store method the
	// service the frame called runs), else the first.
	var qualified *regexp.Regexp
	if table != "" && name != table {
		qualified = regexp.MustCompile(`(?i)(?:^|[^\w.])` + regexp.QuoteMeta(table+"."+name) + `\b`)
	}
	// A constraint is violated by a statement that writes the table: a
	// SELECT that names the column did not.
	var writes *regexp.Regexp
	if table != "" && anyMessage(r, constraintWords) {
		writes = regexp.MustCompile("(?i)\\b(?:INSERT\\s+(?:OR\\s+\\w+\\s+)?INTO|UPDATE|UPSERT\\s+INTO|REPLACE\\s+INTO)\\s+[\"`]?" + regexp.QuoteMeta(table) + "\\b")
	}
	// A table that does not exist is named where a table goes (FROM,
	// JOIN, INTO, UPDATE): a column or an alias of that name is not it.
	var asTable *regexp.Regexp
	if name == table || table == "" && anyMessage(r, noSuchTable) {
		asTable = regexp.MustCompile("(?i)\\b(?:FROM|JOIN|INTO|UPDATE|TABLE)\\s+[\"`]?" + regexp.QuoteMeta(name) + "\\b")
	}
	asked := urlWords(r.Request.URL)
	quoted := messageQuotes(r)
	score := func(l SQLLiteral, fd *ast.FuncDecl) int {
		n := 0
		// The statement the error's message quotes whole, or whose
		// function it names ("stmt SaveBlob: …"), is the one that ran.
		if quoted.holds(l.Value) {
			n += 80
		} else if quoted.names(fd.Name.Name) {
			n += 30
		}
		// A function named for what the request asked (messagesLatest
		// for ?since=latest) before others running a query of that name:
		// a tie-breaker, as the other weights count ten times as much.
		named := 0
		for _, w := range nameWords(fd.Name.Name) {
			named += asked[w]
		}
		n += min(named, 9)
		if asTable != nil && asTable.MatchString(SQLCode(l.Value)) {
			n += 20
		}
		if writes != nil && writes.MatchString(l.Value) {
			n += 40
		}
		if qualified != nil && qualified.MatchString(l.Value) {
			n += 20
		}
		if s.calledByShown(fd) {
			n += 10
		}
		return n
	}
	var query *SQLLiteral
	var queryDecl *ast.FuncDecl
	var runner *FuncRef   // the function running a query kept in a constant
	var ddls []SQLLiteral // the schema statements that name it
	best, candidates := -1, 0
	for i, l := range lits {
		if !word.MatchString(SQLCode(l.Value)) || !inTable(l.Value) {
			continue
		}
		if !l.DDL {
			candidates++
		}
		if l.DDL {
			if len(ddls) < maxPerFinder {
				ddls = append(ddls, l)
			}
			continue
		}
		if shown {
			continue
		}
		d, _ := l.Syntax()
		if fd, _ := d.(*ast.FuncDecl); fd != nil && !queryFunc(fd) {
			if sc := score(l, fd); !s.seen[fd] && sc > best {
				query, queryDecl, runner, best = &lits[i], fd, nil, sc
			}
			continue
		}
		// A query kept in a constant, or made by a function that only
		// returns it: the functions that run it.
		for _, ref := range m.QueryRunners(l) {
			if sc := score(l, ref.Decl); !s.seen[ref.Decl] && sc > best {
				ref := ref
				query, queryDecl, runner, best = &lits[i], ref.Decl, &ref, sc
			}
		}
	}
	// A column the table lacks is not named by the statement that
	// creates the table: that statement is the schema to show first.
	if table != "" && name != table {
		creates := TableCreation(table)
		has := false
		for _, l := range ddls {
			has = has || creates.MatchString(l.Value)
		}
		for _, l := range lits {
			if !has && l.DDL && creates.MatchString(l.Value) {
				ddls, has = append([]SQLLiteral{l}, ddls...), true
			}
		}
		if len(ddls) > maxPerFinder {
			ddls = ddls[:maxPerFinder]
		}
	}
	// The schema statements are shown at the table the query's alias
	// stands for (fm.subpath of "JOIN groups_folders_mapping fm"): the
	// chosen query's, else the one the module's queries agree on.
	schemaTable := table
	chosen := query
	if chosen == nil {
		chosen = shownQuery
	}
	if chosen != nil {
		if t, ok := aliasedTable(chosen.Value, table); ok {
			schemaTable = t
		}
	} else if t, ok := m.QualifiedTable(table, name); ok {
		schemaTable = t
	}
	for _, l := range ddls {
		schema = append(schema, s.statementChunk(l, firstNonEmpty(schemaTable, name), report.ReasonSchema))
	}
	if best == 0 && candidates > maxGuessedQueries {
		// Many queries name it and nothing ties one to the request (a
		// column as common as "name"): showing the first would name a
		// query that did not run.
		queryDecl = nil
	}
	if queryDecl != nil && !leftOut {
		s.seen[queryDecl] = true
		if runner != nil {
			queries = append(queries, s.funcChunk(runner.File, runner.Decl, report.ReasonQuery))
			if d, _ := query.Syntax(); d != nil {
				if fd, ok := d.(*ast.FuncDecl); ok && !s.seen[fd] {
					// The function that makes the query's text, beside
					// the one that runs it.
					s.seen[fd] = true
					queries = append(queries, s.queryChunk(*query, fd))
				}
			}
		} else {
			queries = append(queries, s.queryChunk(*query, queryDecl))
		}
	}
	if len(queries) == 0 && !shown {
		// A query kept in a .sql file, by name or as a statement.
		for _, c := range m.chunksByDialect(m.sqlFileQueries(word, qualified), dialect) {
			if len(queries) == maxPerFinder {
				break
			}
			queries = append(queries, c)
		}
	}
	if len(queries) == 0 && !shown && table != "" && name != table {
		// A column the error qualifies with its table ("user.username"):
		// the builder call that names it so, before any query of the
		// table.
		queries = append(queries, m.builderColumnChunks(s, name, table, dialect)...)
	}
	if len(queries) == 0 && !shown {
		queries = append(queries, m.builderQueryChunks(s, firstNonEmpty(table, name), dialect)...)
	}
	if len(queries) == 0 && !shown && name != table {
		queries = append(queries, m.builderColumnChunks(s, name, table, dialect)...)
	}
	// A qualifier the query gives a table as its alias (t.title of
	// "JOIN tag t"): the schema is that table's, whichever others speak
	// of the column.
	aliasing := lits
	if chosen != nil {
		// The query chosen first: another may give the alias to
		// another table.
		aliasing = append([]SQLLiteral{*chosen}, lits...)
	}
	for _, l := range aliasing {
		if l.DDL || qualified == nil || !qualified.MatchString(l.Value) {
			continue
		}
		if t, ok := aliasedTable(l.Value, table); ok && !strings.EqualFold(t, table) {
			schema, _ := m.tableSchemaChunks(s, t, t, dialect, true, nil)
			return append(queries, schema...)
		}
	}
	missing := anyMessage(r, missingTable)
	var ranked []report.Chunk
	if !missing && len(queries) > 0 {
		// The failing query is known: the statements that define its
		// tables come first, before others that speak of the column.
		var lead bool
		if ranked, lead = m.tableSchemaChunks(s, name, table, dialect, false, queries); lead {
			schema, ranked = ranked, nil
		}
	}
	for _, c := range m.chunksByDialect(m.sqlFileChunks(word), dialect) {
		if len(schema) < maxPerFinder && !slices.ContainsFunc(schema, func(h report.Chunk) bool { return keyOf(h) == keyOf(c) }) {
			schema = append(schema, c)
		}
	}
	switch {
	case len(schema) > 0:
	case ranked != nil:
		schema = ranked
	default:
		schema, _ = m.tableSchemaChunks(s, name, table, dialect, missing, queries)
	}
	if !missing && anyMessage(r, noSuchColumn) {
		// A column the schema defines under a misspelt name: its
		// statement first.
		if near := m.misspeltColumnChunks(s, name, dialect); len(near) > 0 {
			schema = append(near, slices.DeleteFunc(schema, func(c report.Chunk) bool {
				return slices.ContainsFunc(near, func(n report.Chunk) bool { return keyOf(n) == keyOf(c) })
			})...)
		}
	}
	return append(queries, schema...)
}

// calledByShown reports whether a function shown already (seen) calls a
// function of fd's name.
func (s *staticSet) calledByShown(fd *ast.FuncDecl) bool {
	for d := range s.seen {
		if d != fd && d.Body != nil && Calls(d, fd.Name.Name) {
			return true
		}
	}
	return false
}

// Calls reports whether fd calls a function or method named name.
func Calls(fd *ast.FuncDecl, name string) bool {
	found := false
	ast.Inspect(fd.Body, func(n ast.Node) bool {
		if ce, ok := n.(*ast.CallExpr); ok && CalleeName(ce.Fun) == name {
			found = true
		}
		return !found
	})
	return found
}

// sqlNameWord matches name as an SQL text names a column or a table: as a
// word, not as a bind parameter of the same name (@userid, :userid,
// $userid), which a statement that never reads the column may have.
// noSuchTable matches a message saying a table does not exist.
var noSuchTable = regexp.MustCompile(`(?i)no such table|relation "[^"]+" does not exist|Table '[^']+' doesn't exist`)

// urlWords returns the lower-case words of four letters or more of a
// request's URL, each with its weight: 2 for the path's and the query's
// values ("latest" of ?since=latest), 1 for the query's keys.
func urlWords(url string) map[string]int {
	out := map[string]int{}
	add := func(text string, weight int) {
		for _, w := range reWordRun.FindAllString(strings.ToLower(text), -1) {
			if len(w) >= 4 && out[w] < weight {
				out[w] = weight
			}
		}
	}
	path, query, _ := strings.Cut(url, "?")
	add(path, 2)
	for _, kv := range strings.Split(query, "&") {
		k, v, _ := strings.Cut(kv, "=")
		add(k, 1)
		add(v, 2)
	}
	return out
}

// nameWords returns the lower-case words of a Go name written in
// camelCase (messagesLatest: messages, latest).
func nameWords(name string) []string {
	var out []string
	start := 0
	for i := 1; i <= len(name); i++ {
		if i == len(name) || name[i] >= 'A' && name[i] <= 'Z' || name[i] == '_' {
			if w := strings.ToLower(strings.Trim(name[start:i], "_")); len(w) >= 4 {
				out = append(out, w)
			}
			start = i
		}
	}
	return out
}

// SQLCode returns an SQL text with its comments (-- to the line's end,
// /* … */), its quoted strings ('…') and its named parameters (:title,
// @title, $title) blanked, of the same length: a name said there ("the ID
// of the item's location", the parameter :is_expanded) is not a table's
// or a column's.
func SQLCode(v string) string {
	if strings.ContainsAny(v, ":@$") {
		v = reNamedParam.ReplaceAllStringFunc(v, func(m string) string {
			return m[:1] + strings.Repeat(" ", len(m)-1)
		})
	}
	if !strings.ContainsAny(v, "-/'") {
		return v
	}
	b := []byte(v)
	blank := func(from, to int) {
		for i := from; i < to && i < len(b); i++ {
			if b[i] != '\n' {
				b[i] = ' '
			}
		}
	}
	for i := 0; i < len(b); i++ {
		switch {
		case b[i] == '-' && i+1 < len(b) && b[i+1] == '-':
			j := i
			for j < len(b) && b[j] != '\n' {
				j++
			}
			blank(i, j)
			i = j
		case b[i] == '/' && i+1 < len(b) && b[i+1] == '*':
			j := strings.Index(string(b[i+2:]), "*/")
			end := len(b)
			if j >= 0 {
				end = i + 2 + j + 2
			}
			blank(i, end)
			i = end - 1
		case b[i] == '\'':
			j := i + 1
			for j < len(b) && b[j] != '\'' {
				j++
			}
			blank(i, j+1)
			i = j
		}
	}
	return string(b)
}

// reNamedParam matches a named parameter with the character before it
// (not a cast's second colon: x::text).
var reNamedParam = regexp.MustCompile(`(?:^|[^\w:])[:@$][A-Za-z_]\w*`)

func sqlNameWord(name string) *regexp.Regexp {
	return regexp.MustCompile(`(?i)(?:^|[^\w@:$])` + regexp.QuoteMeta(name) + `\b`)
}

// markQuery gives the reason "query" to the chunk already shown of fd, a
// function of f holding the query an SQL error names: a callee shown as
// a frame's callee or an interface's implementation.
func (s *staticSet) markQuery(f *File, fd *ast.FuncDecl) { s.marksQuery(f, fd) }

// marksQuery is markQuery, reporting whether a chunk was marked.
func (s *staticSet) marksQuery(f *File, fd *ast.FuncDecl) bool {
	start, end := s.lines(fd)
	file := s.m.Rel(f.Path)
	marked := false
	for i, c := range s.chunks {
		if c.Reason != report.ReasonFrame && c.File == file && c.StartLine >= start && c.EndLine <= end {
			s.chunks[i].Reason = report.ReasonQuery
			marked = true
		}
	}
	return marked
}

// markQueryRunners gives the reason "query" to the chunks shown of the
// functions that run the query kept in l, a constant (a frame keeps its
// reason), and reports whether one was shown.
func (s *staticSet) markQueryRunners(l SQLLiteral) bool {
	found := false
	for _, ref := range s.m.QueryRunners(l) {
		if !s.seen[ref.Decl] {
			continue
		}
		found = true
		s.markQuery(ref.File, ref.Decl)
	}
	return found
}

// maxSQLFiles bounds the .sql files read for a schema.
const maxSQLFiles = 200

// sqlFileChunks returns the statements of the module's .sql files that
// define a schema and name word: each CREATE or ALTER statement, up to
// its closing semicolon.
func (m *Module) sqlFileChunks(word *regexp.Regexp) []report.Chunk {
	var out []report.Chunk
	m.eachSQLFile(func(path string, lines []string) bool {
		for i := 0; i < len(lines) && len(out) < maxSQLFileChunks; i++ {
			if !reDDL.MatchString(lines[i]) {
				continue
			}
			end := i
			for end < len(lines)-1 && end-i < 60 && !strings.Contains(lines[end], ";") {
				end++
			}
			if word.MatchString(strings.Join(lines[i:end+1], "\n")) {
				out = append(out, report.Chunk{File: m.Rel(path), StartLine: i + 1, EndLine: end + 1, Symbol: filepath.Base(path), Kind: "sql",
					Reason: report.ReasonSchema, Text: strings.Join(lines[i:end+1], "\n")})
			}
			i = end
		}
		return len(out) < maxSQLFileChunks
	})
	return out
}

// maxSQLFileChunks bounds the statements sqlFileChunks gathers, more than
// are shown, so that those of the failing database can be chosen.
const maxSQLFileChunks = 32

// eachSQLFile calls fn with the path and lines of each .sql file of the
// module (not under hidden, vendor, node_modules or testdata
// directories; at most maxSQLFiles of them, and none over 1 MiB), in
// the order of the walk, until fn returns false.
func (m *Module) eachSQLFile(fn func(path string, lines []string) bool) {
	files, walked := 0, 0
	filepath.WalkDir(m.Root, func(path string, d fs.DirEntry, err error) error {
		walked++
		if err != nil || walked > maxTemplateWalk || files >= maxSQLFiles {
			return filepath.SkipAll
		}
		name := d.Name()
		if d.IsDir() {
			if path != m.Root && (strings.HasPrefix(name, ".") || name == "vendor" || name == "node_modules" || name == "testdata") {
				return filepath.SkipDir
			}
			return nil
		}
		if !strings.HasSuffix(name, ".sql") || downMigration.MatchString(name) {
			return nil
		}
		files++
		data, err := os.ReadFile(path)
		if err != nil || len(data) > 1<<20 {
			return nil
		}
		if !fn(path, upPart(strings.Split(string(data), "\n"))) {
			return filepath.SkipAll
		}
		return nil
	})
}

// downMigration matches the name of a migration that undoes another
// (golang-migrate's 0002_x.down.sql, 0002_x_down.sql): it says what the
// schema was, not what it is.
var downMigration = regexp.MustCompile(`(?i)[._-]down\.sql$`)

// downMarker starts the part of a migration file that undoes it: goose's
// "-- +goose Down", dbmate's "-- migrate:down", sql-migrate's "-- +migrate
// Down", tern's "---- create above / drop below ----".
var downMarker = regexp.MustCompile(`(?i)^\s*--\s*(?:\+goose\s+down|migrate:down|\+migrate\s+down)\b|^\s*-{3,}\s*create\s+above\s*/\s*drop\s+below\s*-*\s*$`)

// upPart returns a migration file's lines with its down part blanked:
// line numbers stay those of the file.
func upPart(lines []string) []string {
	for i, l := range lines {
		if downMarker.MatchString(l) {
			out := append([]string(nil), lines[:i]...)
			return append(out, make([]string, len(lines)-i)...)
		}
	}
	return lines
}

// dbConnectWords are the words of a database that could not be reached
// or signed in to with the settings given: what a connection string with
// a setting in the wrong place gives (quotes escaped in a log's field
// too).
const dbConnectWords = `failed to connect|no PostgreSQL user name specified|no pg_hba\.conf entry|Access denied for user '|Unknown database '|connection refused|no such host|unsupported sslmode|sslmode is invalid|invalid (?:dsn|connection string|connection url)|cannot parse .{0,40}(?:dsn|connection|url)|sql: unknown driver|password authentication failed|(?:database|role) \\?"[^"\\]+\\?" does not exist|invalid port`

// dbConnectFailure matches dbConnectWords.
var dbConnectFailure = regexp.MustCompile(`(?i)` + dbConnectWords)

// connectionFailure matches the messages of a connection or setting that
// failed: a database that could not be reached or signed in to, a dial
// that failed or timed out, or a setting said to be missing or invalid.
var connectionFailure = regexp.MustCompile(`(?i)` + dbConnectWords + `|dial (?:tcp|unix)|i/o timeout|\b(?:missing|not set|invalid|unknown|empty) (?:\w+ ){0,2}(?:dsn|url|address|addr|host|port|config|configuration|setting|env|environment variable|variable)\b|\b(?:dsn|url|host|port|setting|environment variable) (?:\w+ ){0,2}(?:is )?(?:missing|not set|empty|invalid)\b|\b(?:key|secret|salt)s? (?:\w+ ){0,2}(?:is )?(?:missing|not set|empty)\b|\b(?:missing|empty) (?:\w+ ){0,2}(?:key|secret|salt)\b`)

// IsDBConnectFailure reports whether msg says a database could not be
// reached or signed in to with the settings given (dbConnectWords).
func IsDBConnectFailure(msg string) bool { return dbConnectFailure.MatchString(msg) }

// isConnectionFailure reports whether msg says a connection or a setting
// failed; the runtime's "invalid memory address" is no address setting.
func isConnectionFailure(msg string) bool {
	return connectionFailure.MatchString(strings.ReplaceAll(msg, "invalid memory address", ""))
}

// settingReaders are the calls that read a setting.
var settingReaders = map[string]bool{"os.Getenv": true, "os.LookupEnv": true, "os.ExpandEnv": true,
	"flag.String": true, "flag.Int": true, "flag.StringVar": true, "flag.IntVar": true, "viper.GetString": true, "viper.GetInt": true,
	"viper.Get": true, "viper.GetBool": true, "viper.GetDuration": true, "viper.GetInt64": true, "viper.GetFloat64": true,
	"viper.GetStringSlice": true, "viper.GetStringMapString": true}

// settingChunks gives, for a connection or configuration error, the
// functions that read the app's settings.
func (m *Module) settingChunks(r *report.Report, s *staticSet) []report.Chunk {
	matched := false
	for _, msg := range errorMessages(r) {
		if isConnectionFailure(report.AnalysedText(msg)) {
			matched = true
			break
		}
	}
	if !matched {
		return slices.Concat(m.searchPathChunks(r, s), m.emptySettingChunks(r, s), m.unsetEnvChunks(r, s), m.parsedSettingChunks(r, s), m.schemaSettingChunks(r, s))
	}
	// The readers whose text holds most of the message's words first
	// (the one that builds the cookie codec for "securecookie: hash key
	// is not set"), then the module's order.
	words := settingWords(errorMessages(r))
	type reader struct {
		ref   FuncRef
		score int
	}
	var readers []reader
	for _, f := range m.Files {
		for i := range f.facts.Funcs {
			if !f.facts.Funcs[i].ReadsSetting {
				continue
			}
			if fd := f.funcAt(f.facts.Funcs[i].Offset); fd != nil && !s.seen[fd] {
				readers = append(readers, reader{FuncRef{File: f, Decl: fd}, wordsIn(m, f, fd, words)})
			}
		}
	}
	// A library that names itself in the error ("securecookie: hash key
	// is not set") was given the setting by the module's calls of it.
	if pkg := libraryPrefix(errorMessages(r)); pkg != "" {
		call := pkg + "."
		for _, f := range m.Files {
			if strings.HasSuffix(f.Path, "_test.go") || !f.holds(call) {
				continue
			}
			for _, d := range f.Syntax().Decls {
				fd, ok := d.(*ast.FuncDecl)
				if ok && fd.Body != nil && !s.seen[fd] && callsPackage(fd, pkg) {
					readers = append(readers, reader{FuncRef{File: f, Decl: fd}, len(words) + wordsIn(m, f, fd, words)})
				}
			}
		}
	}
	// A connection's settings are put together into its DSN (a format
	// with "sslmode=%s", "postgres://%s:%d/%s", "user:pass@tcp(…)"): the
	// functions that build one, when their text holds the message's words
	// ("sslmode"), come first.
	for _, f := range m.Files {
		if strings.HasSuffix(f.Path, "_test.go") || !slices.ContainsFunc(dsnMarkers, f.holds) {
			continue
		}
		for _, d := range f.Syntax().Decls {
			fd, ok := d.(*ast.FuncDecl)
			if !ok || fd.Body == nil || s.seen[fd] || !buildsDSN(fd) || slices.ContainsFunc(readers, func(rd reader) bool { return rd.ref.Decl == fd }) {
				continue
			}
			if n := wordsIn(m, f, fd, words); n > 0 {
				if misplacedDSNArg(fd) {
					// "sslmode=%s" given the database's name: first.
					n += len(words) + 2
				}
				readers = append(readers, reader{FuncRef{File: f, Decl: fd}, n + 1})
			}
		}
	}
	// A database that could not be reached or signed in to was given
	// its settings by the functions that open a connection: those come
	// before the other readers, the one holding the message's words first.
	if slices.ContainsFunc(errorMessages(r), func(msg string) bool { return IsDBConnectFailure(report.AnalysedText(msg)) }) {
		for _, f := range m.Files {
			if strings.HasSuffix(f.Path, "_test.go") || !slices.ContainsFunc(openerPackages, func(p string) bool { return f.holds(p + ".") }) {
				continue
			}
			for _, d := range f.Syntax().Decls {
				fd, ok := d.(*ast.FuncDecl)
				if !ok || fd.Body == nil || s.seen[fd] || !OpensConnection(fd) || slices.ContainsFunc(readers, func(rd reader) bool { return rd.ref.Decl == fd }) {
					continue
				}
				readers = append(readers, reader{FuncRef{File: f, Decl: fd}, len(words) + wordsIn(m, f, fd, words) + 1})
			}
		}
	}
	// A timeout given as a bare conversion to time.Duration is a few
	// nanoseconds long: the function that converts comes first.
	if timeoutFailure(errorMessages(r)) {
		for _, c := range m.BareDurationConversions() {
			if !s.seen[c.Func.Decl] && !slices.ContainsFunc(readers, func(rd reader) bool { return rd.ref.Decl == c.Func.Decl }) {
				readers = append(readers, reader{c.Func, 2*len(words) + 1})
			}
		}
	}
	slices.SortStableFunc(readers, func(a, b reader) int { return b.score - a.score })
	var out []report.Chunk
	for _, rd := range readers[:min(len(readers), maxPerFinder)] {
		s.seen[rd.ref.Decl] = true
		c := s.funcChunk(rd.ref.File, rd.ref.Decl, report.ReasonSetting)
		if rd.score > 0 {
			// Its text holds the message's words ("sslmode"): as sure a
			// lead as an origin, kept within the budget.
			s.markLead(c)
		}
		out = append(out, c)
	}
	return out
}

// ConnectionOpeners are the calls that open a database connection or
// build its configuration, as "package.Func".
var ConnectionOpeners = map[string]bool{
	"sql.Open": true, "sql.OpenDB": true, "sqlx.Open": true, "sqlx.Connect": true, "sqlx.MustConnect": true, "sqlx.MustOpen": true,
	"pgx.Connect": true, "pgx.ConnectConfig": true, "pgx.ParseConfig": true, "pgxpool.New": true, "pgxpool.NewWithConfig": true,
	"pgxpool.Connect": true, "pgxpool.ConnectConfig": true, "pgxpool.ParseConfig": true, "stdlib.OpenDB": true,
	"pq.NewConnector": true, "mysql.NewConnector": true, "pgdriver.NewConnector": true, "gorm.Open": true, "ent.Open": true,
}

// openerPackages are the packages of ConnectionOpeners.
var openerPackages = []string{"sql", "sqlx", "pgx", "pgxpool", "stdlib", "pq", "mysql", "pgdriver", "gorm", "ent"}

// OpensConnection reports whether fd calls one of ConnectionOpeners.
func OpensConnection(fd *ast.FuncDecl) bool {
	found := false
	ast.Inspect(fd.Body, func(n ast.Node) bool {
		if ce, ok := n.(*ast.CallExpr); ok {
			if sel, ok := ce.Fun.(*ast.SelectorExpr); ok {
				if id, ok := sel.X.(*ast.Ident); ok && ConnectionOpeners[id.Name+"."+sel.Sel.Name] {
					found = true
				}
			}
		}
		return !found
	})
	return found
}

// dsnMarkers are words a file that builds a connection string holds.
var dsnMarkers = []string{"sslmode", "://", "dbname", "@tcp(", "host="}

// dsnLiteral matches a string literal that is a connection string's
// format or text.
var dsnLiteral = regexp.MustCompile(`(?i)sslmode=|dbname=|\b(?:postgres(?:ql)?|mysql|mongodb|redis)://|@tcp\(|\bhost=%|://%[sv]:%[sv]@`)

// dsnKeyVerb finds each "key=%v" of a connection string's format.
var dsnKeyVerb = regexp.MustCompile(`(?i)\b(\w+)=%[-+# 0-9.]*[a-z]`)

// misplacedDSNArg reports whether a fmt.Sprintf of fd builds a
// connection string whose "key=%s" (or place in a URL) is given an
// argument named for another of its keys, while an argument named for
// key exists: two settings in each other's places ("sslmode=%s" given
// cfg.Name).
func misplacedDSNArg(fd *ast.FuncDecl) bool { return len(dsnSwapsIn(fd)) > 0 }

// DSNSwap is an argument of a connection string's format given where
// another setting goes: Key is the setting the verb stands for, Arg the
// argument given there, Want the argument named for Key.
type DSNSwap struct {
	Func      FuncRef
	Call      *ast.CallExpr
	Key       string
	Arg, Want string
}

// DSNSwaps returns the module's connection strings built with two
// settings in each other's places (misplacedDSNArg), outside tests.
func (m *Module) DSNSwaps() []DSNSwap {
	var out []DSNSwap
	for _, f := range m.Files {
		if strings.HasSuffix(f.Path, "_test.go") || !slices.ContainsFunc(dsnMarkers, f.holds) {
			continue
		}
		for _, d := range f.Syntax().Decls {
			if fd, ok := d.(*ast.FuncDecl); ok && fd.Body != nil {
				for _, sw := range dsnSwapsIn(fd) {
					sw.Func = FuncRef{File: f, Decl: fd}
					out = append(out, sw)
				}
			}
		}
	}
	return out
}

// dsnSwapsIn returns the swapped arguments of fd's connection strings.
func dsnSwapsIn(fd *ast.FuncDecl) []DSNSwap {
	var out []DSNSwap
	ast.Inspect(fd.Body, func(n ast.Node) bool {
		ce, ok := n.(*ast.CallExpr)
		if !ok || len(ce.Args) < 2 || CalleeName(ce.Fun) != "Sprintf" {
			return true
		}
		lit, ok := ce.Args[0].(*ast.BasicLit)
		if !ok || lit.Kind != token.STRING || !dsnLiteral.MatchString(lit.Value) {
			return true
		}
		format, err := strconv.Unquote(lit.Value)
		if err != nil {
			return true
		}
		verbs := reVerb.FindAllStringIndex(format, -1)
		args := ce.Args[1:]
		if len(verbs) != len(args) {
			return true
		}
		names := make([]string, len(args))
		for i, a := range args {
			names[i] = normSetting(CalleeName(a)) // the name an argument ends in
		}
		for i, key := range dsnVerbKeys(format, verbs) {
			if key == "" || names[i] == "" || names[i] == key {
				continue
			}
			if j := slices.Index(names, key); j >= 0 {
				out = append(out, DSNSwap{Call: ce, Key: key, Arg: astutil.ExprString(args[i]), Want: astutil.ExprString(args[j])})
			}
		}
		return true
	})
	return out
}

// dsnVerbKeys names the setting each verb of a connection string's
// format stands for: the key of "key=%s", or its place in a URL
// ("scheme://user:pass@host:port/name"); "" when not known.
func dsnVerbKeys(format string, verbs [][]int) []string {
	keys := make([]string, len(verbs))
	for _, kv := range dsnKeyVerb.FindAllStringSubmatchIndex(format, -1) {
		for i, v := range verbs {
			if v[0] == kv[3]+1 {
				keys[i] = normSetting(format[kv[2]:kv[3]])
			}
		}
	}
	if m := dsnURLRe.FindStringSubmatchIndex(format); m != nil {
		places := []string{"user", "pass", "host", "port", "name"}
		for p, g := 0, 2; g+1 < len(m) && p < len(places); p, g = p+1, g+2 {
			for i, v := range verbs {
				if m[g] >= 0 && v[0] == m[g] {
					keys[i] = places[p]
				}
			}
		}
	}
	return keys
}

// dsnURLRe captures the verbs of a connection URL's user, password,
// host, port and database name.
var dsnURLRe = regexp.MustCompile(`://(%[sv]):(%[sv])@(%[sv]):(%[sdv])/(%[sv])`)

// normSetting lowers a setting's name and drops its underscores and the
// words a name may add: SslMode, sslmode and ssl_mode are one.
func normSetting(s string) string {
	s = strings.ToLower(strings.ReplaceAll(s, "_", ""))
	switch s {
	case "dbname", "database", "db":
		return "name"
	case "username":
		return "user"
	case "password", "passwd", "pwd":
		return "pass"
	}
	return s
}

// buildsDSN reports whether fd holds a string literal shaped like a
// connection string.
func buildsDSN(fd *ast.FuncDecl) bool {
	found := false
	ast.Inspect(fd.Body, func(n ast.Node) bool {
		if lit, ok := n.(*ast.BasicLit); ok && lit.Kind == token.STRING && dsnLiteral.MatchString(lit.Value) {
			found = true
		}
		return !found
	})
	return found
}

// timedOut matches a message saying an operation timed out.
var timedOut = regexp.MustCompile(`(?i)\btime(?:d )?out\b|timeout|deadline exceeded`)

// timeoutFailure reports whether one of msgs says an operation timed out.
func timeoutFailure(msgs []string) bool {
	for _, msg := range msgs {
		if timedOut.MatchString(report.AnalysedText(msg)) {
			return true
		}
	}
	return false
}

// packagePrefix matches a package's name starting a message.
var packagePrefix = regexp.MustCompile(`^([a-z][a-z0-9]{2,}): `)

// libraryPrefix returns the package name a message starts with, as a
// library's errors do ("securecookie: …"), or "".
func libraryPrefix(msgs []string) string {
	for _, msg := range msgs {
		if m := packagePrefix.FindStringSubmatch(strings.TrimSpace(report.AnalysedText(msg))); m != nil {
			return m[1]
		}
	}
	return ""
}

// callsPackage reports whether fd calls a function of the package
// imported under the name pkg.
func callsPackage(fd *ast.FuncDecl, pkg string) bool {
	found := false
	ast.Inspect(fd.Body, func(n ast.Node) bool {
		if ce, ok := n.(*ast.CallExpr); ok {
			if sel, ok := ce.Fun.(*ast.SelectorExpr); ok {
				if id, ok := sel.X.(*ast.Ident); ok && id.Name == pkg {
					found = true
				}
			}
		}
		return !found
	})
	return found
}

// settingWords returns the words of msgs that may name a setting or
// what uses it: four letters or more, lower-cased, the words that say
// what is wrong with it left out.
func settingWords(msgs []string) []string {
	var out []string
	for _, msg := range msgs {
		for _, w := range longWord.FindAllString(report.AnalysedText(msg), -1) {
			w = strings.ToLower(w)
			if !settingFaultWords[w] && !slices.Contains(out, w) {
				out = append(out, w)
			}
		}
	}
	return out
}

// longWord matches a word of four letters or more.
var longWord = regexp.MustCompile(`[A-Za-z]{4,}`)

// settingFaultWords say what is wrong with a setting, not which one.
var settingFaultWords = map[string]bool{"missing": true, "empty": true, "invalid": true, "unknown": true, "error": true, "failed": true,
	"connection": true, "refused": true, "dial": true, "with": true, "from": true, "that": true, "this": true}

// wordsIn counts the words of words fd's text holds, in identifiers too.
func wordsIn(m *Module, f *File, fd *ast.FuncDecl, words []string) int {
	lines := f.Lines()
	start, end := m.Fset.Position(fd.Pos()).Line, m.Fset.Position(fd.End()).Line
	if start < 1 || end > len(lines) {
		return 0
	}
	text := strings.ToLower(strings.Join(lines[start-1:end], "\n"))
	n := 0
	for _, w := range words {
		if strings.Contains(text, w) {
			n++
		}
	}
	return n
}

// funcChunk is a whole function, cut after its head when long.
func (s *staticSet) funcChunk(f *File, fd *ast.FuncDecl, reason string) report.Chunk {
	start, end := s.lines(fd)
	c := s.chunk(f, fd, start, end, reason)
	if len(c.Text) > maxCallee {
		c = headOf(c, maxCallee)
	}
	return c
}

// maxQueryChunk is the longest query chunk shown whole.
const maxQueryChunk = 700

// queryChunk is the function holding an SQL literal: whole when short,
// else its head and the literal's lines.
func (s *staticSet) queryChunk(l SQLLiteral, fd *ast.FuncDecl) report.Chunk {
	return s.literalChunk(l.File, fd, l.StartLine, l.EndLine)
}

// literalChunk is the function fd of f holding a literal on lines start
// to end, or, when the function is long, the lines around the literal.
func (s *staticSet) literalChunk(f *File, fd *ast.FuncDecl, start, end int) report.Chunk {
	c := s.funcChunk(f, fd, report.ReasonQuery)
	if len(c.Text) <= maxQueryChunk && start <= c.EndLine {
		return c
	}
	// The literal's lines, within the whole function (funcChunk may have
	// cut it to its head, above the literal).
	first, last := s.lines(fd)
	return s.chunk(f, fd, max(first, start-2), min(last, end+2, start+20), report.ReasonQuery)
}

// statementChunk is the statement of an SQL literal that defines a schema
// and names name (the CREATE or ALTER statement, up to its semicolon or
// the literal's end), with the declaration's name as its symbol.
func (s *staticSet) statementChunk(l SQLLiteral, name string, reason string) report.Chunk {
	f := l.File
	lines := f.Lines()
	start, end := l.StartLine, min(l.EndLine, len(lines))
	word := regexp.MustCompile(`(?i)\b` + regexp.QuoteMeta(name) + `\b`)
	from, to := start, end
	for i := start; i <= end; i++ {
		if !reDDL.MatchString(lines[i-1]) {
			continue
		}
		j := i
		for j < end && !strings.Contains(lines[j-1], ";") {
			j++
		}
		if word.MatchString(strings.Join(lines[i-1:j], "\n")) {
			from, to = i, j
			break
		}
		i = j
	}
	if to-from > 60 {
		to = from + 60
	}
	symbol := literalSymbol(l)
	return report.Chunk{File: s.m.Rel(f.Path), StartLine: from, EndLine: to, Symbol: symbol, Kind: "sql", Reason: reason,
		Text: strings.Join(lines[from-1:to], "\n")}
}

// literalSymbol names what holds an SQL literal: its function, or the
// constant or variable of a block that holds it.
func literalSymbol(l SQLLiteral) string {
	symbol := ""
	decl, lit := l.Syntax()
	switch d := decl.(type) {
	case *ast.FuncDecl:
		symbol = FuncName(d)
	case *ast.GenDecl:
		for _, sp := range d.Specs {
			if vs, ok := sp.(*ast.ValueSpec); ok && len(vs.Names) > 0 && (symbol == "" || lit != nil && vs.Pos() <= lit.Pos() && lit.End() <= vs.End()) {
				symbol = vs.Names[0].Name
			}
		}
	}
	return symbol
}

// firstNonEmpty returns the first of ss that is not "".
func firstNonEmpty(ss ...string) string {
	for _, s := range ss {
		if s != "" {
			return s
		}
	}
	return ""
}

// SQLLiteral is a string literal of the module that holds SQL text, from
// its file's facts; Syntax parses the file for the literal itself.
type SQLLiteral struct {
	File  *File
	Value string
	// DDL is true for text that defines a schema, false for a query.
	DDL bool
	// StartLine and EndLine are the literal's lines.
	StartLine, EndLine int
	fact               *sqlFact
}

// Syntax returns the top-level declaration that holds the literal and the
// literal, parsing the file if need be; a nil literal when the file no
// longer holds it.
func (l SQLLiteral) Syntax() (ast.Decl, *ast.BasicLit) {
	d := l.File.declAt(l.fact.DeclOffset)
	if d == nil {
		return nil, nil
	}
	at := l.File.offsetPos(l.fact.Offset)
	var lit *ast.BasicLit
	ast.Inspect(d, func(n ast.Node) bool {
		if b, ok := n.(*ast.BasicLit); ok && b.Pos() == at {
			lit = b
		}
		return lit == nil
	})
	return d, lit
}

// SQLLiterals returns the module's string literals that hold SQL text,
// from the files' facts, once per Module.
func (m *Module) SQLLiterals() []SQLLiteral {
	m.sqlOnce.Do(func() {
		for _, f := range m.Files {
			for i := range f.facts.SQL {
				sf := &f.facts.SQL[i]
				v := sf.Value
				if len(sf.Args) > 0 {
					v = m.withNamedValues(filepath.Dir(f.Path), v, sf.Args)
				}
				m.sqlLits = append(m.sqlLits, SQLLiteral{File: f, Value: v, DDL: sf.DDL, StartLine: sf.Line, EndLine: sf.EndLine, fact: sf})
			}
		}
	})
	return m.sqlLits
}

// withNamedValues writes a Sprintf format of SQL as it runs where its
// verbs take the package's string constants (INSERT INTO %s with
// sqlTableAdmins = "admins" is INSERT INTO admins); other verbs stay.
func (m *Module) withNamedValues(dir, format string, args []string) string {
	consts := m.packageConsts(dir)
	arg := 0
	return reVerb.ReplaceAllStringFunc(format, func(verb string) string {
		if verb == "%%" {
			return verb
		}
		i := arg
		arg++
		if v := consts[args[min(i, len(args)-1)]]; v != "" && i < len(args) && verb == "%s" {
			return v
		}
		return verb
	})
}

// packageConsts returns the string constants of the package in dir
// (fileFacts.Consts), gathered once per package.
func (m *Module) packageConsts(dir string) map[string]string {
	if v, ok := m.consts.Load(dir); ok {
		return v.(map[string]string)
	}
	out := map[string]string{}
	for _, f := range m.Files {
		if filepath.Dir(f.Path) == dir {
			maps.Copy(out, f.facts.Consts)
		}
	}
	m.consts.Store(dir, out)
	return out
}

// likelyRun returns those of items (of one message, written in several
// functions) whose function the request reached, when any; else those
// whose function the module calls or names somewhere (a route's handler
// by its method value), when any (a helper of the same words that
// nothing calls did not run); else all of them.
func likelyRun[T any](m *Module, items []T, reach map[*ast.FuncDecl]bool, fn func(T) FuncRef) []T {
	var reached, called, uncalled []T
	for _, it := range items {
		ref := fn(it)
		switch {
		case ref.Decl == nil:
		case reach[ref.Decl]:
			reached = append(reached, it)
		case len(m.CallersOf(ref)) > 0:
			called = append(called, it)
		default:
			uncalled = append(uncalled, it)
		}
	}
	if len(reached) > 0 {
		return reached
	}
	if len(called) == 0 {
		return items // nothing tells them apart
	}
	// A function no call shows may still be named: a method value or a
	// function handed to a router (h.List). Only those are read for it.
	for _, it := range uncalled {
		if m.namedElsewhere(fn(it)) {
			called = append(called, it)
		}
	}
	return called
}

// namedElsewhere reports whether the code of a file of the module
// (comments aside) names ref's function as a word outside its
// declaration's line: a method value
// (h.List) or a function handed to a router, which no call shows.
func (m *Module) namedElsewhere(ref FuncRef) bool {
	name := regexp.QuoteMeta(ref.Decl.Name.Name)
	declLine := m.Fset.Position(ref.Decl.Name.Pos()).Line
	dir := filepath.Dir(ref.File.Path)
	// A method by its selector (h.List); a function by its name in its
	// own package, by its package's name and its name elsewhere
	// (transaction.Execute), not by a method's of the same name.
	own := regexp.MustCompile(`(?:^|[^.\w])` + name + `\b`)
	other := regexp.MustCompile(`\b` + regexp.QuoteMeta(ref.File.Package()) + `\.` + name + `\b`)
	if ref.Decl.Recv != nil {
		own = regexp.MustCompile(`\.` + name + `\b`)
		other = own
	}
	for _, f := range m.Files {
		word := other
		if filepath.Dir(f.Path) == dir {
			word = own
		}
		for i, l := range f.Lines() {
			if !strings.Contains(l, ref.Decl.Name.Name) {
				continue
			}
			if code, _, _ := strings.Cut(l, "//"); word.MatchString(code) && !(f == ref.File && i+1 == declLine) {
				return true
			}
		}
	}
	return false
}

// messageText is the failure's messages, white space collapsed, to find
// what they quote or name.
type messageText string

// messageQuotes returns the failure's messages (errorMessages), white
// space collapsed.
func messageQuotes(r *report.Report) messageText {
	return messageText(strings.Join(strings.Fields(strings.Join(errorMessages(r), "\n")), " "))
}

// holds reports whether the messages quote text whole (a statement of 20
// bytes or more, white space collapsed).
func (t messageText) holds(text string) bool {
	q := strings.Join(strings.Fields(text), " ")
	return len(q) >= 20 && strings.Contains(string(t), q)
}

// names reports whether the messages write name as a word (a function's
// name an app wraps its errors with), for a name of four letters or more.
func (t messageText) names(name string) bool {
	if len(name) < 4 {
		return false
	}
	for i := strings.Index(string(t), name); i >= 0; {
		end := i + len(name)
		if (i == 0 || !isIdentByte(t[i-1])) && (end == len(t) || !isIdentByte(t[end])) {
			return true
		}
		next := strings.Index(string(t[i+1:]), name)
		if next < 0 {
			return false
		}
		i += 1 + next
	}
	return false
}

// isIdentByte reports whether b may be part of a Go identifier.
func isIdentByte(b byte) bool {
	return b == '_' || b >= '0' && b <= '9' || b >= 'a' && b <= 'z' || b >= 'A' && b <= 'Z'
}
