package offline

import (
	"regexp"
	"strconv"
	"strings"

	"github.com/explainerr/explainerr/explainerr/internal/appsource"
)

// A column the schema lacks: the name proposed in its place must be one
// the code justifies, a column the schema gives the very table the query
// reads (close by edit distance), or, with no schema in sight, a column
// the same query reads from that table. When none is close, the column is
// said to be missing from the table's schema, and the statement that
// creates the table is named as the place a migration changes: no other
// name is guessed.

// missingColumnAdvice writes what the schema says of the table the query
// reads and the fix: the column meant, or the migration that adds it.
func (a *analysis) missingColumnAdvice(col, name string) {
	if a.explainDroppedColumn(col, name) || a.misspeltInSchema(name) {
		return
	}
	tables := a.columnTables(col)
	if q, _, ok := strings.Cut(col, "."); ok && len(tables) == 0 && a.schemaOf(q).found {
		// No statement in sight names it (an ORM's query builder), but
		// its qualifier is a table the schema or a model gives.
		tables = []string{q}
	}
	var known []tableSchema
	for _, t := range tables {
		if s := a.schemaOf(t); s.found {
			known = append(known, s)
		}
	}
	if len(tables) == 0 {
		// No statement of the app names the column (a query builder, or
		// SQL out of sight): any table of the schema may be the one read.
		for _, t := range a.schemaTables() {
			if s := a.schemaOf(t.name); s.found {
				known = append(known, s)
			}
		}
	}
	for _, t := range known {
		a.g.AddScanned(a.fileLoc(t.created.Path, t.created.Line)) // 0001_init.up.sql scans as a number and a word
	}
	lower := strings.ToLower(name)
	if len(tables) != 1 {
		// Which table the query read is not known for sure: a close
		// column is proposed only when no candidate table has the name.
		for _, t := range known {
			if contains(t.columns, lower) {
				a.genericColumnFixes()
				return
			}
		}
		if s, t, ok := a.closestFitColumn(col, name, known); ok {
			var with []string
			for _, k := range known {
				if contains(k.columns, s) {
					with = append(with, k.name)
				}
			}
			if len(with) > 1 {
				// Several tables have it, and which one the query reads
				// is not known: none is named as the one to migrate.
				a.g.Add(s)
				a.g.Add(with...)
				a.why("The schema gives the tables " + codeList(with) + " a column " + code(s) + ", which is probably the column meant.")
				a.fix(a.correctColumnFix(name, s))
				a.fix("If " + code(name) + " is a new column, add it in a migration to the table the query reads before the code uses it.")
				return
			}
			a.proposeColumn(name, s, t)
			return
		}
		if s := closest(lower, a.queryColumns(col), 2); s != "" {
			a.proposeQueryColumn(col, name, s)
			return
		}
		a.genericColumnFixes()
		return
	}
	if len(known) == 0 {
		if s := closest(lower, a.queryColumns(col), 2); s != "" {
			a.proposeQueryColumn(col, name, s)
			return
		}
		a.g.Add(tables...)
		a.why("No schema statement in sight creates " + code(tables[0]) + ", so which columns it has cannot be read here.")
		a.genericColumnFixes()
		return
	}
	t := known[0]
	// A rename of the column comes first: the old name may still be in
	// the statement that created the table.
	for to, rn := range t.renamed {
		if rn.from != lower || !contains(t.columns, to) {
			continue
		}
		// A migration renamed the column the query still names.
		a.g.Add(t.name, name, to)
		a.g.AddScanned(a.fileLoc(rn.at.Path, rn.at.Line))
		a.why("A migration renames it: " + a.cite(rn.at) + " renames " + code(rn.from) + " to " + code(to) + ", and the query still names " + code(name) + ". Applying the migrations cannot help: the schema no longer has the old name.")
		a.fix("Name " + code(to) + " in the query (and in every other query that reads " + code(name) + " of " + code(t.name) + "; a column of that name in another table is not renamed).")
		a.fix("If the old name is the one meant, undo the rename at " + code(a.fileLoc(rn.at.Path, rn.at.Line)) + " in a new migration.")
		return
	}
	if contains(t.columns, lower) {
		if a.autoMigratedColumn(t.name, name, t) || a.columnOnlyInCreate(t, name) {
			return
		}
		a.g.Add(t.name, name)
		a.why("The app's schema does give " + code(t.name) + " a column " + code(name) + " (" + a.origin(t) + "): the database the app connects to was not migrated to it.")
		a.fix("Apply the migrations that add " + code(name) + " to the database the app connects to (check its DSN: the database name and schema).")
		return
	}
	if s, t, ok := a.closestFitColumn(col, name, known); ok {
		a.proposeColumn(name, s, t)
		return
	}
	a.g.Add(t.name, name)
	a.g.Add(t.columns...)
	if t.model {
		a.why("No schema statement creates " + code(t.name) + "; its columns are the fields of the model at " + a.cite(t.created) + ", and none of them is " + code(name) + " or close to it: " + codeList(t.columns) + ".")
		a.fix("If " + code(name) + " is new, add a field for it to the model at " + code(a.fileLoc(t.created.Path, t.created.Line)) + " and migrate the database; if the query means one of the model's columns, name that one instead.")
		return
	}
	a.why("The schema in sight creates " + code(t.name) + " at " + a.cite(t.created) + ", and no statement of it gives the table a column " + code(name) + ", nor one with a name close to it: the column is missing from the table's schema. Its columns are " + codeList(t.columns) + ".")
	if other, ok := a.onlyColumnNotNamed(col, t); ok {
		// The query names every other column of the table: the one it
		// leaves out is the likely one meant (a column renamed in the
		// schema the query did not follow).
		a.g.Add(other)
		a.why("The query names every other column of " + code(t.name) + "; " + code(other) + " is the one it does not, and likely the one meant.")
		a.fix("Name " + code(other) + " instead of " + code(name) + " in the query, if that is the column meant.")
		a.fix("If " + code(name) + " is new (the code reads a column the table never had), add it to " + code(t.name) + " where the table is created, at " + code(a.fileLoc(t.created.Path, t.created.Line)) + ", and to the database.")
		return
	}
	if from, users, ok := a.schemaRenamedColumn(name, t); ok {
		// Every query names the column, and the schema has one no query
		// names: the schema is what changed.
		a.g.Add(from)
		a.g.Add(users...)
		a.why("The app's queries name " + code(name) + " of " + code(t.name) + " in " + codeList(users) + ", and none names the schema's " + code(from) + ": the schema's column may be the one renamed, or " + code(name) + " a column the schema never got.")
		a.fix("If " + code(from) + " is " + code(name) + " renamed, name the column " + code(name) + " again where " + code(t.name) + " is created, at " + code(a.fileLoc(t.created.Path, t.created.Line)) + " (a database made with " + code(from) + " needs it renamed too); if " + code(name) + " is new, add it there beside " + code(from) + ".")
		return
	}
	if strings.HasSuffix(t.created.Path, ".go") && !strings.Contains(strings.ToLower(t.created.Path), "migrat") && ifNotExists.MatchString(t.created.Text) {
		// The app creates its tables itself at start, from Go strings
		// (CREATE TABLE IF NOT EXISTS), with no migrations: that
		// statement is the schema to change.
		a.fix("If " + code(name) + " is new (the code reads a column the table never had), add it to " + code(t.name) + " where the table is created, at " + code(a.fileLoc(t.created.Path, t.created.Line)) + ", and to the database; if the query means one of the table's columns, name that one instead.")
		return
	}
	a.fix("If " + code(name) + " is new (the code reads a column the table never had), add it to " + code(t.name) + " in a new migration (the table is created at " + code(a.fileLoc(t.created.Path, t.created.Line)) + ") and apply it to the database; if the query means one of the table's columns, name that one instead.")
}

