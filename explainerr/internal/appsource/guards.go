package appsource

import (
	"go/ast"
	"go/token"
	"regexp"
	"sort"
	"strings"

	"github.com/explainerr/explainerr/explainerr/report"
)

// An insert that breaks a unique constraint is often guarded: a check
// (`TitleExists(…)`) looked the row up first and should have refused the
// request. When that check drops its query's error (a Scan whose result
// is thrown away, a misspelt column in its SELECT), it answers "no" and
// the insert fails instead; the fix is in the check, which no frame
// shows and no message names. The check is found by what it reads: a
// function whose SQL selects from the table the failing statement writes,
// and that drops the error of its query or scan.

// uniqueViolation matches a unique constraint violation, as SQLite,
// PostgreSQL and MySQL word it.
var uniqueViolation = regexp.MustCompile(`(?i)violates unique constraint|UNIQUE constraint failed|Duplicate entry .* for key`)

// writtenTable finds the table an INSERT or UPDATE statement writes.
var writtenTable = regexp.MustCompile("(?i)\\b(?:INSERT\\s+(?:OR\\s+\\w+\\s+)?INTO|UPDATE|UPSERT\\s+INTO|REPLACE\\s+INTO)\\s+[\"`]?(?:\\w+[\"`]?\\.[\"`]?)?(\\w+)")

// queryCalls are the calls whose error says a query or its scan failed.
var queryCalls = map[string]bool{"Scan": true, "ScanStruct": true, "QueryRow": true, "QueryRowContext": true, "Query": true, "QueryContext": true,
	"Exec": true, "ExecContext": true, "Get": true, "GetContext": true, "Select": true, "SelectContext": true}

// guardChunks gives, for a unique constraint violation, the functions
// whose SQL reads the table the failing statement writes and that drop
// their query's error: those the request's frames reach first (at most
// maxPerFinder, marked origin).
func (m *Module) guardChunks(r *report.Report, s *staticSet) []report.Chunk {
	if !anyMessage(r, uniqueViolation) {
		return nil
	}
	tables := m.writtenTables(r)
	if len(tables) == 0 {
		return nil
	}
	cands := m.Guards(tables)
	if len(cands) == 0 {
		return nil
	}
	var out []report.Chunk
	for _, ref := range reachedFirst(cands, ReachSet(s.requestReach(r))) {
		if len(out) == maxPerFinder {
			break
		}
		if s.seen[ref.Decl] {
			continue
		}
		s.seen[ref.Decl] = true
		out = append(out, s.funcChunk(ref.File, ref.Decl, report.ReasonOrigin))
	}
	return out
}

// Guards returns the functions whose SQL reads one of tables and that
// drop their query's error, in the order of the module's SQL literals;
// the answer is kept per Module, by tables.
func (m *Module) Guards(tables map[string]bool) []FuncRef {
	names := make([]string, 0, len(tables))
	for t := range tables {
		names = append(names, strings.ToLower(t))
	}
	sort.Strings(names)
	key := strings.Join(names, ",")
	if v, ok := m.guards.Load(key); ok {
		return v.([]FuncRef)
	}
	var out []FuncRef
	seen := map[*ast.FuncDecl]bool{}
	for _, l := range m.SQLLiterals() {
		if l.DDL || !readsAny(l.Value, tables) {
			continue
		}
		d, _ := l.Syntax()
		fd, ok := d.(*ast.FuncDecl)
		if !ok || seen[fd] {
			continue
		}
		seen[fd] = true
		if dropsQueryError(fd) {
			out = append(out, FuncRef{File: l.File, Decl: fd})
		}
	}
	m.guards.Store(key, out)
	return out
}

// writtenTables returns the tables the failing statement writes: named by
// the error (`UNIQUE constraint failed: t.c`, `on table "t"`), or by the
// INSERT or UPDATE of the functions where the error's message is made.
func (m *Module) writtenTables(r *report.Report) map[string]bool {
	tables := map[string]bool{}
	if _, table := sqlErrorNames(r); table != "" {
		tables[strings.ToLower(table)] = true
		return tables
	}
	for _, em := range m.ErrorOrigins(errorMessages(r)...) {
		fd, _ := em.Syntax()
		if fd == nil {
			continue
		}
		ast.Inspect(fd.Body, func(n ast.Node) bool {
			if b, ok := n.(*ast.BasicLit); ok && b.Kind == token.STRING {
				for _, mm := range writtenTable.FindAllStringSubmatch(b.Value, -1) {
					tables[strings.ToLower(mm[1])] = true
				}
			}
			return true
		})
	}
	return tables
}

// readsAny reports whether the SQL text selects from one of tables
// (lower case).
func readsAny(sql string, tables map[string]bool) bool {
	for _, mm := range readTable.FindAllStringSubmatch(sql, -1) {
		if tables[strings.ToLower(mm[1])] {
			return true
		}
	}
	return false
}

// readTable finds the tables a query reads (FROM t, JOIN t).
var readTable = regexp.MustCompile(`(?i)\b(?:FROM|JOIN)\s+(?:\w+\.)?"?(\w+)`)

// dropsQueryError reports whether fd drops the error of a query or scan:
// the call is a statement of its own (`row.Scan(&v)`), or its error is
// assigned to _.
func dropsQueryError(fd *ast.FuncDecl) bool {
	if fd.Body == nil {
		return false
	}
	found := false
	ast.Inspect(fd.Body, func(n ast.Node) bool {
		switch x := n.(type) {
		case *ast.ExprStmt:
			if ce, ok := x.X.(*ast.CallExpr); ok && queryCalls[CalleeName(ce.Fun)] {
				found = true
			}
		case *ast.AssignStmt:
			if len(x.Rhs) != 1 {
				return true
			}
			ce, ok := x.Rhs[0].(*ast.CallExpr)
			if !ok || !queryCalls[CalleeName(ce.Fun)] {
				return true
			}
			if id, ok := x.Lhs[len(x.Lhs)-1].(*ast.Ident); ok && id.Name == "_" {
				found = true
			}
		}
		return !found
	})
	return found
}
