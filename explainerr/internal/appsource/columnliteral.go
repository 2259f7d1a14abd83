package appsource

import (
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

// columnValueChunks gives, for a column the table lacks that no SQL text
// or query builder of the module names, the one function that holds its
// name as a string of its own (OnlyValueLiteral), as a query and a lead:
// the query is written from it.
func (m *Module) columnValueChunks(r *report.Report, s *staticSet) []report.Chunk {
	name, _ := sqlErrorNames(r)
	if name == "" || !anyMessage(r, noSuchColumn) {
		return nil
	}
	word := regexp.MustCompile(`(?i)(?:^|[^\w])` + regexp.QuoteMeta(name) + `(?:$|[^\w])`)
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
