package offline

import (
	"go/ast"
	"regexp"
	"slices"
	"strings"

	"github.com/explainerr/explainerr/explainerr/internal/appsource"
)

// An upsert's conflict target must be exactly the columns of one of the
// table's unique constraints (its primary key, a UNIQUE item, a unique
// index); SQLite says "ON CONFLICT clause does not match any PRIMARY KEY
// or UNIQUE constraint", PostgreSQL "there is no unique or exclusion
// constraint matching the ON CONFLICT specification". The fix is the
// target in the query, or a constraint in the schema: the explanation
// shows both, as the module's source writes them.

// conflictTargetWords matches both databases' error.
var conflictTargetWords = regexp.MustCompile(`(?i)ON CONFLICT clause does not match any PRIMARY KEY or UNIQUE constraint|no unique or exclusion constraint matching the ON CONFLICT specification`)

// upsertTarget matches an INSERT's table and its conflict target.
var upsertTarget = regexp.MustCompile("(?is)\\bINSERT\\s+(?:OR\\s+\\w+\\s+)?INTO\\s+[\"`]?(\\w+)[\"`]?.*?\\bON\\s+CONFLICT\\s*\\(([^)]*)\\)")

// uniqueItem matches a table-level key of a CREATE TABLE list.
var uniqueItem = regexp.MustCompile(`(?i)\b(?:PRIMARY\s+KEY|UNIQUE)\s*\(([^)]*)\)`)

// upsertSite is an upsert of the module: its line, table and target.
type upsertSite struct {
	at     sourceLine
	table  string
	target []string
}

// conflictTarget explains an upsert whose target no unique constraint
// matches. It reports whether it did.
func (a *analysis) conflictTarget(msg string) bool {
	if !conflictTargetWords.MatchString(msg) {
		return false
	}
	a.headline("An upsert whose " + code("ON CONFLICT") + " target is no unique constraint of its table")
	a.why("The error says " + code(shorten(msg, 160)) + ": the columns in " + code("ON CONFLICT (…)") + " must be exactly those of the table's primary key or of one of its unique constraints or indexes.")
	a.g.Add("ON CONFLICT")
	ups := a.upserts()
	if len(ups) == 0 {
		a.fix("Make the upsert's " + code("ON CONFLICT (…)") + " name the columns of one of the table's unique constraints, or add the unique constraint it means to the schema.")
		return true
	}
	u := ups[0]
	a.g.Add(u.table, u.at.Func, u.at.Text, baseName(u.at.Path))
	a.g.Add(u.target...)
	a.why(code(u.at.Func) + " upserts into " + code(u.table) + " with " + code("ON CONFLICT ("+strings.Join(u.target, ", ")+")") + " at " + code(a.fileLoc(u.at.Path, u.at.Line)) + ": " + code(u.at.Text) + ".")
	keys := a.uniqueKeys(u.table)
	if len(keys) == 0 {
		a.fix("In " + code(u.at.Func) + ", name in " + code("ON CONFLICT (…)") + " the columns of a unique constraint of " + code(u.table) + ", or add a unique constraint on " + code(strings.Join(u.target, ", ")) + " to its schema.")
		return true
	}
	var said []string
	var fits []uniqueKey
	for _, k := range keys {
		said = append(said, code(k.text)+" ("+code(a.fileLoc(k.at.Path, k.at.Line))+")")
		a.g.Add(k.text, k.at.Text, baseName(k.at.Path))
		if len(k.columns) > len(u.target) && containsAll(k.columns, u.target) {
			fits = append(fits, k)
		}
	}
	a.why("The schema gives " + code(u.table) + " " + strings.Join(said, ", ") + ", none of them on exactly " + code(strings.Join(u.target, ", ")) + ".")
	if len(fits) == 1 {
		want := "ON CONFLICT (" + strings.Join(fits[0].columns, ", ") + ")"
		a.g.Add(want)
		a.fix("In " + code(u.at.Func) + ", name the whole constraint in the target: " + code(want) + ", or add a unique constraint on " + code(strings.Join(u.target, ", ")) + " to the schema when one row per " + code(strings.Join(u.target, ", ")) + " is what is meant.")
		return true
	}
	a.fix("In " + code(u.at.Func) + ", name the columns of one of those constraints in " + code("ON CONFLICT (…)") + ", or add a unique constraint on " + code(strings.Join(u.target, ", ")) + " to the schema.")
	return true
}

