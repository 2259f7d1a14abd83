package appsource

import (
	"go/ast"
	"go/token"
	"regexp"
	"slices"
	"strconv"
	"strings"

	"github.com/explainerr/explainerr/explainerr/report"
)

// A query may call an SQL function the database does not have: FLOOR or
// FROM_UNIXTIME in SQLite, a MySQL function in PostgreSQL. The function
// is named in a string literal of the module, often in one dialect's arm
// of a switch on the driver: that literal is where the fix goes.

// reNoSuchFunction finds the SQL function an error says the database
// lacks: SQLite's "no such function: F", PostgreSQL's "function f(…) does
// not exist", MySQL's "FUNCTION db.f does not exist".
var reNoSuchFunction = regexp.MustCompile(`no such function: (\w+)|function (?:\w+\.)?(\w+)\(([^)]*)\) does not exist|FUNCTION (?:\w+\.)?(\w+) does not exist`)

// SQLFunctionName returns the SQL function r's error, or an error the
// request logged, says the database lacks; "" when none does.
func SQLFunctionName(r *report.Report) string {
	for _, msg := range errorMessages(r) {
		if m := reNoSuchFunction.FindStringSubmatch(msg); m != nil {
			for _, g := range []string{m[1], m[2], m[4]} { // m[3]: PostgreSQL's argument types
				if g != "" {
					return g
				}
			}
		}
	}
	return ""
}

// SQLFunctionCall is a line of the module whose string literal calls an
// SQL function, and the function it is in. Cases are the string values
// of the switch case the line is in (a driver's name: "mysql",
// "postgres"), nil when it is in no case or in the default one.
type SQLFunctionCall struct {
	Fn    FuncRef
	Line  SourceLine
	Cases []string
}

// maxSQLFunctionCalls bounds the lines SQLFunctionCalls returns.
const maxSQLFunctionCalls = 4

// SQLFunctionCalls returns the lines of the module's functions, outside
// tests, whose string literals call the SQL function name (in any case),
// at most maxSQLFunctionCalls.
func (m *Module) SQLFunctionCalls(name string) []SQLFunctionCall {
	call := regexp.MustCompile(`(?i)["` + "`" + `][^"` + "`" + `\n]*\b` + regexp.QuoteMeta(name) + `\s*\(`)
	var out []SQLFunctionCall
	for _, f := range m.Files {
		if strings.HasSuffix(f.Path, "_test.go") || !f.holdsFold(strings.ToLower(name)) {
			continue
		}
		for i, l := range f.Lines() {
			if len(out) == maxSQLFunctionCalls {
				return out
			}
			if !call.MatchString(l) {
				continue
			}
			if _, fd := m.FuncAt(f.Path, i+1); fd != nil {
				out = append(out, SQLFunctionCall{Fn: FuncRef{File: f, Decl: fd}, Line: SourceLine{Path: f.Path, Line: i + 1, Text: strings.TrimSpace(l)}, Cases: m.caseValuesAt(fd, i+1)})
			}
		}
	}
	return out
}

// caseValuesAt returns the string values of the switch case of fd that
// holds line, nil when none does or the case is the default.
func (m *Module) caseValuesAt(fd *ast.FuncDecl, line int) []string {
	var out []string
	ast.Inspect(fd.Body, func(n ast.Node) bool {
		cc, ok := n.(*ast.CaseClause)
		if !ok {
			return true
		}
		if m.Fset.Position(cc.Pos()).Line > line || m.Fset.Position(cc.End()).Line < line {
			return true
		}
		out = nil
		for _, e := range cc.List {
			if lit, ok := e.(*ast.BasicLit); ok && lit.Kind == token.STRING {
				if v, err := strconv.Unquote(lit.Value); err == nil {
					out = append(out, strings.ToLower(v))
				}
			}
		}
		return true // an inner case, when there is one, is nearer
	})
	return out
}

// sqlFunctionChunks gives the functions whose SQL text calls the function
// the database lacks (SQLFunctionCalls), those the request reached
// first, at most maxPerFinder.
func (m *Module) sqlFunctionChunks(r *report.Report, s *staticSet) []report.Chunk {
	name := SQLFunctionName(r)
	if name == "" {
		return nil
	}
	calls := m.SQLFunctionCalls(name)
	reach := ReachSet(s.requestReach(r))
	var first, rest []SQLFunctionCall
	for _, c := range calls {
		if reach[c.Fn.Decl] {
			first = append(first, c)
		} else {
			rest = append(rest, c)
		}
	}
	var out []report.Chunk
	seen := map[*ast.FuncDecl]bool{}
	for _, c := range append(first, rest...) {
		if len(out) == maxPerFinder || seen[c.Fn.Decl] {
			continue
		}
		seen[c.Fn.Decl] = true
		if s.seen[c.Fn.Decl] {
			s.markQuery(c.Fn.File, c.Fn.Decl)
			continue
		}
		s.seen[c.Fn.Decl] = true
		out = append(out, s.funcChunk(c.Fn.File, c.Fn.Decl, report.ReasonQuery))
	}
	if len(calls) == 0 {
		// A query kept in a constant, its call on a line of its own
		// (sqlc's): the functions that run it.
		call := regexp.MustCompile(`(?i)\b` + regexp.QuoteMeta(name) + `\s*\(`)
		for _, l := range m.sqlLiteralsFor(sqlDialect(r)) {
			if l.DDL || !call.MatchString(l.Value) {
				continue
			}
			for _, ref := range m.QueryRunners(l) {
				if len(out) == maxPerFinder || seen[ref.Decl] {
					continue
				}
				seen[ref.Decl] = true
				if s.seen[ref.Decl] {
					s.markQuery(ref.File, ref.Decl)
					continue
				}
				s.seen[ref.Decl] = true
				out = append(out, s.funcChunk(ref.File, ref.Decl, report.ReasonQuery))
			}
		}
	}
	return append(out, m.functionArgSchemaChunks(r, name, reach)...)
}

