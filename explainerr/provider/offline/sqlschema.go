package offline

import (
	"regexp"
	"strconv"
	"strings"
)

// sqlSchemaPass explains a query naming a column or table the schema
// lacks, or SQL the database cannot parse.
var sqlSchemaPass = &pass{
	name:    "sql-schema",
	doc:     "A query that names a column or table the schema lacks, calls a function the database does not have, or that the database cannot parse: the query, the schema that defines the table, and the name that differs.",
	classes: []Class{ClassNoSuchColumn, ClassNoSuchTable, ClassNoSuchFunction, ClassSQLSyntax},
	needs:   []need{needModule, needSchema},
	explain: always((*analysis).sqlSchema),
}

// ofRelationRe is PostgreSQL's name of the table whose INSERT or UPDATE
// writes a column it does not have.
var ofRelationRe = regexp.MustCompile(`column "[^"]+" of relation "(?:\w+\.)?(\w+)" does not exist`)

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
		if strings.Contains(a.f.Message, "unknown column") && strings.Contains(a.f.Message, "for table") {
			// ent's own check, against its generated schema, before any SQL.
			a.why("ent refused the query before it reached the database: its schema of " + code(caps["table"]) + " has no column " + code(col) + ". It is a mistake in the code that names the column, so it fails for every request that runs it: a server error, not bad input.")
		} else {
			a.why(engine + " rejected the query because the table has no column " + code(col) + ". It is a mistake in the SQL text (or a schema that is older than the code), found when the statement is prepared, so it fails for every request that runs it: a server error, not bad input.")
		}
		// A qualified name (e.state) is looked for as written: the bare
		// one would find every other table's column of that name.
		if table, _, qualified := strings.Cut(col, "."); qualified {
			a.retaggedColumnSays(table, name)
		}
		if m := ofRelationRe.FindStringSubmatch(a.f.Message); m != nil && a.writtenColumn(m[1], name) {
			// An ORM's INSERT or UPDATE, written from a model's field:
			// no SQL text of the app is that statement.
		} else if a.reachedColumnValue(name) {
			// The query the request ran is written from the column's
			// name given as a value.
		} else if !a.queryNaming(col) && !a.builderColumnNaming(col, name) {
			if call, ok := a.failingCall(compiled(`err\s*:?=`)); ok && callName(call.Text) != "" {
				if strings.Contains(call.Text, strconv.Quote(name)) || strings.Contains(call.Text, "`"+name+"`") {
					// The column's name is the call's argument
					// (ByAverage("ping", 1000)): the query it runs is
					// written from it.
					a.columnArg = call
					a.why("The query runs inside " + code(callName(call.Text)) + ", called at " + quoteLine(call) + ", which passes it the column's name as a string, " + code(strconv.Quote(name)) + ".")
				} else {
					a.why("The query runs inside " + code(callName(call.Text)) + ", called at " + quoteLine(call) + ".")
				}
			}
			if l, at, ok := a.columnNameLiteral(name); ok && a.columnArg.Number == 0 {
				a.columnArg = l
				a.why("The module spells " + code(name) + " as a string of its own only at " + a.cite(at) + ": the query's column name most likely comes from there.")
			}
		}
		if engine == "PostgreSQL" {
			if src := a.app(); src != nil && src.sqlQuotes(name) {
				a.why("PostgreSQL reads a name in double quotes as a column: a string value takes single quotes (" + code("'"+name+"'") + ").")
			}
		}
		a.missingColumnAdvice(col, name)
	case ClassNoSuchTable:
		table := caps["table"]
		name := table
		if i := strings.LastIndexByte(table, '.'); i >= 0 && engine == "MySQL" {
			name = table[i+1:] // MySQL names the database too
		}
		a.culprit = table
		if strings.Contains(a.f.Message, "missing FROM-clause entry") {
			a.unknownQualifier(engine, table)
			break
		}
		a.headline("SQL error: no such table " + code(table))
		db := "in this database"
		if engine == "SQLite" {
			db = "in this database file"
		}
		a.why(engine + " has no table " + code(table) + " " + db + ": the name is misspelt, or the schema (the CREATE TABLE statements, or the migrations) was not applied to the database the app connects to.")
		if !a.queryNaming(name) {
			a.builderNaming(name)
		}
		if a.modelLeftOutOfSync(name) {
			break // a new database's list of models leaves it out
		}
		if a.tableNamesDiffer(name) {
			break // the schema creates it under another name: nothing to migrate
		}
		if l, ok := a.droppedTable(name); ok {
			// The schema had it: a migration took it away.
			a.g.AddScanned(a.fileLoc(l.Path, l.Line))
			a.why("A migration drops it or renames it away: " + a.cite(l) + ". The query still names a table the schema no longer has.")
			a.fix("Query the table that took its place in that migration, or, if " + code(name) + " is still needed, make it again in a new migration.")
			break
		}
		if s, _ := a.closestSchemaName(name); s != "" {
			a.fix("Correct the table name: " + code(name) + " → " + code(s) + ".")
		} else if a.tableNoSchemaCreates(name) {
			break // no migration to run: the name is wrong, or the table new
		}
		if a.tableSyncedElsewhere(name) {
			break // made by the app, on another database or not yet
		}
		if l, ok := a.schemaMadeByApp(); ok {
			// The app makes its schema itself: applying it is not the fix.
			a.g.AddScanned(a.fileLoc(l.Path, l.Line))
			a.why("The app makes or migrates its schema itself, at " + a.cite(l) + ", so the tables it has are the ones its schema gives: " + code(name) + " is not one of them under this name.")
			a.fix("Name the table as the schema (or the model it is made from) names it, or add " + code(name) + " to the schema if it is new.")
			break
		}
		if l, schema, ok := a.schemaSettingDefault(name); ok {
			// "river.river_job": the schema comes from a setting whose
			// default the app writes.
			a.g.AddScanned(a.fileLoc(l.Path, l.Line))
			a.why("The table is looked for in the schema " + code(schema) + ", which the app's setting gives by default at " + a.cite(l) + ": the database has no " + code(name[len(schema)+1:]) + " in a schema of that name.")
			a.fix("If the tables are in another schema (migrations run without one make them in the default schema, public in PostgreSQL), give the setting that schema, or change its default at " + code(a.fileLoc(l.Path, l.Line)) + "; if they belong in " + code(schema) + ", run the migrations there.")
			break
		}
		if engine == "SQLite" {
			a.fix("Make sure the schema is created at startup, on the same database file the app opens.")
		} else if l, ok := a.searchPathSetter(); ok && a.app().mod.SchemaCreatesTable(name, a.dialect()) {
			// The migrations create the table: the connection searches
			// another schema.
			a.g.Add(l.Func)
			a.why("The app's migrations create " + code(name) + ", and the app sets the schema its connection searches at " + a.cite(l) + ": when the setting it takes that schema from is empty or names another schema, the table is not found there.")
			a.fix("Check the schema setting that " + code(l.Func) + " uses, and where the app's configuration passes it on to the database settings: it must name the schema the migrations ran in.")
			a.fix("Or make sure the migrations ran in the schema the connection searches.")
		} else {
			a.fix("Make sure the migrations ran on the database the app connects to (check its DSN: the database name and schema).")
		}
	case ClassNoSuchFunction:
		a.noSuchSQLFunction(engine, caps["function"])
	default:
		if a.sqlSyntax(engine, caps["near"]) {
			break
		}
		a.fix("Check the SQL text around that word: a missing comma, a reserved word used as a name, or a placeholder in a place SQL does not allow one (table and column names cannot be parameters).")
	}
}

