package appsource

import (
	"go/ast"
	"go/token"
	"regexp"
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
var reNoSuchFunction = regexp.MustCompile(`no such function: (\w+)|function (?:\w+\.)?(\w+)\([^)]*\) does not exist|FUNCTION (?:\w+\.)?(\w+) does not exist`)

// SQLFunctionName returns the SQL function r's error, or an error the
// request logged, says the database lacks; "" when none does.
func SQLFunctionName(r *report.Report) string {
	for _, msg := range errorMessages(r) {
		if m := reNoSuchFunction.FindStringSubmatch(msg); m != nil {
			for _, g := range m[1:] {
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
	reach := reachSet(m.RequestReach(r))
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
	return out
}
