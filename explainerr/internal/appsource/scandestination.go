package appsource

import (
	"go/ast"
	"regexp"

	"github.com/explainerr/explainerr/explainerr/report"
	"github.com/explainerr/explainerr/internal/astutil"
)

// sqlx's "missing destination name name in *usersummarydb.dbSummary"
// names a column the result has and the struct it is scanned into. The
// query that ran is the one scanned into that type, which may well not
// name the column (SELECT * FROM a view): the queries that merely name a
// column so common (name, id) belong to other tables. The query is read
// from the functions of the type's package that use the type, and the
// schema from the tables that query reads.

// scanDestination matches the error, with the column and the type's
// package and name.
var scanDestination = regexp.MustCompile(`missing destination name (\w+) in \*?(?:\[\])?\*?(?:(\w+)\.)?(\w+)`)

// destinationChunks returns, for a missing-destination error, the query
// of the function that scans into the named type and the statements that
// define the tables it reads; nil when the message is another or no
// function of the type's package runs a query with it.
func (m *Module) destinationChunks(r *report.Report, s *staticSet, dialect string) []report.Chunk {
	var mm []string
	for _, msg := range errorMessages(r) {
		if mm = scanDestination.FindStringSubmatch(report.AnalysedText(msg)); mm != nil {
			break
		}
	}
	if mm == nil {
		return nil
	}
	column, pkg, typ := mm[1], mm[2], mm[3]
	for _, l := range m.sqlLiteralsFor(dialect) {
		if l.DDL || pkg != "" && l.File.Package() != pkg {
			continue
		}
		d, _ := l.Syntax()
		fd, ok := d.(*ast.FuncDecl)
		if !ok || fd.Body == nil || !astutil.Mentions(fd.Body, typ) {
			continue
		}
		// A function shown already is marked as the query (the prompt
		// budget keeps it); another is added.
		query := s.queryChunk(l, fd)
		var out []report.Chunk
		if s.seen[fd] {
			s.markQuery(l.File, fd)
		} else {
			s.seen[fd] = true
			out = append(out, query)
		}
		// The table (or view) the query reads first is the one the
		// column is in.
		table := ""
		if mm := queryTables.FindStringSubmatch(l.Value); mm != nil {
			table = mm[1]
		}
		schema, _ := m.tableSchemaChunks(s, column, table, dialect, false, []report.Chunk{query})
		return append(out, schema...)
	}
	return nil
}
