package offline

import (
	"github.com/explainerr/explainerr/explainerr/internal/appsource"

	"path/filepath"
	"strings"
	"testing"

	"github.com/explainerr/explainerr/explainerr/report"
	"github.com/explainerr/explainerr/internal/testdir"
)

// TestClosestColumnComesFromTheSchema: the column proposed for a
// misspelt one is a column of the schema in sight, never a word of other
// SQL text (a settings table's "state") nor an SQL keyword ("not").
func TestClosestColumnComesFromTheSchema(t *testing.T) {
	dir := t.TempDir()
	src := `package store

import "database/sql"

const schema = ` + "`CREATE TABLE entries (\n  id serial PRIMARY KEY,\n  status text NOT NULL\n)`" + `

type Store struct{ db *sql.DB }

func (s Store) Setting() error {
	_, err := s.db.Exec("UPDATE settings SET state = $1", 1)
	return err
}

func (s Store) Count(kind string) (int, error) {
	var n int
	err := s.db.QueryRow("SELECT count(*) FROM entries WHERE statu = $1 AND id NOT IN (1, 2)", kind).Scan(&n)
	return n, err
}
`
	frame := storeFrame(t, dir, "example.com/feeds", src, "WHERE statu", "Store.Count")
	text := Analyze(panicReport("*pq.Error", `pq: column "statu" does not exist`, frame))
	if !strings.Contains(text, "`statu` → `status`") {
		t.Errorf("the schema's column is not proposed:\n%s", text)
	}
	text = Analyze(panicReport("*pq.Error", `pq: column "nott" does not exist`, frame))
	if strings.Contains(text, "→ `not`") {
		t.Errorf("an SQL keyword is proposed as the column:\n%s", text)
	}
}

// TestModelColumnsFollowTheORMsNaming: a model's columns are its fields in
// snake_case, a tag's name, gorm.Model's own, and no relation.
func TestModelColumnsFollowTheORMsNaming(t *testing.T) {
	for name, want := range map[string]string{"ApplicationID": "application_id", "ID": "id", "HTTPCode": "http_code", "CreatedAt": "created_at", "Total": "total"} {
		if got := appsource.SnakeCase(name); got != want {
			t.Errorf("appsource.SnakeCase(%s) = %s, want %s", name, got, want)
		}
	}
	for table, want := range map[string]string{"messages": "Message", "categories": "Category", "boxes": "Box", "user_roles": "UserRole"} {
		if got := appsource.ModelNames(table)[0]; got != want {
			t.Errorf("ModelNames(%s) = %s, want %s", table, got, want)
		}
	}
}

// TestClosestColumnOfSeveralTablesNamesNoTable: when the query's table is
// not in sight and several tables have the close column, the column is
// proposed and no one table is named as the one to migrate.
func TestClosestColumnOfSeveralTablesNamesNoTable(t *testing.T) {
	dir := t.TempDir()
	src := `package store

const schema = ` + "`CREATE TABLE tokens (id serial, account_id int);\nCREATE TABLE profiles (id serial, account_id int, theme text);`" + `

type Store struct{ q Querier }

type Querier interface{ Get(dst any, id int) error }

func (s Store) Profile(id int) (any, error) {
	var p any
	err := s.q.Get(&p, id)
	return p, err
}
`
	testdir.Write(t, dir, map[string]string{"go.mod": "module example.com/prefs\n\ngo 1.22\n", "store/store.go": src})
	lines := strings.Split(src, "\n")
	line := 0
	for i, l := range lines {
		if strings.Contains(l, "s.q.Get(") {
			line = i + 1
		}
	}
	frame := report.Frame{Function: "example.com/prefs/store.Store.Profile", File: filepath.Join(dir, "store", "store.go"), Line: line, Kind: report.FrameApp,
		Source: &report.Source{StartLine: line, Lines: lines[line-1 : line], Line: line}}
	text := Analyze(panicReport("*pgdriver.Error", `ERROR: column "accountid" does not exist (SQLSTATE=42703)`, frame))
	mustHave(t, text, "`accountid` → `account_id`", "to the table the query reads")
	mustLack(t, text, "add it to `tokens`", "add it to `profiles`")
}

