package offline

import (
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
