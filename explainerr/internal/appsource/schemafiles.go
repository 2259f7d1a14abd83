package appsource

import (
	"regexp"
	"strings"

	"github.com/explainerr/explainerr/explainerr/report"
)

// SchemaFileStatements returns the statements of the module's .sql files
// that define a schema (CREATE or ALTER, up to the closing semicolon) and
// match word, as chunks that name their file (relative to the module
// root) and lines; at most a few, in the order the walk meets them.
func (m *Module) SchemaFileStatements(word *regexp.Regexp) []report.Chunk {
	return m.SchemaFileStatementsIn(word, "")
}

// SchemaHistory returns every statement SchemaFileStatements would
// choose from (at most maxSQLFileChunks), in the walk's order, which is
// the migrations' order for numbered files: what a table's columns are
// after all of them (a rename in the seventh migration included).
func (m *Module) SchemaHistory(word *regexp.Regexp, d string) []report.Chunk {
	if m == nil || word == nil {
		return nil
	}
	own := d != "" && m.HasDialectFiles(d)
	var out []report.Chunk
	for _, c := range m.sqlFileChunks(word) {
		if !own || dialectRank(strings.ToLower(c.File), d) != 2 {
			out = append(out, c) // another database's files aside
		}
	}
	return out
}

// SchemaFileLines returns every line of the module's .sql files that
// matches word, whatever statement it is in (a DROP TABLE as well as a
// CREATE), another database's files aside when the module has files of
// dialect d; each as a one-line chunk naming its file, relative to the
// module root, in the walk's order.
func (m *Module) SchemaFileLines(word *regexp.Regexp, d string) []report.Chunk {
	if m == nil || word == nil {
		return nil
	}
	own := d != "" && m.HasDialectFiles(d)
	var out []report.Chunk
	m.eachSQLFile(func(path string, lines []string) bool {
		rel := m.Rel(path)
		if own && dialectRank(strings.ToLower(rel), d) == 2 {
			return true
		}
		for i, l := range lines {
			if word.MatchString(l) {
				out = append(out, report.Chunk{File: rel, StartLine: i + 1, EndLine: i + 1, Text: l})
			}
		}
		return true
	})
	return out
}

// SchemaFileStatementsIn is SchemaFileStatements, the files of dialect d
// (SQLDialect) first.
func (m *Module) SchemaFileStatementsIn(word *regexp.Regexp, d string) []report.Chunk {
	if m == nil || word == nil {
		return nil
	}
	out := m.chunksByDialect(m.sqlFileChunks(word), d)
	if len(out) > maxPerFinder {
		out = out[:maxPerFinder]
	}
	return out
}