// TestColumnAMigrationRenamed: a column the queries read that a
// migration renamed the table's column away from is traced to that
// rename, and the rename is offered as the fix before the query; a column
// of the same stem (created for created_at) with no rename is proposed as
// the one meant.
func TestColumnAMigrationRenamed(t *testing.T) {
	for _, tc := range []struct {
		name, migration string
		want            []string
	}{
		{"renamed", "ALTER TABLE notes RENAME COLUMN modified TO created;\n",
			[]string{"`0002_edit.up.sql:1`: `ALTER TABLE notes RENAME COLUMN modified TO created;` renames `modified` to `created`", "correct the rename at `0002_edit.up.sql:1` so that it names the column `created_at`"}},
		{"same stem", "ALTER TABLE notes ADD COLUMN created timestamp;\n",
			[]string{"a column `created`", "`created_at` → `created`"}},
	} {
		dir := t.TempDir()
		src := `package store

import "database/sql"

type Store struct{ db *sql.DB }

func (s Store) Latest() (string, error) {
	var n string
	err := s.db.QueryRow("SELECT body FROM notes ORDER BY created_at DESC").Scan(&n)
	return n, err
}
`
		testdir.Write(t, dir, map[string]string{
			"go.mod":                      "module example.com/notes\n\ngo 1.22\n",
			"store/store.go":              src,
			"migrations/0001_init.up.sql": "CREATE TABLE notes (\n  id serial PRIMARY KEY,\n  body text,\n  modified timestamp\n);\n",
			"migrations/0002_edit.up.sql": tc.migration,
		})
		lines := strings.Split(src, "\n")
		frame := report.Frame{Function: "example.com/notes/store.Store.Latest", File: filepath.Join(dir, "store", "store.go"), Line: 9, Kind: report.FrameApp,
			Source: &report.Source{StartLine: 9, Lines: lines[8:9], Line: 9}}
		text := Analyze(panicReport("*pq.Error", `pq: column "created_at" does not exist`, frame))
		for _, w := range tc.want {
			if !strings.Contains(text, w) {
				t.Errorf("%s: explanation lacks %q:\n%s", tc.name, w, text)
			}
		}
		if strings.Contains(text, "nor one with a name close to it") {
			t.Errorf("%s: a close column is denied:\n%s", tc.name, text)
		}
	}
}

// TestClosestColumnTheStatementAlreadySets: a column close to the missing
// one that the same UPDATE already sets is not proposed for it (the
// statement would set it twice).
func TestClosestColumnTheStatementAlreadySets(t *testing.T) {
	dir := t.TempDir()
	src := `package store

import "database/sql"

type Store struct{ db *sql.DB }

func (s Store) Lock(id int) error {
	_, err := s.db.Exec("UPDATE accounts SET locked = ?, locked_at = ? WHERE id = ?", true, 1, id)
	return err
}
`
	testdir.Write(t, dir, map[string]string{
		"go.mod":                      "module example.com/accts\n\ngo 1.22\n",
		"store/store.go":              src,
		"migrations/0001_init.up.sql": "CREATE TABLE accounts (\n  id integer PRIMARY KEY,\n  username text,\n  locked boolean NOT NULL,\n  updated_at timestamp\n);\n",
	})
	lines := strings.Split(src, "\n")
	frame := report.Frame{Function: "example.com/accts/store.Store.Lock", File: filepath.Join(dir, "store", "store.go"), Line: 8, Kind: report.FrameApp,
		Source: &report.Source{StartLine: 8, Lines: lines[7:8], Line: 8}}
	text := Analyze(panicReport("*errors.errorString", `no such column: locked_at`, frame))
	if strings.Contains(text, "`locked_at` → `locked`") {
		t.Errorf("a column the statement already sets is proposed:\n%s", text)
	}
	if !strings.Contains(text, "locked_at") {
		t.Errorf("the missing column is not named:\n%s", text)
	}
}

// TestSchemaLineAfterComments: the line cited for the CREATE TABLE of a
// .sql file whose statements follow comment lines is the CREATE's own,
// not a comment's above it.
func TestSchemaLineAfterComments(t *testing.T) {
	dir := t.TempDir()
	src := `package store

import "database/sql"

type Store struct{ db *sql.DB }

func (s Store) Count() (int, error) {
	var n int
	err := s.db.QueryRow("SELECT count(*) FROM parcels WHERE weigth > 1").Scan(&n)
	return n, err
}
`
	schema := "-- Version: 1.01\n-- Description: Create table users\nCREATE TABLE users (id int);\n\n-- Version: 1.02\n-- Description: Create table parcels\nCREATE TABLE parcels (\n  id int,\n  weight int\n);\n"
	testdir.Write(t, dir, map[string]string{"go.mod": "module example.com/parcels\n\ngo 1.22\n", "store/store.go": src, "store/sql/migrate.sql": schema})
	lines := strings.Split(src, "\n")
	frame := report.Frame{Function: "example.com/parcels/store.Store.Count", File: filepath.Join(dir, "store", "store.go"), Line: 9, Kind: report.FrameApp,
		Source: &report.Source{StartLine: 9, Lines: lines[8:9], Line: 9}}
	text := Analyze(panicReport("*pq.Error", `pq: column "weigth" does not exist`, frame))
	if !strings.Contains(text, "migrate.sql:7") || strings.Contains(text, "migrate.sql:6") {
		t.Errorf("the CREATE TABLE is not cited at its own line, 7:\n%s", text)
	}
}

