package offline

import (
	"go/ast"
	"regexp"
	"sort"
	"strings"
)

// A duplicate that reached the database although the app looks for the
// value first: advising the look-up would repeat what the code has. When
// that look-up drops its query's error (a Scan whose result is not used),
// a failing query reads as "no such row" and lets the duplicate through:
// that dropped error is the fault.

// existsCheck is a function of the module that reads the table with a
// SELECT … WHERE before a write, and the line where it drops its query's
// error, if it does.
type existsCheck struct {
	fn        string
	query     sourceLine
	queryText string
	dropped   sourceLine
	drops     bool
}

// uniqueTable returns the table of a unique violation: the one the error
// names, else the schema's table whose name starts the constraint's
// (PostgreSQL names it table_columns_key).
func (a *analysis) uniqueTable() string {
	if t := a.f.Captures["table"]; t != "" {
		return t
	}
	cons := a.f.Captures["constraint"]
	best := ""
	for _, t := range a.schemaTables() {
		if strings.HasPrefix(cons, t.name+"_") && len(t.name) > len(best) {
			best = t.name
		}
	}
	return best
}

// existsChecks returns the module's functions that select from table with
// a WHERE clause and return a bool (a look-up for a value), in name order.
func (a *analysis) existsChecks(table string) []existsCheck {
	src := a.app()
	if src == nil || src.mod == nil || table == "" {
		return nil
	}
	sel := compiled(`(?is)^\s*SELECT\b.*\bFROM\s+["` + "`" + `]?` + regexp.QuoteMeta(table) + `\b.*\bWHERE\b`)
	var out []existsCheck
	for _, l := range src.mod.SQLLiterals() {
		if l.DDL || !sel.MatchString(l.Value) {
			continue
		}
		for _, ref := range src.mod.QueryRunners(l) {
			fd := ref.Decl
			if !returnsBool(fd) {
				continue
			}
			f := src.viewOf(ref.File)
			lit, ok := stringLitOf(l)
			if !ok {
				continue
			}
			c := existsCheck{fn: funcName(fd), query: src.litLine(lit, compiled(`(?i)\bFROM\b`)), queryText: l.Value}
			if call := droppedScan(fd); call != nil {
				c.dropped, c.drops = src.lineAt(f, call.Pos(), c.fn), true
			}
			out = append(out, c)
		}
	}
	sort.Slice(out, func(i, j int) bool { return out[i].fn < out[j].fn })
	return out
}

// returnsBool reports whether fd's only result is a bool.
func returnsBool(fd *ast.FuncDecl) bool {
	r := fd.Type.Results
	if r == nil || len(r.List) != 1 || len(r.List[0].Names) > 1 {
		return false
	}
	id, ok := r.List[0].Type.(*ast.Ident)
	return ok && id.Name == "bool"
}

// droppedScan returns the first call of Scan in fd whose error is not
// used: a statement of its own, or assigned to _.
func droppedScan(fd *ast.FuncDecl) *ast.CallExpr {
	var found *ast.CallExpr
	isScan := func(e ast.Expr) *ast.CallExpr {
		call, ok := e.(*ast.CallExpr)
		if !ok {
			return nil
		}
		if se, ok := call.Fun.(*ast.SelectorExpr); ok && se.Sel.Name == "Scan" {
			return call
		}
		return nil
	}
	ast.Inspect(fd.Body, func(n ast.Node) bool {
		if found != nil {
			return false
		}
		switch n := n.(type) {
		case *ast.ExprStmt:
			found = isScan(n.X)
		case *ast.AssignStmt:
			if len(n.Lhs) == 1 && len(n.Rhs) == 1 {
				if id, ok := n.Lhs[0].(*ast.Ident); ok && id.Name == "_" {
					found = isScan(n.Rhs[0])
				}
			}
		}
		return found == nil
	})
	return found
}

// uniqueDespiteCheck explains a duplicate that the app looks for before
// writing, when exactly one look-up of the table drops its query's error
// (or, of several, exactly one has a query naming a column the table
// lacks). It reports whether it did, the fix written.
func (a *analysis) uniqueDespiteCheck() bool {
	table := a.uniqueTable()
	checks := a.existsChecks(table)
	if len(checks) == 0 {
		return false
	}
	var dropping []existsCheck
	for _, c := range checks {
		if c.drops {
			dropping = append(dropping, c)
		}
	}
	if len(dropping) > 1 {
		// Several look-ups drop their errors: the one whose query names a
		// column the table lacks fails every time, so it is the one.
		var failing []existsCheck
		for _, c := range dropping {
			if _, _, bad := a.unknownColumnIn(table, c.queryText); bad {
				failing = append(failing, c)
			}
		}
		dropping = failing
	}
	if len(dropping) == 1 {
		c := dropping[0]
		a.g.Add(c.fn, table)
		queryAt := " (its query at " + a.cite(c.query) + ")"
		if c.query.Path == c.dropped.Path && c.query.Line == c.dropped.Line {
			queryAt = ""
		}
		a.why("The app's look-up of " + code(table) + ", " + code(c.fn) + queryAt + ", drops the error of its query's " + code("Scan") + " at " + a.cite(c.dropped) + ": when that query fails, the look-up answers " + code("false") + ", so a check built on it lets a duplicate through to the write.")
		if bad, meant, ok := a.unknownColumnIn(table, c.queryText); ok {
			a.g.Add(bad, meant)
			if meant != "" {
				a.why("Its query names " + code(bad) + ", which the schema does not give " + code(table) + " (it has " + code(meant) + "): that query fails every time.")
			} else {
				a.why("Its query names " + code(bad) + ", which the schema does not give " + code(table) + ": that query fails every time.")
			}
		}
		a.fix("In " + code(c.fn) + ", check the error of " + code("Scan") + " at " + code(a.fileLoc(c.dropped.Path, c.dropped.Line)) + " (" + code("sql.ErrNoRows") + " means no such row; any other error is a failure to return), then see why its query fails.")
		a.fix("Answer a duplicate that still reaches the database with 409 Conflict (" + code("http.StatusConflict") + "): another request can write the same value between the look-up and the write.")
		return true
	}
	return false // which look-up guards this write is not known: nothing is claimed
}

// unknownColumnIn returns the one name of query that reads like a column
// of table but is none of the columns the schema gives it, and the
// table's column closest to it ("" when none is close); false when the
// schema of table is not in sight or no single such name is found.
func (a *analysis) unknownColumnIn(table, query string) (bad, meant string, ok bool) {
	t := a.schemaOf(table)
	if !t.found || len(t.columns) == 0 {
		return "", "", false
	}
	var unknown []string
	for _, w := range bareNames(query) {
		if w != strings.ToLower(table) && !contains(t.columns, w) && !contains(unknown, w) && !sqlFunctionWords[w] {
			unknown = append(unknown, w)
		}
	}
	if len(unknown) != 1 {
		return "", "", false
	}
	return unknown[0], closest(unknown[0], t.columns, 2), true
}

// sqlFunctionWords are SQL words bareNames keeps that name no column.
var sqlFunctionWords = wordSet(`true false null now current_date current_timestamp`)
