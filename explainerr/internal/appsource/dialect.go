package appsource

import (
	"path/filepath"
	"regexp"
	"slices"
	"strings"

	"github.com/explainerr/explainerr/explainerr/report"
)

// An app that supports several databases keeps a query, a store or a
// migration per database (pg.go and sqlite.go, migrations/postgres and
// migrations/sqlite). The driver's words say which one ran: its query and
// its schema are looked at before the other databases'.

// Dialects an SQL error can be told to come from.
const (
	dialectPostgres = "postgres"
	dialectSQLite   = "sqlite"
	dialectMySQL    = "mysql"
)

// dialectWords tell a driver's message by its database.
var dialectWords = map[string]*regexp.Regexp{
	dialectPostgres: regexp.MustCompile(`\bpq: |SQLSTATE [0-9A-Z]{5}|\bERROR: |relation "[^"]+" does not exist|column "[^"]+" (?:of relation "[^"]+" )?does not exist|violates (?:unique|foreign key|not-null|check) constraint`),
	dialectSQLite:   regexp.MustCompile(`SQL logic error|no such (?:column|table)|(?:UNIQUE|NOT NULL|FOREIGN KEY|CHECK) constraint failed|\bsqlite3?\b`),
	dialectMySQL:    regexp.MustCompile(`Error \d{4}(?: \(\w+\))?: |Unknown column '|Table '[^']+' doesn't exist|Duplicate entry '`),
}

// dialectPaths tell a file or directory written for one database by its
// path's words.
var dialectPaths = map[string]*regexp.Regexp{
	dialectPostgres: regexp.MustCompile(`(?i)(?:^|[/_.-])(?:postgres(?:ql)?|pg|pgx|psql)(?:[/_.-]|$)`),
	dialectSQLite:   regexp.MustCompile(`(?i)(?:^|[/_.-])sqlite3?(?:[/_.-]|$)`),
	dialectMySQL:    regexp.MustCompile(`(?i)(?:^|[/_.-])(?:mysql|maria(?:db)?)(?:[/_.-]|$)`),
}

// SQLDialect returns the database whose driver wrote the report's SQL
// error ("postgres", "sqlite" or "mysql"), "" when its words do not tell.
func SQLDialect(r *report.Report) string { return sqlDialect(r) }

// sqlDialect is SQLDialect.
func sqlDialect(r *report.Report) string {
	for _, msg := range errorMessages(r) {
		var found []string
		for d, re := range dialectWords {
			if re.MatchString(msg) {
				found = append(found, d)
			}
		}
		if len(found) == 1 {
			return found[0]
		}
	}
	return ""
}

// dialectRank orders a path for dialect d: 0 when it names d, 2 when it
// names another database only, else 1.
func dialectRank(path, d string) int {
	if d == "" {
		return 1
	}
	path = filepath.ToSlash(path)
	if dialectPaths[d].MatchString(path) {
		return 0
	}
	for other, re := range dialectPaths {
		if other != d && re.MatchString(path) {
			return 2
		}
	}
	return 1
}

// ByDialect returns items ordered for dialect d by the path each is in,
// stable within a rank (DialectRank); when own is set (the module has
// files written for d), those written for another database only are
// left out.
func ByDialect[T any](items []T, d string, own bool, path func(T) string) []T {
	if d == "" {
		return items
	}
	type ranked struct {
		item T
		rank int
	}
	rs := make([]ranked, len(items))
	for i, it := range items {
		rs[i] = ranked{it, dialectRank(path(it), d)}
	}
	slices.SortStableFunc(rs, func(a, b ranked) int { return a.rank - b.rank })
	out := make([]T, 0, len(rs))
	for _, r := range rs {
		if own && r.rank == 2 {
			break
		}
		out = append(out, r.item)
	}
	return out
}

// DialectRank orders a path of the module for dialect d (SQLDialect): 0
// when it names d, 2 when it names another database only, else 1.
func DialectRank(path, d string) int { return dialectRank(path, d) }

// HasDialectFiles reports whether the module has files written for
// dialect d (by their paths: pg.go, migrations/postgres/…): a store or a
// migration of its own, whose presence makes the other databases' beside
// the point. Found once per dialect.
func (m *Module) HasDialectFiles(d string) bool {
	if d == "" {
		return false
	}
	if v, ok := m.dialects.Load(d); ok {
		return v.(bool)
	}
	has := false
	for _, f := range m.Files {
		if len(f.facts.SQL) > 0 && dialectRank(m.Rel(f.Path), d) == 0 {
			has = true
			break
		}
	}
	if !has {
		m.eachSQLFile(func(path string, _ []string) bool {
			has = dialectRank(m.Rel(path), d) == 0
			return !has
		})
	}
	m.dialects.Store(d, has)
	return has
}

// SQLLiteralsIn returns the module's SQL literals, those in files of
// dialect d (SQLDialect) first, then those of no database, then, unless
// the module has files of d, those of another; all of them in the
// module's order when d is "".
func (m *Module) SQLLiteralsIn(d string) []SQLLiteral { return m.sqlLiteralsFor(d) }

// sqlLiteralsFor is SQLLiteralsIn, ordered once per dialect.
func (m *Module) sqlLiteralsFor(d string) []SQLLiteral {
	if d == "" {
		return m.SQLLiterals()
	}
	if v, ok := m.dialectLits.Load(d); ok {
		return v.([]SQLLiteral)
	}
	out := ByDialect(m.SQLLiterals(), d, m.HasDialectFiles(d), func(l SQLLiteral) string { return m.Rel(l.File.Path) })
	m.dialectLits.Store(d, out)
	return out
}

// chunksByDialect orders chunks for dialect d by their files, as
// byDialect does.
func (m *Module) chunksByDialect(cs []report.Chunk, d string) []report.Chunk {
	return ByDialect(cs, d, m.HasDialectFiles(d), func(c report.Chunk) string { return strings.ToLower(c.File) })
}