// TestColumnRenamedAwayInALaterMigration: the query names a column a
// late migration renamed (after more schema statements than a context
// shows); the down migrations, which rename it back, and goose's Down
// part are not read as the schema: applying the migrations is not the
// fix, naming the new column is.
func TestColumnRenamedAwayInALaterMigration(t *testing.T) {
	dir := t.TempDir()
	src := `package store

import "database/sql"

type Store struct{ db *sql.DB }

func (s Store) Add(body string) error {
	_, err := s.db.Exec("INSERT INTO notes (body) VALUES ($1)", body)
	return err
}
`
	testdir.Write(t, dir, map[string]string{
		"go.mod":                          "module example.com/notes\n\ngo 1.22\n",
		"store/store.go":                  src,
		"migrations/0001_init.up.sql":     "CREATE TABLE IF NOT EXISTS notes (\n  id serial PRIMARY KEY,\n  body text NOT NULL\n);\n",
		"migrations/0001_init.down.sql":   "DROP TABLE notes;\n",
		"migrations/0002_check.up.sql":    "ALTER TABLE notes ADD CONSTRAINT notes_body_check CHECK (length(body) > 0);\n",
		"migrations/0003_index.up.sql":    "CREATE INDEX IF NOT EXISTS notes_body_idx ON notes (body);\n",
		"migrations/0004_pinned.up.sql":   "-- +goose Up\nALTER TABLE notes ADD COLUMN pinned boolean;\n-- +goose Down\nALTER TABLE notes DROP COLUMN pinned;\n",
		"migrations/0005_rename.up.sql":   "ALTER TABLE notes RENAME COLUMN body TO content;\n",
		"migrations/0005_rename.down.sql": "ALTER TABLE notes RENAME COLUMN content TO body;\n",
	})
	lines := strings.Split(src, "\n")
	frame := report.Frame{Function: "example.com/notes/store.Store.Add", File: filepath.Join(dir, "store", "store.go"), Line: 8, Kind: report.FrameApp,
		Source: &report.Source{StartLine: 8, Lines: lines[7:8], Line: 8}}
	text := Analyze(panicReport("*pq.Error", `pq: column "body" of relation "notes" does not exist`, frame))
	mustHave(t, text, "`0005_rename.up.sql:1`: `ALTER TABLE notes RENAME COLUMN body TO content;` renames `body` to `content`",
		"Applying the migrations cannot help", "Name `content` in the query")
	mustLack(t, text, "was not migrated", "0005_rename.down.sql")
}

// TestClosestColumnHoldsTheWordsOfTheName: a column whose name holds every
// word of the missing one, with another between (max_file_uploads for
// max_uploads), is proposed; the column is not said to have no close name.
func TestClosestColumnHoldsTheWordsOfTheName(t *testing.T) {
	dir := t.TempDir()
	src := `package store

import "database/sql"

const schema = ` + "`CREATE TABLE links (\n  id integer PRIMARY KEY,\n  max_file_uploads integer,\n  max_file_bytes integer\n)`" + `

type Store struct{ db *sql.DB }

func (s Store) Limits(id int) (int, error) {
	var n int
	err := s.db.QueryRow("SELECT links.max_uploads FROM links WHERE id = ?", id).Scan(&n)
	return n, err
}
`
	frame := storeFrame(t, dir, "example.com/links", src, "max_uploads", "Store.Limits")
	text := Analyze(panicReport("sqlite3.Error", `no such column: links.max_uploads`, frame))
	if !strings.Contains(text, "`max_uploads` → `max_file_uploads`") || strings.Contains(text, "nor one with a name close to it") {
		t.Errorf("the column holding the name's words is not proposed:\n%s", text)
	}
}

// storeFrame writes module mod with src as store/store.go in dir and
// returns the frame of fn (in package store) at the last line holding
// marker, with that line as its window.
func storeFrame(t *testing.T, dir, mod, src, marker, fn string) report.Frame {
	t.Helper()
	testdir.Write(t, dir, map[string]string{"go.mod": "module " + mod + "\n\ngo 1.22\n", "store/store.go": src})
	lines := strings.Split(src, "\n")
	line := 0
	for i, l := range lines {
		if strings.Contains(l, marker) {
			line = i + 1
		}
	}
	return report.Frame{Function: mod + "/store." + fn, File: filepath.Join(dir, "store", "store.go"), Line: line, Kind: report.FrameApp,
		Source: &report.Source{StartLine: line, Lines: lines[line-1 : line], Line: line}}
}