// upserts returns the module's upserts with a conflict target, those of
// functions the request reached first, in the request's dialect's order.
func (a *analysis) upserts() []upsertSite {
	src := a.app()
	if src == nil || src.mod == nil {
		return nil
	}
	type found struct {
		site upsertSite
		fd   *ast.FuncDecl
	}
	var all []found
	for _, l := range src.mod.SQLLiteralsIn(a.dialect()) {
		m := upsertTarget.FindStringSubmatchIndex(l.Value)
		if l.DDL || m == nil || strings.HasSuffix(l.File.Path, "_test.go") {
			continue
		}
		d, _ := l.Syntax()
		fd, ok := d.(*ast.FuncDecl)
		if !ok {
			continue
		}
		var target []string
		for _, c := range strings.Split(l.Value[m[4]:m[5]], ",") {
			target = append(target, strings.ToLower(strings.Trim(strings.TrimSpace(c), "\"`")))
		}
		line := l.StartLine + strings.Count(l.Value[:m[4]], "\n")
		all = append(all, found{upsertSite{at: src.lineIn(l.File, line, funcName(fd)), table: strings.ToLower(l.Value[m[2]:m[3]]), target: target}, fd})
	}
	var out []upsertSite
	for _, f := range reachedFirst(a, all, func(f found) *ast.FuncDecl { return f.fd }) {
		out = append(out, f.site)
	}
	return out
}

// uniqueKey is a unique constraint of a table: its columns, as written,
// and where.
type uniqueKey struct {
	columns []string
	text    string
	at      sourceLine
}

// uniqueKeys returns the table-level keys of table's CREATE TABLE and the
// unique indexes on it, as the schema in sight writes them.
func (a *analysis) uniqueKeys(table string) []uniqueKey {
	index := compiled(`(?is)\bCREATE\s+UNIQUE\s+INDEX\b[^;]*?\bON\s+["` + "`" + `]?` + regexp.QuoteMeta(table) + `["` + "`" + `]?\s*\(([^)]*)\)`)
	create := appsource.TableCreation(table)
	var out []uniqueKey
	for _, st := range a.schemaTexts(table) {
		t := stripSQLComments(st.text)
		for _, loc := range create.FindAllStringIndex(t, -1) {
			body := t[loc[0]:]
			if end := strings.Index(body, ";"); end >= 0 {
				body = body[:end]
			}
			for _, m := range uniqueItem.FindAllStringSubmatchIndex(body, -1) {
				out = append(out, uniqueKey{columns: splitColumns(body[m[2]:m[3]]), text: strings.Join(strings.Fields(body[m[0]:m[1]]), " "), at: st.at(loc[0] + m[0])})
			}
		}
		for _, m := range index.FindAllStringSubmatchIndex(t, -1) {
			out = append(out, uniqueKey{columns: splitColumns(t[m[2]:m[3]]), text: "UNIQUE INDEX (" + t[m[2]:m[3]] + ")", at: st.at(m[0])})
		}
	}
	return out
}

// splitColumns returns the lower-cased names of a column list.
func splitColumns(list string) []string {
	var out []string
	for _, c := range strings.Split(list, ",") {
		if f := strings.Fields(c); len(f) > 0 {
			out = append(out, strings.ToLower(strings.Trim(f[0], "\"`")))
		}
	}
	return out
}

// containsAll reports whether all of want are in have.
func containsAll(have, want []string) bool {
	for _, w := range want {
		if !slices.Contains(have, w) {
			return false
		}
	}
	return true
}
