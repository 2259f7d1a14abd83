package offline

import (
	"encoding/json"
	"go/ast"
	"go/token"
	"regexp"
	"strings"

	"github.com/explainerr/explainerr/explainerr/internal/appsource"
	"github.com/explainerr/explainerr/explainerr/provider/offline/internal/corpus"
)

// constraintPass explains a violated NOT NULL, UNIQUE, FOREIGN KEY or
// CHECK constraint.
var constraintPass = &pass{
	name:    "constraint",
	doc:     "A NOT NULL, UNIQUE, FOREIGN KEY or CHECK constraint the statement violated: the column, the schema's rule, and the value the code gave.",
	classes: []Class{ClassNotNull, ClassUnique, ClassForeignKey, ClassCheck, ClassEnumValue, ClassValueType, ClassValueTooLong},
	needs:   []need{needModule, needSchema},
	explain: always((*analysis).constraint),
}

// constraint explains integrity constraint failures of SQLite,
// PostgreSQL and MySQL.
func (a *analysis) constraint() {
	caps := a.f.Captures
	table, col := caps["table"], caps["column"]
	stmt, hasStmt := corpus.Line{}, false
	if table != "" && a.f.Class == ClassNotNull {
		// A NOT NULL column is left out by an INSERT: its statement
		// first.
		stmt, hasStmt = a.firstRunLine(compiled(`(?i)INSERT\s+(?:OR\s+\w+\s+)?INTO\s+["']?` + regexp.QuoteMeta(table) + `\b`))
	}
	if table != "" && !hasStmt {
		stmt, hasStmt = a.firstRunLine(compiled(`(?i)(?:INSERT\s+(?:OR\s+\w+\s+)?INTO|UPDATE)\s+["']?` + regexp.QuoteMeta(table) + `\b`))
	}
	if !hasStmt && col != "" {
		// The table given by a format's verb (INSERT INTO %s, the name
		// kept in a constant): the statement that lists the column.
		stmt, hasStmt = a.firstRunLine(compiled(`(?i)(?:INSERT\s+(?:OR\s+\w+\s+)?INTO\s+["']?%s["']?\s*\([^)]*\b` + regexp.QuoteMeta(col) + `\b|UPDATE\s+["']?%s["']?\s+SET\s.*\b` + regexp.QuoteMeta(col) + `\s*=)`))
	}
	// With the route's handler standing in for a stack that shows none
	// of the app, the write the handler reaches comes first: a line of
	// the failing function is then only its declaration.
	ormWrite, hasORMWrite := sourceLine{}, false
	if !hasStmt && a.standIn == appsource.StandInRoute {
		ormWrite, hasORMWrite = a.ormWriteOfTable(table)
	}
	viaCall := false
	if !hasStmt && !hasORMWrite {
		stmt, hasStmt = a.writeCallLine()
		viaCall = hasStmt
	}
	if !hasStmt && !hasORMWrite {
		ormWrite, hasORMWrite = a.ormWriteOfTable(table)
	}
	showStmt := func() {
		switch {
		case hasORMWrite:
			a.g.AddScanned(a.fileLoc(ormWrite.Path, ormWrite.Line))
			a.why("The request reaches the ORM's write of " + code(table) + " at " + a.cite(ormWrite) + ".")
		case viaCall:
			a.why("The statement runs inside the call at " + quoteLine(stmt) + ".")
		case hasStmt:
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
		if l, ok := a.schemaLineOf(table, notNullDefinition(col)); ok {
			a.why("The schema declares it at " + a.cite(l) + ".")
		}
		if _, isInput := a.r.Request.Form[col]; isInput {
			a.why("The request's form field " + code(col) + " is empty.")
			a.fix("Validate the input before writing: when " + code(col) + " is empty, answer 400 Bad Request with a message instead of running the statement.")
			break
		}
		if a.notNullArgument(table, col) {
			break
		}
		if hasStmt && !viaCall && a.explainEmptySubquery(stmt, col) {
			break
		}
		passed, listed := a.notNullPassed(table, col)
		if passed {
			break
		}
		if !listed {
			listed = a.insertsList(table, col)
		}
		if !listed && a.explainInsertOmits(table, col) {
			break
		}
		_, hasDefault := a.notNullDefault(col)
		field := appsource.CamelCase(col)
		built := a.builtValue()
		if built != nil {
			a.why("The value written is built at " + quoteLine(*built) + ".")
		}
		switch {
		case built != nil && callName(built.Text) != "" && a.g.Has(field):
			a.fix("Set " + code(field) + " (the field stored in " + code(col) + ") in " + code(callName(built.Text)) + ", so every value it builds has one.")
		case built != nil && callName(built.Text) != "":
			a.fix("Set the value stored in " + code(col) + " in " + code(callName(built.Text)) + ", so every value it builds has one.")
		case hasDefault:
			a.fix("Set the value stored in " + code(col) + " where the value is built: the schema's DEFAULT applies only when the statement leaves the column out.")
		default:
			a.fix("Set the value stored in " + code(col) + " where the value is built, or give the column a DEFAULT in the schema.")
		}
		if !listed {
			a.fix("Make sure the statement lists " + code(col) + " and passes a value for it.")
		}
	case ClassUnique:
		if table == "" && col == "" && caps["constraint"] == "" {
			// The app's message hides the driver's; a logged trace
			// may carry it.
			if n := a.loggedConstraint(); n != "" {
				if caps == nil {
					caps = map[string]string{}
				}
				caps["constraint"] = n
				a.f.Captures = caps
			}
		}
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
		up, upsert := a.upsertMeant()
		gen, generated := a.generatedColumnValue(col)
		empty := a.loggedEmptyValue(table, col)
		cols := uniqueColumns(a.f.Message, table)
		if len(cols) == 0 {
			cols = []string{col}
		}
		sender, field := a.duplicateSentBy(cols)
		dup := ""
		if sender == senderClient && !(upsert || generated || empty) {
			dup = " The request sends it"
			if field != "" {
				a.g.Add(field)
				dup += " (its field " + code(field) + ")"
			}
			dup += ": a value a row already has is the client's to change."
		}
		switch {
		case what == "":
			// The error names nothing (gorm's ErrDuplicatedKey).
			a.headline("Unique constraint violated")
			a.why("A row with the same value already exists, and a unique constraint (or unique index) of the table the statement writes requires the value to be unique; the error does not say which." + dup)
		case col == "":
			a.headline("Unique constraint violated: " + code(what))
			a.why("A row with the same value already exists" + where + ", and the unique constraint (or unique index) " + code(caps["constraint"]) + " requires the value to be unique." + dup)
		case len(uniqueColumns(a.f.Message, table)) > 1:
			// SQLite lists every column of a composite key.
			cols := uniqueColumns(a.f.Message, table)
			a.g.Add(cols...)
			a.culprit = table + " (" + strings.Join(cols, ", ") + ")"
			a.headline("Constraint failed: " + code(a.culprit) + " must be unique")
			a.why("A row with the same " + code(strings.Join(cols, ", ")) + " already exists" + where + ", and the schema requires each combination of these columns to be unique." + dup)
		default:
			a.headline("Constraint failed: " + code(what) + " must be unique")
			a.why("A row with the same " + code(col) + " already exists" + where + ", and the schema requires the value to be unique." + dup)
		}
		showStmt()
		if empty && a.explainEmptyUnique(col) {
			break
		}
		if a.staleConstraintName() || a.uniqueDespiteCheck() || a.assertAfterWrapSays(" (a duplicate)") || upsert && a.explainUpsertMeant(up) || generated && a.explainGeneratedDuplicate(gen) {
			break
		}
		// A unique index over several columns that a model's tags declare
		// is the schema's own choice, shown before a look-up's reading.
		if a.constraintTestLost() || len(cols) > 1 && a.explainUniqueTag(cols) || a.explainUniqueCheck() {
			break
		}
		if a.explainAbortedAfter() || a.gormUntranslated("ErrDuplicatedKey") {
			break
		}
		if a.explainStatusBranch("409 Conflict", "Conflict", "409", "a duplicate") {
			break
		}
		if sender != senderClient && a.explainUniqueTag(cols) {
			break
		}
		l, rank, skips := a.conflictSkipped(table)
		if sender == senderNotClient && (!skips || rank > 1) {
			a.explainAppMadeDuplicate(table, cols)
			break
		}
		if skips {
			a.why("The app lets duplicates pass elsewhere: " + a.cite(l) + ".")
			a.fix("If a duplicate is expected here too, let it pass the same way in the statement that failed (as at " + code(a.fileLoc(l.Path, l.Line)) + "); if not, treat it as the client's error and answer 409 Conflict (" + code("http.StatusConflict") + ").")
			break
		}
		a.fix("Treat the duplicate as the client's error: check for the value first, or recognise the constraint error and answer 409 Conflict (" + code("http.StatusConflict") + ") with a clear message.")
		a.fix("If the value is generated by the app (a slug, an id), make it unique before inserting.")
	case ClassForeignKey:
		a.foreignKey(showStmt)
	case ClassEnumValue:
		a.enumValue(caps["enum"], caps["value"], showStmt)
	case ClassValueType:
		a.unreadableValue(caps, showStmt)
	case ClassValueTooLong:
		a.valueTooLong(caps, showStmt)
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
		if col, sent := a.checkedColumnSent(check); col != "" && !sent {
			a.g.Add(col)
			a.why("The request sends no " + code(col) + ": the app sets the value it wrote, so the fault is in the code that sets it (a field left unset writes its zero value, which the rule rejects), not in the client's input.")
			a.fix("Set " + code(col) + " to a value the rule accepts where the app builds the row, before the statement.")
			return
		}
		if col, sent := a.checkedColumnSent(check); col != "" && sent && a.explainSentValueLost(col) {
			return
		}
		a.fix("Validate the input against the same rule before writing, and answer 400 Bad Request when it fails.")
	}
}

// explainSentValueLost explains a CHECK on col that failed although the
// request's JSON body gives col a value the rule names ('footer' of
// "position == 'header' OR position == 'footer'"): the app did not write
// the client's value, because the field it decodes the body into reads
// another key (its json tag). It reports whether it found that field.
func (a *analysis) explainSentValueLost(col string) bool {
	var body map[string]any
	if json.Unmarshal([]byte(a.r.Request.Body), &body) != nil {
		return false
	}
	v, ok := body[col].(string)
	if !ok || v == "" || !strings.Contains(a.f.Message, "'"+v+"'") {
		return false
	}
	src := a.app()
	if src == nil {
		return false
	}
	name := appsource.CamelCase(col)
	found := false
	src.eachDecl(func(f *appFile, d ast.Decl, in string) {
		gd, ok := d.(*ast.GenDecl)
		if found || !ok || gd.Tok != token.TYPE || strings.HasSuffix(f.path, "_test.go") {
			return
		}
		for _, spec := range gd.Specs {
			ts := spec.(*ast.TypeSpec)
			st, ok := ts.Type.(*ast.StructType)
			if !ok {
				continue
			}
			for fl, tag := range appsource.TaggedFields(st) {
				key, _, _ := strings.Cut(tag.Get("json"), ",")
				if fl.Names[0].Name != name || key == col || key == "" || key == "-" {
					continue
				}
				if _, both := body[key]; both {
					continue
				}
				at := src.lineAt(f, fl.Pos(), ts.Name.Name)
				a.g.Add(col, key, v)
				a.g.AddScanned(a.fileLoc(at.Path, at.Line))
				a.why("The request sends " + code(col) + " as " + code(`"`+v+`"`) + ", a value the rule accepts, so the value written is not the client's: the field the body is decoded into reads the key " + code(key) + " (" + a.cite(at) + "), which the request does not send, and is left empty.")
				a.fix("Read the key the clients send: tag the field " + code(`json:"`+col+`"`) + " at " + code(a.fileLoc(at.Path, at.Line)) + " (or send " + code(key) + ", if the new name is meant).")
				found = true
				return
			}
		}
	})
	return found
}

// reCheckColumn finds the names a CHECK expression tests: words with an
// underscore or of four letters or more, outside its SQL functions and
// keywords.
var reCheckColumn = regexp.MustCompile(`\b([a-z][a-z0-9]*(?:_[a-z0-9]+)+)\b`)

// checkedColumnSent returns the column a CHECK expression tests (the first
// snake_case name in it) and whether the request carries a field of that
// name, in any spelling (creation_time, creationTime, CreationTime).
func (a *analysis) checkedColumnSent(check string) (string, bool) {
	m := reCheckColumn.FindStringSubmatch(strings.ToLower(check))
	if m == nil && reColumnName.MatchString(check) {
		m = []string{check, check} // SQLite's message names the column alone ("CHECK constraint failed: position")
	}
	if m == nil {
		return "", false
	}
	col := m[1]
	flat := func(s string) string { return strings.ToLower(strings.NewReplacer("_", "", "-", "").Replace(s)) }
	want := flat(col)
	req := a.r.Request
	var keys []string
	for k := range req.Form {
		keys = append(keys, k)
	}
	for k := range req.Query {
		keys = append(keys, k)
	}
	for _, k := range reJSONKey.FindAllStringSubmatch(req.Body, -1) {
		keys = append(keys, k[1])
	}
	for _, k := range keys {
		if flat(k) == want {
			return col, true
		}
	}
	if req.Body == "" && len(req.Form) == 0 && len(req.Query) == 0 {
		return "", false // nothing of the request was seen: it may have sent the value
	}
	return col, false
}

// reJSONKey finds the keys of a JSON body.
var reJSONKey = regexp.MustCompile(`"([A-Za-z_][\w-]*)"\s*:`)

// enumValue explains a value a PostgreSQL enum type does not list: the
// statement that wrote it and the type's definition, where the value is
// added (or the code's value corrected).
func (a *analysis) enumValue(enum, value string, showStmt func()) {
	a.culprit = enum
	a.headline("Constraint failed: " + code(value) + " is not a value of the enum " + code(enum))
	a.why("The statement wrote " + code(value) + " where the column's type is the enum " + code(enum) + ", and the type does not list that value (PostgreSQL error 22P02).")
	showStmt()
	defines := compiled(`(?i)\b(?:CREATE|ALTER)\s+TYPE\s+(?:"?\w+"?\.)?"?` + regexp.QuoteMeta(enum) + `\b`)
	var l sourceLine
	ok := false
	for _, t := range a.schemaTexts(enum) { // Go strings and .sql files, the failing database's first
		if loc := defines.FindStringIndex(t.text); loc != nil {
			l, ok = t.at(loc[0]), true
			break
		}
	}
	if ok {
		a.why("The type is defined at " + a.cite(l) + ".")
		a.fix("If " + code(value) + " is a value the app means to store, add it to " + code(enum) + " (" + code("ALTER TYPE "+enum+" ADD VALUE '"+value+"'") + " in a new migration, and in the schema the app installs from, as at " + code(a.fileLoc(l.Path, l.Line)) + ").")
	} else {
		a.fix("If " + code(value) + " is a value the app means to store, add it to the type " + code(enum) + " in a migration (" + code("ALTER TYPE "+enum+" ADD VALUE '"+value+"'") + ").")
	}
	a.fix("If it is not, correct the value the code writes, or check the input and answer 400 Bad Request when the client sent it.")
	a.g.Add("ALTER TYPE", "ADD VALUE", value, enum)
}

// uniqueKeyList matches SQLite's list of the columns of a unique key:
// "UNIQUE constraint failed: tag.name, tag.creator_id".
var uniqueKeyList = regexp.MustCompile(`UNIQUE constraint failed: (\w+\.\w+(?:, \w+\.\w+)*)`)

// uniqueColumns returns the columns of table SQLite's message lists.
func uniqueColumns(msg, table string) []string {
	m := uniqueKeyList.FindStringSubmatch(msg)
	if m == nil || table == "" {
		return nil
	}
	var out []string
	for _, q := range strings.Split(m[1], ", ") {
		if t, c, ok := strings.Cut(q, "."); ok && t == table {
			out = append(out, c)
		}
	}
	return out
}

// firstRunLine returns the first line of the report's source that
// matches re and is not known to be in a function the request did not
// run (corpusLineNotRun): a migration's INSERT … SELECT run at start is
// not the request's write.
func (a *analysis) firstRunLine(re *regexp.Regexp) (corpus.Line, bool) {
	for _, l := range a.c.Find(re) {
		if !a.corpusLineNotRun(l) {
			return l, true
		}
	}
	return corpus.Line{}, false
}