// schemaRenamedColumn returns the column of t that no query of the module
// names, when exactly one does not and at least two functions' queries
// name the missing column name, with those functions.
func (a *analysis) schemaRenamedColumn(name string, t tableSchema) (string, []string, bool) {
	src := a.app()
	if src == nil || src.mod == nil {
		return "", nil, false
	}
	table := compiled(`(?i)\b` + regexp.QuoteMeta(t.name) + `\b`)
	queryFuncs := func(word string) []string {
		var fns []string
		for _, l := range src.sqlUsesWhere(word, maxSQLUses, func(sl appsource.SQLLiteral, _ string) bool { return !sl.DDL && table.MatchString(sl.Value) }) {
			if f := firstNonEmpty(l.Func, l.RunBy); f != "" && !contains(fns, f) {
				fns = append(fns, f)
			}
		}
		return fns
	}
	users := queryFuncs(name)
	if len(users) < 2 {
		return "", nil, false
	}
	unnamed := ""
	for _, c := range t.columns {
		if c == "id" || len(queryFuncs(c)) > 0 {
			continue
		}
		if unnamed != "" {
			return "", nil, false
		}
		unnamed = c
	}
	return unnamed, users, unnamed != ""
}

// onlyColumnNotNamed returns the one column of t that the one query
// naming col does not name, when the table has at least three and the
// query names all the others.
func (a *analysis) onlyColumnNotNamed(col string, t tableSchema) (string, bool) {
	qs := a.columnQueries(col)
	if len(qs) != 1 || len(t.columns) < 3 || len(queryTables(qs[0])) != 1 {
		return "", false
	}
	words, _ := queryColumnWords(qs[0])
	named := map[string]bool{}
	for _, w := range words {
		named[strings.ToLower(w)] = true
	}
	var left []string
	for _, c := range t.columns {
		if !named[strings.ToLower(c)] {
			left = append(left, c)
		}
	}
	if len(left) != 1 {
		return "", false
	}
	return left[0], true
}

