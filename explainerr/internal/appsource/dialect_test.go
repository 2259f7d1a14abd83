package appsource

import (
	"go/ast"
	"regexp"
	"testing"

	"github.com/explainerr/explainerr/explainerr/report"
)

// dialectModule keeps one store and one set of migrations per database,
// the SQLite ones first in the walk.
var dialectModule = map[string]string{
	"go.mod": "module example.com/marks\n",
	"store/sqlite.go": `package store

import "database/sql"

type SQLite struct{ db *sql.DB }

func (s *SQLite) Marks() (*sql.Rows, error) {
	return s.db.Query("SELECT id, created_at FROM marks ORDER BY created_at")
}
`,
	"store/pg.go": `package store

import "database/sql"

type PG struct{ db *sql.DB }

func (s *PG) Marks() (*sql.Rows, error) {
	return s.db.Query("SELECT id, created_at FROM marks ORDER BY created_at DESC")
}
`,
	"migrations/mysql/0001.up.sql":    "CREATE TABLE marks (id INT PRIMARY KEY, created_at DATETIME);\n",
	"migrations/postgres/0001.up.sql": "CREATE TABLE marks (id SERIAL PRIMARY KEY, created_at TIMESTAMP);\n",
	"migrations/sqlite/0001.up.sql":   "CREATE TABLE marks (id INTEGER PRIMARY KEY, created_at TEXT);\n",
}

// TestDialectOfTheDriver: an SQL error a driver worded leads to the query
// and the schema written for that driver's database, before the other
// databases' with the same names.
func TestDialectOfTheDriver(t *testing.T) {
	root := writeModule(t, dialectModule)
	for _, tc := range []struct {
		msg, query, schema string
	}{
		{`pq: column "created_at" does not exist`, "store/pg.go", "migrations/postgres/0001.up.sql"},
		{`SQL logic error: no such column: created_at (1)`, "store/sqlite.go", "migrations/sqlite/0001.up.sql"},
		{`Error 1054 (42S22): Unknown column 'created_at' in 'field list'`, "", "migrations/mysql/0001.up.sql"},
	} {
		r := shelfReport(root, "internal error")
		r.Frames = nil
		r.Logs = []report.LogLine{{Text: `{"level":"error","msg":"listing marks","error":"` + jsonEscape(tc.msg) + `"}`}}
		m := Load(root + "/store/pg.go")
		s := staticSet{m: m, seen: map[*ast.FuncDecl]bool{}}
		cs := m.sqlChunks(r, &s)
		var query, schema string
		for _, c := range cs {
			if c.Reason == report.ReasonQuery && query == "" {
				query = c.File
			}
			if c.Reason == report.ReasonSchema && schema == "" {
				schema = c.File
			}
		}
		if tc.query != "" && query != tc.query || schema != tc.schema {
			t.Errorf("%s: query in %q, schema in %q; want %q and %q", tc.msg, query, schema, tc.query, tc.schema)
		}
	}
}

