package offline

import (
	"path/filepath"
	"regexp"
	"strings"

	"github.com/explainerr/explainerr/explainerr/internal/appsource"
)

// noSuchSQLFunction explains a query that calls an SQL function the
// database does not have: where the module's SQL text calls it (those
// the request ran first), and that the fix is the expression, written
// with this database's functions.
func (a *analysis) noSuchSQLFunction(engine, fn string) {
	a.culprit = fn
	a.g.Add(fn)
	if types := appsource.SQLFunctionArgTypes(a.r); types != "" && engine == "PostgreSQL" {
		a.functionArgTypes(fn, types)
		return
	}
	a.headline("SQL error: no such function " + code(fn))
	a.why(engine + " has no SQL function " + code(fn) + ": the query calls a function of another database's SQL, or one this database was built without. The statement fails when it is prepared, for every request that runs it: a server error, not bad input.")
	src := a.app()
	if src == nil || src.mod == nil {
		a.fix("Find the query that calls " + code(fn) + " and write that expression with the functions " + engine + " has.")
		return
	}
	calls := src.mod.SQLFunctionCalls(fn)
	var lines []sourceLine
	for _, c := range calls {
		if !engineCase(engine, c.Cases) {
			continue // another database's version of the query
		}
		lines = append(lines, sourceLine{Path: c.Line.Path, Line: c.Line.Line, Text: c.Line.Text, Func: appsource.FuncName(c.Fn.Decl)})
	}
	lines = a.rankedByRun(lines)
	if len(lines) == 0 {
		a.fix("Find the query that calls " + code(fn) + " and write that expression with the functions " + engine + " has.")
		return
	}
	if len(lines) > 2 {
		lines = lines[:2]
	}
	var at []string
	for _, l := range lines {
		at = append(at, a.cite(l))
	}
	a.why("The app's SQL text calls it at " + strings.Join(at, "; ") + ".")
	a.fix("At " + code(a.fileLoc(lines[0].Path, lines[0].Line)) + ", write the expression with functions " + engine + " has instead of " + code(fn) + ", or keep a version of the query for each database the app supports.")
}

// engineDrivers are the names a switch on the driver gives each database.
var engineDrivers = map[string][]string{
	"SQLite":     {"sqlite", "sqlite3"},
	"PostgreSQL": {"postgres", "postgresql", "pg", "pgx"},
	"MySQL":      {"mysql", "mariadb"},
}

// engineCase reports whether a line in the switch case of values cases
// may run on engine: it is in no case or the default one, or a case
// names the engine's driver, or names no driver of another database.
func engineCase(engine string, cases []string) bool {
	if len(cases) == 0 {
		return true
	}
	other := false
	for _, v := range cases {
		for e, names := range engineDrivers {
			for _, n := range names {
				if v == n {
					if e == engine {
						return true
					}
					other = true
				}
			}
		}
	}
	return !other
}

// functionArgTypes explains a function PostgreSQL has no version of for
// the argument types it lists: it may have one for other types (an
// extension's function that takes bytea), so the fix is in what the
// query passes, often a column the schema declares of another type, not
// in another database's SQL.
func (a *analysis) functionArgTypes(fn, types string) {
	a.g.Add(types)
	a.headline("SQL error: no version of " + code(fn) + " takes (" + types + ")")
	a.why("PostgreSQL has no " + code(fn) + " for arguments of the types (" + code(types) + "): the function may exist for other types, and " + code("unknown") + " is a parameter whose type it had not inferred yet. The statement fails when it is prepared, for every request that runs it: a server error, not bad input.")
	src := a.app()
	if src == nil || src.mod == nil {
		a.fix("Pass " + code(fn) + " arguments of the types one of its versions takes: cast them in the query, or check the type the schema gives the column passed to it.")
		return
	}
	text := ""
	if l, ref, ok := src.mod.ReachedSQLCall(appsource.ReachSet(a.reached()), fn); ok {
		text = l.Value
		a.reachedSQLCall(l, ref, fn)
	} else {
		a.queryNaming(fn)
	}
	for _, col := range src.mod.SQLFunctionArgColumns(fn, text) {
		def, ok := a.columnDefinition(col)
		if !ok {
			continue
		}
		typ := ""
		if f := strings.Fields(strings.Trim(def.Text, ",")); len(f) > 1 {
			typ = strings.Trim(f[1], ",")
		}
		a.g.Add(col, typ)
		a.g.AddScanned(a.fileLoc(def.Path, def.Line)) // a migration's name may start with digits
		a.why("The query passes " + code(col) + " to it, declared " + code(typ) + " at " + a.cite(def) + ".")
		a.fix("If " + code(col) + " is meant to hold the type " + code(fn) + " takes, correct its type where the schema declares it (" + code(a.fileLoc(def.Path, def.Line)) + "; in a new migration when that one has run); if not, cast the argument in the query to that type.")
		return
	}
	a.fix("Pass " + code(fn) + " arguments of the types one of its versions takes: cast them in the query, or check the type the schema gives the column passed to it.")
}

// columnDefinition returns the schema line that declares col with its
// type: a .sql file's (the database's own first) or a Go string's.
func (a *analysis) columnDefinition(col string) (sourceLine, bool) {
	def := compiled(`(?i)^\s*["` + "`" + `]?` + regexp.QuoteMeta(col) + `["` + "`" + `]?\s+[A-Za-z]`)
	src := a.app()
	for _, c := range src.mod.SchemaFileLines(def, a.dialect()) {
		return sourceLine{Path: filepath.Join(src.mod.Root, filepath.FromSlash(c.File)), Line: c.StartLine, Text: strings.TrimSpace(c.Text)}, true
	}
	return a.schemaLine(compiled(`(?im)^\s*["` + "`" + `]?` + regexp.QuoteMeta(col) + `["` + "`" + `]?\s+[A-Za-z]`))
}

// reachedSQLCall says where the query the request ran calls the SQL
// function fn (ref runs it), and, when that query is generated, the
// hand-written one it was made from.
func (a *analysis) reachedSQLCall(l appsource.SQLLiteral, ref appsource.FuncRef, fn string) {
	src := a.app()
	call := compiled(`(?i)\b` + regexp.QuoteMeta(fn) + `\s*\(`)
	line, text := l.StartLine, ""
	for i, t := range strings.Split(l.Value, "\n") {
		if call.MatchString(t) {
			line, text = l.StartLine+i, strings.TrimSpace(t)
			break
		}
	}
	if lines := l.File.Lines(); line >= 1 && line <= len(lines) && strings.TrimSpace(lines[line-1]) != text {
		line, text = l.StartLine, strings.TrimSpace(lines[l.StartLine-1]) // an interpreted string: its first line
	}
	at := sourceLine{Path: l.File.Path, Line: line, Text: text, RunBy: appsource.FuncName(ref.Decl)}
	a.why("The query the request ran calls it at " + a.cite(at) + ".")
	if _, gen := src.mod.GeneratedBy(l.File.Path); !gen {
		return
	}
	from, _, ok := src.mod.GenerationSource(call, text)
	if !ok {
		return
	}
	a.g.AddScanned(a.fileLoc(from.Path, from.Line))
	a.why("That file is generated; the query is written at " + a.cite(sourceLine{Path: from.Path, Line: from.Line, Text: from.Text}) + ".")
}