// proposeColumn proposes s, a column the schema gives table t, for name.
func (a *analysis) proposeColumn(name, s string, t tableSchema) {
	a.g.Add(s, t.name)
	if rn, ok := t.renamed[s]; ok {
		// A migration gave the column its name: the rename, or the
		// queries, may be the one that is off.
		a.g.Add(rn.from, name)
		a.g.AddScanned(a.fileLoc(rn.at.Path, rn.at.Line))
		a.why("The schema gives " + code(t.name) + " a column " + code(s) + ", which a migration named so: " + a.cite(rn.at) + " renames " + code(rn.from) + " to " + code(s) + ". The query reads " + code(name) + ".")
		a.fix("If the queries are right to read " + code(name) + ", correct the rename at " + code(a.fileLoc(rn.at.Path, rn.at.Line)) + " so that it names the column " + code(name) + " (in a new migration when this one has run).")
		a.fix("If " + code(s) + " is the name meant, correct the column name in the query: " + code(name) + " → " + code(s) + ".")
		return
	}
	a.why("The schema gives " + code(t.name) + " a column " + code(s) + " (" + a.origin(t) + "), which is probably the column meant.")
	a.fix(a.correctColumnFix(name, s))
	a.fix("If " + code(name) + " is a new column, add it to " + code(t.name) + " in a migration before the code uses it.")
}

// proposeQueryColumn proposes s, a column the same query reads, for the
// column col (name unqualified).
func (a *analysis) proposeQueryColumn(col, name, s string) {
	a.g.Add(s)
	a.why("The same query reads " + code(col[:strings.LastIndexByte(col, '.')+1]+s) + " from that table, which is probably the column meant (no schema statement of the table is in sight to check it against).")
	a.fix(a.correctColumnFix(name, s))
	a.fix("If the column is new, add it to the schema (a migration) before the code uses it.")
}

// genericColumnFixes are the fixes of a missing column when nothing more
// can be grounded.
func (a *analysis) genericColumnFixes() {
	a.fix("Correct the column name in the query to one the table has.")
	a.fix("If the column is new, add it to the schema (a migration) before the code uses it.")
}

// closestColumn returns the column of the tables nearest to name (two
// edits at most, or of the same stem), not one of skip, and the table
// that has it.
func closestColumn(name string, tables []tableSchema, skip map[string]bool) (string, tableSchema, bool) {
	var all []string
	owner := map[string]tableSchema{}
	for _, t := range tables {
		for _, c := range t.columns {
			if _, ok := owner[c]; !ok && !skip[c] {
				owner[c] = t
				all = append(all, c)
			}
		}
	}
	s := closest(strings.ToLower(name), all, 2)
	if s == "" {
		if c, t, ok := tablePrefixed(strings.ToLower(name), tables, skip); ok {
			return c, t, true
		}
		s = sameStem(strings.ToLower(name), all)
	}
	if s == "" {
		s = wordsWithin(strings.ToLower(name), all)
	}
	if s == "" {
		return "", tableSchema{}, false
	}
	return s, owner[s], true
}

