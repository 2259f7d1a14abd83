package appsource

import (
	"go/ast"
	"regexp"
	"strconv"
	"strings"

	"github.com/explainerr/explainerr/explainerr/report"
)

// A query may be put together from a column's name kept as a value
// (return "service_id", s.Id; ByAverage("ping")): no SQL text of the
// module names the column, but one string literal is the name itself.

// ValueLiteral is the one line of the module that holds a string literal.
type ValueLiteral struct {
	Ref  FuncRef // the function that holds it
	Line int
	Text string // the line, trimmed
}

// builderColumnMethods are the methods of query builders (gorm, xorm,
// sqlx's and squirrel's) that take a column's name as a string.
const builderColumnMethods = `(?:Select|Where|Or|Not|Order|OrderBy|Group|GroupBy|Having|Pluck|Column|Columns|Cols|Distinct|Omit|Update|UpdateColumn|Updates|Joins|Asc|Desc|Set|Count|Sum|Incr|Decr|In|NotIn)`

// ReachedColumnValue returns, for a column's name that no SQL text of a
// function of reach names, the first line, in reach's order, of a
// function of reach that gives the name as a string to a query builder's
// method (Select("remain_quota")): the query the request ran was written
// from it, though other code may name the column too.
func (m *Module) ReachedColumnValue(name string, reach []FuncRef) (ValueLiteral, bool) {
	if name == "" {
		return ValueLiteral{}, false
	}
	reached := map[*ast.FuncDecl]bool{}
	for _, ref := range reach {
		reached[ref.Decl] = true
	}
	word := regexp.MustCompile(`(?i)(?:^|[^\w])` + regexp.QuoteMeta(name) + `(?:$|[^\w])`)
	for _, l := range m.SQLLiterals() {
		if l.DDL || !word.MatchString(l.Value) {
			continue
		}
		if d, _ := l.Syntax(); d != nil {
			if fd, ok := d.(*ast.FuncDecl); ok && reached[fd] {
				return ValueLiteral{}, false // SQL text the request ran names it
			}
		}
	}
	quoted := strconv.Quote(name)
	given := regexp.MustCompile(`\.` + builderColumnMethods + `\([^)]*` + regexp.QuoteMeta(quoted))
	for _, ref := range reach {
		if strings.HasSuffix(ref.File.Path, "_test.go") || !ref.File.holds(quoted) {
			continue
		}
		lines := ref.File.Lines()
		from, to := m.Fset.Position(ref.Decl.Pos()).Line, m.Fset.Position(ref.Decl.End()).Line
		for n := from; n <= to && n <= len(lines); n++ {
			l := lines[n-1]
			if given.MatchString(l) && !strings.Contains(l, "`") {
				return ValueLiteral{Ref: ref, Line: n, Text: strings.TrimSpace(l)}, true
			}
		}
	}
	return ValueLiteral{}, false
}

// OnlyValueLiteral returns the one line of the module, outside tests,
// struct tags, map indexes and keys of literals, that holds name as a
// string literal in a function; false when there is none or more than
// one.
func (m *Module) OnlyValueLiteral(name string) (ValueLiteral, bool) {
	if name == "" {
		return ValueLiteral{}, false
	}
	quoted := strconv.Quote(name)
	var found []ValueLiteral
	for _, f := range m.Files {
		if strings.HasSuffix(f.Path, "_test.go") || !f.holds(quoted) {
			continue
		}
		for i, l := range f.Lines() {
			if !strings.Contains(l, quoted) || strings.Contains(l, "`") || !valueLiteral(l, quoted) {
				continue // a struct tag, a map's key: a name for something else
			}
			_, fd := m.FuncAt(f.Path, i+1)
			if fd == nil {
				continue
			}
			if found = append(found, ValueLiteral{Ref: FuncRef{File: f, Decl: fd}, Line: i + 1, Text: strings.TrimSpace(l)}); len(found) > 1 {
				return ValueLiteral{}, false
			}
		}
	}
	if len(found) != 1 {
		return ValueLiteral{}, false
	}
	return found[0], true
}