// SQLFunctionArgTypes returns the argument types an error says no
// version of the SQL function takes, "" when it lists none.
func SQLFunctionArgTypes(r *report.Report) string {
	for _, msg := range errorMessages(r) {
		if m := reNoSuchFunction.FindStringSubmatch(msg); m != nil && m[3] != "" {
			return m[3] // "text, unknown": the function may exist for other types
		}
	}
	return ""
}

// ReachedSQLCall returns the query of the module that calls the SQL
// function name and that a function of reach (the request's
// RequestReach) runs (itself, or a constant it runs), with that function.
func (m *Module) ReachedSQLCall(reach map[*ast.FuncDecl]bool, name string) (SQLLiteral, FuncRef, bool) {
	call := regexp.MustCompile(`(?i)\b` + regexp.QuoteMeta(name) + `\s*\(`)
	for _, l := range m.SQLLiterals() {
		if l.DDL || !call.MatchString(l.Value) {
			continue
		}
		for _, ref := range m.QueryRunners(l) {
			if reach[ref.Decl] {
				return l, ref, true
			}
		}
		if d, _ := l.Syntax(); d != nil {
			if fd, ok := d.(*ast.FuncDecl); ok && reach[fd] {
				return l, FuncRef{File: l.File, Decl: fd}, true
			}
		}
	}
	return SQLLiteral{}, FuncRef{}, false
}

// SQLFunctionArgColumns returns the columns the module's SQL text
// (its Go strings and .sql files) passes to the SQL function name, as
// bare names (connection_string of pgp_sym_decrypt(connection_string,
// $1)), each once; those of the text given first, when it is not "".
func (m *Module) SQLFunctionArgColumns(name, text string) []string {
	call := regexp.MustCompile(`(?i)\b` + regexp.QuoteMeta(name) + `\s*\(([^()]*)\)`)
	seen := map[string]bool{}
	var out []string
	take := func(text string) {
		for _, mm := range call.FindAllStringSubmatch(text, -1) {
			for _, arg := range strings.Split(mm[1], ",") {
				arg = strings.Trim(strings.TrimSpace(arg), `"`)
				if i := strings.LastIndexByte(arg, '.'); i >= 0 {
					arg = arg[i+1:]
				}
				if isSQLIdent(arg) && !seen[strings.ToLower(arg)] {
					seen[strings.ToLower(arg)] = true
					out = append(out, arg)
				}
			}
		}
	}
	if text != "" {
		if take(text); len(out) > 0 {
			return out
		}
	}
	for _, l := range m.SQLLiterals() {
		if !l.DDL {
			take(l.Value)
		}
	}
	m.eachSQLFile(func(_ string, lines []string) bool {
		take(strings.Join(lines, "\n"))
		return true
	})
	return out
}

// isSQLIdent reports whether s is a bare SQL name (not a literal, a
// placeholder or an expression).
func isSQLIdent(s string) bool {
	if s == "" || s[0] >= '0' && s[0] <= '9' {
		return false
	}
	for _, r := range s {
		if !(r == '_' || r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9') {
			return false
		}
	}
	return !sqlReserved[strings.ToLower(s)]
}

// sqlReserved are SQL words an argument may be that name no column.
var sqlReserved = map[string]bool{"null": true, "true": true, "false": true, "default": true, "current_timestamp": true, "now": true}

// functionArgSchemaChunks gives, for a function the database has no
// version of for the argument types the error lists, the schema
// statements that define the columns the module's SQL passes to it:
// a column of another type than the function takes is fixed there.
func (m *Module) functionArgSchemaChunks(r *report.Report, name string, reach map[*ast.FuncDecl]bool) []report.Chunk {
	if SQLFunctionArgTypes(r) == "" {
		return nil
	}
	var out []report.Chunk
	text := ""
	if l, _, ok := m.ReachedSQLCall(reach, name); ok {
		text = l.Value
	}
	for _, col := range m.SQLFunctionArgColumns(name, text) {
		for _, c := range m.SchemaFileStatementsIn(sqlNameWord(col), sqlDialect(r)) {
			if len(out) < maxPerFinder && !slices.ContainsFunc(out, func(o report.Chunk) bool { return keyOf(o) == keyOf(c) }) {
				out = append(out, c)
			}
		}
	}
	return out
}