// tablePrefixed returns the column name means when it is that column
// prefixed with its table's name, plural or singular (post_status, for
// the column status of post or posts), or the column that is name so
// prefixed (title, for the column feed_title of feeds); never id
// (order_id names another table's key to the order).
func tablePrefixed(name string, tables []tableSchema, skip map[string]bool) (string, tableSchema, bool) {
	for _, t := range tables {
		for _, prefix := range []string{t.name + "_", strings.TrimSuffix(t.name, "s") + "_"} {
			if rest, ok := strings.CutPrefix(name, strings.ToLower(prefix)); ok && rest != "" && rest != "id" && !skip[rest] && contains(t.columns, rest) {
				return rest, t, true
			}
			// The other way round: the table's columns carry its name
			// (feed_title of feeds) and the query does not.
			if full := strings.ToLower(prefix) + name; name != "id" && !skip[full] && contains(t.columns, full) {
				return full, t, true
			}
		}
	}
	return "", tableSchema{}, false
}

// wordsWithin returns the one column whose name holds every word of name,
// in order, with more between them (max_uploads of max_file_uploads), for
// a name of two words or more; "" when none or several do.
func wordsWithin(name string, columns []string) string {
	words := strings.Split(name, "_")
	if len(words) < 2 {
		return ""
	}
	found := ""
	for _, c := range columns {
		cw := strings.Split(c, "_")
		if len(cw) <= len(words) {
			continue
		}
		i := 0
		for _, w := range cw {
			if i < len(words) && w == words[i] {
				i++
			}
		}
		if i == len(words) {
			if found != "" {
				return ""
			}
			found = c
		}
	}
	return found
}

// stemSuffixes are the endings a column's name takes for its kind
// (created, created_at, created_on).
var stemSuffixes = []string{"_at", "_on", "_time", "_date", "_ts", "_utc", "_id"}

// stem returns name less one of stemSuffixes.
func stem(name string) string {
	for _, suf := range stemSuffixes {
		if s, ok := strings.CutSuffix(name, suf); ok && s != "" {
			return s
		}
	}
	return name
}

// sameStem returns the one candidate with name's stem (created for
// created_at, created_on for created_at), or "" when none or several.
func sameStem(name string, candidates []string) string {
	if stem(name) != name {
		// A suffixed name (last_failure_at) is first the suffixed
		// column of its stem (last_failure_time), not the bare one
		// (last_failure) the table may have beside it.
		var suffixed []string
		for _, c := range candidates {
			if stem(c) != c {
				suffixed = append(suffixed, c)
			}
		}
		if s := oneOfStem(name, suffixed); s != "" {
			return s
		}
	}
	return oneOfStem(name, candidates)
}

// oneOfStem is sameStem among candidates alone.
func oneOfStem(name string, candidates []string) string {
	found := ""
	for _, c := range candidates {
		if c == name || stem(c) != stem(name) || stem(c) == c && stem(name) == name {
			continue
		}
		if found != "" {
			return ""
		}
		found = c
	}
	return found
}

// assignedInQueries returns the columns every query naming col also sets
// or inserts (UPDATE … SET c = …, INSERT … (c, …)): proposing one of them
// for col would make the statement write it twice.
func (a *analysis) assignedInQueries(col string) map[string]bool {
	var out map[string]bool
	for _, q := range a.columnQueries(col) {
		have := map[string]bool{}
		for _, mm := range setColumn.FindAllStringSubmatch(q, -1) {
			have[strings.ToLower(mm[1])] = true
		}
		if mm := insertColumns.FindStringSubmatch(q); mm != nil {
			for _, c := range strings.Split(mm[1], ",") {
				have[strings.ToLower(strings.Trim(strings.TrimSpace(c), "`\"[]"))] = true
			}
		}
		if out == nil {
			out = have
			continue
		}
		for c := range out {
			if !have[c] {
				delete(out, c)
			}
		}
	}
	return out
}

