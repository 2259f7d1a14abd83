package appsource

import (
	"regexp"

	"github.com/explainerr/explainerr/explainerr/report"
)

// SchemaFileStatements returns the statements of the module's .sql files
// that define a schema (CREATE or ALTER, up to the closing semicolon) and
// match word, as chunks that name their file (relative to the module
// root) and lines; at most a few, in the order the walk meets them.
func (m *Module) SchemaFileStatements(word *regexp.Regexp) []report.Chunk {
	return m.SchemaFileStatementsIn(word, "")
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
