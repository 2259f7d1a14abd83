package offline

import (
	"go/ast"
	"regexp"
	"strconv"
	"strings"

	"github.com/explainerr/explainerr/explainerr/internal/appsource"
	"github.com/explainerr/explainerr/internal/astutil"
)

// A NOT NULL column with a DEFAULT still fails when the statement lists
// it and passes NULL: the DEFAULT applies only to a column the statement
// leaves out. The NULL is often a sql.NullString whose Valid is false for
// an empty value, or a nil pointer. Advising a DEFAULT, or to list the
// column, would advise what the schema and the statement already have.

// notNullDefault returns the schema line that gives col a DEFAULT.
func (a *analysis) notNullDefault(col string) (sourceLine, bool) {
	if col == "" {
		return sourceLine{}, false
	}
	if _, dropped := a.schemaLine(compiled(`(?i)\bALTER\s+COLUMN\s+["` + "`" + `]?` + regexp.QuoteMeta(col) + `\b[^,\n]*\bDROP\s+DEFAULT\b`)); dropped {
		return sourceLine{}, false // a later migration drops it
	}
	return a.schemaLine(compiled(`(?i)\b` + regexp.QuoteMeta(col) + `\b[^,\n]*\bDEFAULT\b`))
}

// notNullPassed explains a NOT NULL violation on table.col by a statement
// that lists the column and passes a value that is NULL here (a
// sql.Null* value whose Valid may be false, or nil). It reports whether
// it did; listed is whether a statement of the request's reach writing
// the table lists the column at all.
func (a *analysis) notNullPassed(table, col string) (explained, listed bool) {
	insert := compiled(`(?i)\b(?:INSERT\s+(?:OR\s+\w+\s+)?INTO|UPDATE)\s+["'` + "`" + `]?` + regexp.QuoteMeta(table) + `\b`)
	var n int
	sql, args, at, ok := a.statementArgs(func(sql string, args []string) bool {
		if table == "" || !insert.MatchString(sql) {
			return false
		}
		for i, c := range placeholderColumns(sql) {
			if c == strings.ToLower(col) && i-1 < len(args) {
				n = i
				return true
			}
		}
		return false
	})
	if !ok {
		return false, false
	}
	arg := strings.TrimSpace(args[n-1])
	what, ok := a.nullValueOf(at, arg)
	if !ok {
		return false, true
	}
	a.g.Add(arg, col, sql, at.Func)
	a.why("The statement lists " + code(col) + " and the call at " + a.cite(at) + " passes " + code(arg) + " for its " + code("$"+strconv.Itoa(n)) + ": " + what + ".")
	if d, ok := a.notNullDefault(col); ok {
		a.why("The schema's DEFAULT for it (" + a.cite(d) + ") applies only when a statement leaves the column out; a NULL passed for it is stored as NULL, and NOT NULL refuses it.")
		a.fix("In " + code(at.Func) + ", pass a value that is never NULL for " + code(col) + " (for a missing one, the value the DEFAULT gives), or leave " + code(col) + " out of the statement when there is none, so that the DEFAULT applies.")
	} else {
		a.fix("In " + code(at.Func) + ", pass a value that is never NULL for " + code(col) + ", or give the column a DEFAULT in the schema and leave it out of the statement when there is none.")
	}
	return true, true
}

// nullValueOf says how arg, passed at the call at, is NULL: a nil, or a
// variable of its function assigned a sql.Null* literal whose Valid is
// not always true. ok is false when nothing shows it.
func (a *analysis) nullValueOf(at sourceLine, arg string) (string, bool) {
	if arg == "nil" {
		return code("nil") + ", which the driver stores as NULL", true
	}
	src := a.app()
	if src == nil || src.mod == nil || !isIdent(arg) {
		return "", false
	}
	_, fd := src.mod.FuncAt(at.Path, at.Line)
	if fd == nil || fd.Body == nil {
		return "", false
	}
	var lit *ast.CompositeLit
	ast.Inspect(fd.Body, func(n ast.Node) bool {
		as, ok := n.(*ast.AssignStmt)
		if !ok {
			return true
		}
		for i, l := range as.Lhs {
			if id, ok := l.(*ast.Ident); ok && id.Name == arg && i < len(as.Rhs) {
				if cl, ok := as.Rhs[i].(*ast.CompositeLit); ok {
					lit = cl
				}
			}
		}
		return true
	})
	if lit == nil {
		return "", false
	}
	typ := astutil.ExprString(lit.Type)
	if !strings.HasPrefix(typ, "sql.Null") {
		return "", false
	}
	for _, e := range lit.Elts {
		kv, ok := e.(*ast.KeyValueExpr)
		if !ok || astutil.ExprString(kv.Key) != "Valid" {
			continue
		}
		valid := astutil.ExprString(kv.Value)
		if valid == "true" {
			return "", false
		}
		a.g.Add(typ, "Valid", valid)
		return "a " + code(typ) + " whose " + code("Valid") + " is " + code(valid) + ", so it is NULL whenever that is false", true
	}
	a.g.Add(typ, "Valid")
	return "a " + code(typ) + " without " + code("Valid") + ", which is NULL", true
}

// insertsList reports whether every INSERT into table of the module's SQL
// text lists col, and there is at least one: the statement does not
// leave the column out, so the value it passes is what is NULL.
func (a *analysis) insertsList(table, col string) bool {
	found, omitting := a.insertColumnLists(table, col)
	return found > 0 && len(omitting) == 0
}

// insertColumnLists counts the module's INSERT statements into table that
// name their columns, and returns those whose column list leaves col out.
func (a *analysis) insertColumnLists(table, col string) (found int, omitting []appsource.SQLLiteral) {
	src := a.app()
	if src == nil || src.mod == nil || table == "" || col == "" {
		return 0, nil
	}
	insert := compiled(`(?is)\bINSERT\s+(?:OR\s+\w+\s+)?INTO\s+["` + "`" + `]?` + regexp.QuoteMeta(table) + `["` + "`" + `]?\s*\(([^)]*)\)`)
	column := compiled(`(?i)(?:^|[\s,"` + "`" + `])` + regexp.QuoteMeta(col) + `(?:$|[\s,"` + "`" + `])`)
	for _, l := range src.mod.SQLLiterals() {
		for _, m := range insert.FindAllStringSubmatch(l.Value, -1) {
			found++
			if !column.MatchString(m[1]) {
				omitting = append(omitting, l)
			}
		}
	}
	return found, omitting
}

// explainInsertOmits says that the one INSERT into table leaves the NOT
// NULL column col out of its column list: whatever the code sets on the
// value it writes, the column gets NULL. It reports whether it did.
func (a *analysis) explainInsertOmits(table, col string) bool {
	found, omitting := a.insertColumnLists(table, col)
	if found != 1 || len(omitting) != 1 {
		return false // several INSERTs, or one that lists it
	}
	l := omitting[0]
	d, _ := l.Syntax()
	fd, isFunc := d.(*ast.FuncDecl)
	if !isFunc {
		return false
	}
	at := a.app().lineIn(l.File, l.StartLine, funcName(fd))
	a.why("The INSERT into " + code(table) + " at " + a.cite(at) + " lists its columns without " + code(col) + ": whatever the code sets on the value it writes, that column gets NULL.")
	a.fix("List " + code(col) + " in the INSERT's columns at " + code(a.fileLoc(at.Path, at.Line)) + " and pass the value for it: setting it on the value changes nothing while the statement leaves it out.")
	return true
}