// valueLiteral reports whether quoted stands on line as a value: not a
// map's index (m["k"]) nor a key of a literal ("k": v).
func valueLiteral(line, quoted string) bool {
	for i := strings.Index(line, quoted); i >= 0; {
		before := strings.TrimRight(line[:i], " \t")
		after := strings.TrimLeft(line[i+len(quoted):], " \t")
		if !strings.HasSuffix(before, "[") && !strings.HasPrefix(after, ":") {
			return true
		}
		next := strings.Index(line[i+1:], quoted)
		if next < 0 {
			break
		}
		i += 1 + next
	}
	return false
}

// noSuchColumn matches the errors of a column the table lacks.
var noSuchColumn = regexp.MustCompile(`(?i)no such column|column "[^"]+"(?: of relation "[^"]+")? does not exist|column \S+ does not exist|Unknown column|has no column named`)

// columnValueChunks gives, for a column the table lacks, the function the
// request ran that gives its name as a value when no SQL text it ran
// names it (ReachedColumnValue); else, when no SQL text or query builder
// of the module names it, the one function that holds its name as a
// string of its own (OnlyValueLiteral): as a query and a lead, the query
// being written from it.
func (m *Module) columnValueChunks(r *report.Report, s *staticSet) []report.Chunk {
	name, _ := sqlErrorNames(r)
	if name == "" || !anyMessage(r, noSuchColumn) {
		return nil
	}
	word := regexp.MustCompile(`(?i)(?:^|[^\w])` + regexp.QuoteMeta(name) + `(?:$|[^\w])`)
	if lit, ok := m.ReachedColumnValue(name, s.requestReach(r)); ok {
		return s.valueLiteralChunk(lit)
	}
	for _, l := range m.SQLLiterals() {
		if !l.DDL && word.MatchString(l.Value) {
			return nil
		}
	}
	for _, l := range m.ColumnLiterals() {
		if word.MatchString(l.Value) {
			return nil
		}
	}
	lit, ok := m.OnlyValueLiteral(name)
	if !ok {
		return nil
	}
	return s.valueLiteralChunk(lit)
}

// valueLiteralChunk is the chunk of the function that holds lit, as a
// query and a lead; nil when a chunk shows it already (then marked as the
// query, which ranks it with the precise chunks).
func (s *staticSet) valueLiteralChunk(lit ValueLiteral) []report.Chunk {
	if s.seen[lit.Ref.Decl] {
		// Shown already (a frame's callee): marked as the query, which
		// ranks it with the precise chunks.
		s.markShown(lit.Ref.File, lit.Ref.Decl, report.ReasonQuery)
		return nil
	}
	s.seen[lit.Ref.Decl] = true
	c := s.funcChunk(lit.Ref.File, lit.Ref.Decl, report.ReasonQuery)
	s.markLead(c)
	return []report.Chunk{c}
}

// ConditionLiterals returns the module's lines (outside tests, in a
// function) that hold a string beginning with a condition on column
// with a placeholder: "product_name ILIKE ?", "p.status = $1", handed to
// any call (an app's own query wrapper as much as a builder's Where).
func (m *Module) ConditionLiterals(column string) []ValueLiteral {
	if column == "" {
		return nil
	}
	cond := regexp.MustCompile(`"(?:\w+\.)?` + regexp.QuoteMeta(column) + `\s*(?:=|<>|!=|<=|>=|<|>|(?i:\bI?LIKE\b|\bIN\b|\bIS\b|\bBETWEEN\b))\s*(?:NOT\s+)?(?:\?|\$\d+|@\w+|:\w+|\(\s*\?)`)
	var out []ValueLiteral
	for _, f := range m.Files {
		if strings.HasSuffix(f.Path, "_test.go") || !f.holds(column) {
			continue
		}
		for i, l := range f.Lines() {
			if !cond.MatchString(l) {
				continue
			}
			if _, fd := m.FuncAt(f.Path, i+1); fd != nil {
				out = append(out, ValueLiteral{Ref: FuncRef{File: f, Decl: fd}, Line: i + 1, Text: strings.TrimSpace(l)})
			}
		}
	}
	return out
}