// jsonEscape escapes the quotes of s for a JSON string.
func jsonEscape(s string) string {
	out := ""
	for _, r := range s {
		if r == '"' {
			out += `\`
		}
		out += string(r)
	}
	return out
}

// TestSchemaOfAnORMMigration: a view an ORM's migrator creates by name,
// which no SQL text of the module creates, is the schema of a column
// error about a query that reads it: the migration that names it.
func TestSchemaOfAnORMMigration(t *testing.T) {
	root := writeModule(t, map[string]string{
		"go.mod": "module example.com/pulse\n",
		"store/beats.go": `package store

type DB interface{ Raw(q string) DB }

type Beats struct{ db DB }

func (b *Beats) Ranges() DB {
	return b.db.Raw("select user_id, first as time from user_beats_range")
}
`,
		"migrations/20250907_add_range_view.go": `package migrations

type Migrator interface{ CreateView(name string, q string) error }

func addRangeView(m Migrator) error {
	const q = "select user_id, min(time) as first_time from beats group by user_id"
	return m.CreateView("user_beats_range", q)
}
`,
	})
	r := shelfReport(root, "SQL logic error: no such column: first (1)")
	r.Frames = nil
	m := Load(root + "/store/beats.go")
	s := staticSet{m: m, seen: map[*ast.FuncDecl]bool{}}
	got := reasons(m.sqlChunks(r, &s))
	if !contains(got["schema"], "migrations/20250907_add_range_view.go:addRangeView") {
		t.Errorf("the migration that creates the view is not the schema: %v", got)
	}
}

// TestQualifiedColumnFirst: a column the error qualifies with its table
// or alias ("t.title") leads to the builder that names it so, before one
// that names the bare column in a file of the same database.
func TestQualifiedColumnFirst(t *testing.T) {
	root := writeModule(t, map[string]string{
		"go.mod": "module example.com/tagger\n",
		"db/builder.go": `package db

type Select struct{}

func (s *Select) Select(cols ...string) *Select { return s }
func (s *Select) From(t string) *Select        { return s }
func (s *Select) Like(col string, v any) string { return "" }
func (s *Select) Where(conds ...string) *Select { return s }
`,
		"db/pg.go": `package db

func bookmark(sb *Select) { sb.Select("id", "title").From("bookmark") }
`,
		"db/tags.go": `package db

func tags(sb *Select, q string) {
	sb.Select("t.id", "t.name").From("tag t")
	sb.Where(sb.Like("t.title", "%"+q+"%"))
}
`,
	})
	r := shelfReport(root, "internal error")
	r.Logs = []report.LogLine{{Text: `{"level":"error","msg":"failed to get tags","error":"pq: column t.title does not exist"}`}}
	m := Load(root + "/db/pg.go")
	s := staticSet{m: m, seen: map[*ast.FuncDecl]bool{}}
	if got := reasons(m.sqlChunks(r, &s)); !contains(got["query"], "db/tags.go:tags") {
		t.Errorf("the builder that qualifies the column is not the query: %v", got)
	}
}

// TestBindParameterIsNoColumn: a statement that binds a parameter named
// like the column an error gives (@userid) does not read that column; the
// builder's condition that names it is the query.
func TestBindParameterIsNoColumn(t *testing.T) {
	root := writeModule(t, map[string]string{
		"go.mod": "module example.com/aliases\n",
		"store/stats.go": `package store

type DB interface {
	Raw(q string, args ...any) DB
	Where(q string, args ...any) DB
}

func stats(db DB, id string) DB {
	return db.Raw("select project from heartbeats where user_id = @userid", id)
}

func aliases(db DB, id string) DB {
	return db.Where("userid = ?", id)
}
`,
	})
	r := shelfReport(root, "SQL logic error: no such column: userid (1)")
	r.Frames = nil
	m := Load(root + "/store/stats.go")
	s := staticSet{m: m, seen: map[*ast.FuncDecl]bool{}}
	got := reasons(m.sqlChunks(r, &s))
	if !contains(got["query"], "store/stats.go:aliases") || contains(got["query"], "store/stats.go:stats") {
		t.Errorf("the statement with a bind parameter of the name was taken for the query: %v", got)
	}
}

// TestOtherDatabasesLeftOutWhenTheFailingOneHasFiles: the schema of a
// column the failing database's migrations never name is not read from
// another database's migration that names it.
func TestOtherDatabasesLeftOutWhenTheFailingOneHasFiles(t *testing.T) {
	root := writeModule(t, map[string]string{
		"go.mod":                          "module example.com/marks\n",
		"migrations/mysql/0005.up.sql":    "ALTER TABLE marks RENAME COLUMN created TO created_at;\n",
		"migrations/postgres/0001.up.sql": "CREATE TABLE marks (id SERIAL PRIMARY KEY, created TIMESTAMP);\n",
	})
	m := Load(root + "/go.mod")
	if m == nil {
		t.Fatal("the module was not loaded")
	}
	for _, c := range m.SchemaFileStatementsIn(regexp.MustCompile(`created_at`), "postgres") {
		t.Errorf("another database's statement read: %s", c.File)
	}
	if got := m.SchemaFileStatementsIn(regexp.MustCompile(`created_at`), "mysql"); len(got) != 1 {
		t.Errorf("the failing database's own statement not read: %v", got)
	}
}