// unknownQualifier explains a column qualified by a name the statement's
// FROM and JOIN clauses do not declare (PostgreSQL's "missing
// FROM-clause entry for table"): the qualifier is misspelt, not a table
// the schema lacks; no migration is the fix.
func (a *analysis) unknownQualifier(engine, name string) {
	a.g.Add(name)
	a.headline("SQL error: " + code(name) + " qualifies a column, and the query's FROM clause has no table or alias of that name")
	a.why(engine + " read " + code(name+".") + " before a column, and no table or alias of the statement's FROM or JOIN clauses is called " + code(name) + ": the qualifier is misspelt, or names a table the query does not read. It fails for every request that runs the statement: a server error, not bad input.")
	a.queryNaming(name)
	if s, _ := a.closestSchemaName(name); s != "" && s != name {
		a.g.Add(s, s+" AS "+name)
		a.fix("Qualify the column with the table or alias the FROM clause declares: " + code(name) + " → " + code(s) + " (or add " + code(s+" AS "+name) + " in FROM).")
		return
	}
	a.fix("Qualify the column with a table or alias the statement's FROM or JOIN clauses declare, or add the table it belongs to in a JOIN.")
}

// schemaSettingDefault returns, for a table named with its schema
// ("river.river_job"), the module's line (outside tests) that gives a
// setting that schema's name as its value or default, and the schema.
func (a *analysis) schemaSettingDefault(name string) (sourceLine, string, bool) {
	schema, _, qualified := strings.Cut(name, ".")
	src := a.app()
	if !qualified || schema == "" || src == nil || src.mod == nil {
		return sourceLine{}, "", false
	}
	ref, line, ok := src.mod.SchemaSettingDefault(schema)
	if !ok {
		return sourceLine{}, "", false
	}
	return originLine(ref, line), schema, true
}
