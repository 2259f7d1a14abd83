package appsource

import (
	"path/filepath"
	"regexp"
	"strings"

	"github.com/explainerr/explainerr/explainerr/report"
)

// Apps keep queries in .sql files too: named ones that a loader reads
// (goyesql's and dotsql's "-- name: get-user", sqlc's "-- name: GetUser
// :one"), or plain statements a migration-less app embeds. A column or
// table an SQL error names is then in such a query, not in a Go literal.

// reQueryName opens a named query of a .sql file.
var reQueryName = regexp.MustCompile(`^\s*--\s*name:\s*(\S+)`)

// maxQueryLines bounds the lines of a .sql query shown whole; a longer
// one is shown around the name the error gives.
const maxQueryLines = 40

// sqlFileQueries returns the statements of the module's .sql files that
// use a schema (SELECT, INSERT, UPDATE, DELETE) and match word, each a
// named query when the file names them, as chunks marked
// report.ReasonQuery; those naming qualified (the column as the error
// qualifies it) first. At most maxSQLFileChunks are read.
func (m *Module) sqlFileQueries(word, qualified *regexp.Regexp) []report.Chunk {
	var first, rest []report.Chunk
	m.eachSQLFile(func(path string, lines []string) bool {
		start, name := 0, filepath.Base(path)
		flush := func(end int) {
			if end <= start {
				return
			}
			text := strings.Join(lines[start:end], "\n")
			if !reDML.MatchString(text) || !word.MatchString(text) {
				return
			}
			from, to := start, end
			if to-from > maxQueryLines {
				at := from
				for i := from; i < to; i++ {
					if word.MatchString(lines[i]) {
						at = i
						break
					}
				}
				from, to = max(from, at-maxQueryLines/2), min(to, at+maxQueryLines/2)
			}
			c := report.Chunk{File: m.Rel(path), StartLine: from + 1, EndLine: to, Symbol: name, Kind: "sql",
				Reason: report.ReasonQuery, Text: strings.Join(lines[from:to], "\n")}
			if qualified != nil && qualified.MatchString(text) {
				first = append(first, c)
			} else {
				rest = append(rest, c)
			}
		}
		for i, l := range lines {
			if mm := reQueryName.FindStringSubmatch(l); mm != nil {
				flush(i)
				start, name = i, mm[1]
				continue
			}
			if strings.HasSuffix(strings.TrimSpace(l), ";") && !strings.HasPrefix(strings.TrimSpace(l), "--") {
				flush(i + 1)
				start, name = i+1, filepath.Base(path)
			}
		}
		flush(len(lines))
		return len(first)+len(rest) < maxSQLFileChunks
	})
	return append(first, rest...)
}