// setColumn finds a column an UPDATE sets; insertColumns the column list
// of an INSERT.
var (
	setColumn     = regexp.MustCompile(`(?i)(?:\bSET\s+|,\s*)["` + "`" + `]?(\w+)["` + "`" + `]?\s*=`)
	insertColumns = regexp.MustCompile(`(?i)\bINSERT\s+(?:OR\s+\w+\s+)?INTO\s+\S+\s*\(([^)]*)\)`)
)

// correctColumnFix is the fix of a column named name where s is meant: in
// the query, or, when the failing call passes the name as a string
// (columnArg), in that argument.
func (a *analysis) correctColumnFix(name, s string) string {
	if l := a.columnArg; l.Number != 0 {
		return "Correct the column name at " + code(loc(l.File, l.Number)) + ": " + code(strconv.Quote(name)) + " → " + code(strconv.Quote(s)) + "."
	}
	return "Correct the column name in the query: " + code(name) + " → " + code(s) + "."
}

// explainDroppedColumn explains a column the table lacks that a later
// migration of the module made the table without, after an earlier
// statement had given it (appsource.Module.DroppedBy). It reports
// whether it did.
func (a *analysis) explainDroppedColumn(col, name string) bool {
	src := a.app()
	if src == nil || src.mod == nil {
		return false
	}
	table, _, _ := strings.Cut(col, ".")
	if table == col {
		return false // no table or alias known
	}
	if t, ok := src.mod.QualifiedTable(table, name); ok {
		table = t
	}
	dc, ok := src.mod.DroppedBy(table, name)
	if !ok {
		return false
	}
	kept := sourceLine{Path: dc.Kept.File.Path, Line: dc.Kept.StartLine, Text: firstLine(dc.Kept.File.Lines(), dc.Kept.StartLine)}
	dropped := sourceLine{Path: dc.Dropped.File.Path, Line: dc.Dropped.StartLine, Text: firstLine(dc.Dropped.File.Lines(), dc.Dropped.StartLine)}
	a.g.Add(table, name, kept.Text, dropped.Text)
	a.why("The schema statement at " + a.cite(dropped) + " makes " + code(table) + " again without " + code(name) + ", which the one at " + a.cite(kept) + " gave it: that migration dropped a column the query still reads.")
	a.fix("Keep " + code(name) + " in the table the migration at " + code(a.fileLoc(dropped.Path, dropped.Line)) + " makes (and in the rows it copies over), or stop reading it in the query.")
	return true
}

// firstLine returns line n of lines, trimmed; "" when there is none.
func firstLine(lines []string, n int) string {
	if n < 1 || n > len(lines) {
		return ""
	}
	return strings.TrimSpace(lines[n-1])
}

// booleanUse matches a column the SQL text uses as a boolean: compared
// with true or false, or tested with IS TRUE, IS FALSE or NOT.
func booleanUse(name string) *regexp.Regexp {
	q := regexp.QuoteMeta(name)
	return compiled(`(?i)\b` + q + `\s*(?:=|<>|!=)\s*(?:true|false)\b|\b` + q + `\s+IS\s+(?:NOT\s+)?(?:TRUE|FALSE)\b|\bNOT\s+` + q + `\b`)
}

// closestFitColumn is closestColumn, the columns the queries assign
// already left out (assignedInQueries), and, when the query uses the name
// as a boolean, a proposal the schema declares of another type passed
// over for the next (last_test_at, a timestamp, for "last_test_ok = true").
func (a *analysis) closestFitColumn(col, name string, known []tableSchema) (string, tableSchema, bool) {
	skip := a.assignedInQueries(col)
	_, boolean := a.c.First(booleanUse(name))
	for {
		s, t, ok := closestColumn(name, known, skip)
		if !ok || !boolean {
			return s, t, ok
		}
		def, found := a.columnDefinition(s)
		if f := strings.Fields(strings.Trim(def.Text, ",")); !found || len(f) < 2 || strings.HasPrefix(strings.ToUpper(f[1]), "BOOL") {
			return s, t, ok
		}
		if skip == nil {
			skip = map[string]bool{}
		}
		skip[s] = true
	}
}
