package appsource

import (
	"strings"
	"testing"

	"github.com/explainerr/explainerr/explainerr/report"
)

// hotelModule reads a column no migration adds, through an alias, and
// names a table in the singular that its migration creates in the plural.
var hotelModule = map[string]string{
	"go.mod":                         "module example.com/hotel\n",
	"migrations/001_rooms.up.sql":    "CREATE TABLE rooms (\n  id serial PRIMARY KEY,\n  name text NOT NULL\n);\n",
	"migrations/002_bookings.up.sql": "CREATE TABLE IF NOT EXISTS public.bookings (\n  id serial PRIMARY KEY,\n  room_id int REFERENCES rooms (id)\n);\n",
	"store/store.go": `package store

import "database/sql"

type Store struct{ db *sql.DB }

func (s Store) Notes() (string, error) {
	var n string
	err := s.db.QueryRow("SELECT b.notes FROM bookings b JOIN rooms r ON r.id = b.room_id").Scan(&n)
	return n, err
}

func (s Store) Count() (int, error) {
	var n int
	err := s.db.QueryRow("SELECT count(*) FROM room").Scan(&n)
	return n, err
}
`,
}

// TestSchemaOfAColumnNoStatementNames: a column the schema lacks brings
// the statements that create the tables its query uses (the one whose
// alias qualifies it, when one does); a missing table brings the one
// named in the plural.
func TestSchemaOfAColumnNoStatementNames(t *testing.T) {
	root := writeModule(t, hotelModule)
	frame := report.Frame{Function: "example.com/hotel/store.Store.Notes", File: "store/store.go", Line: 9}
	schemas := func(msg string) []string { return schemaFiles(root, msg, frame) }
	// b is the alias the query gives bookings: its table's migration.
	got := schemas(`pq: column b.notes does not exist`)
	if len(got) != 1 || got[0] != "migrations/002_bookings.up.sql" {
		t.Errorf("schema of a missing column: %q, want the bookings migration", got)
	}
	got = schemas(`pq: column "notes" does not exist`)
	if len(got) != 2 || !contains(got, "migrations/002_bookings.up.sql") || !contains(got, "migrations/001_rooms.up.sql") {
		t.Errorf("schema of a missing column: %q, want both tables' migrations", got)
	}
	if got := schemas(`pq: relation "room" does not exist`); len(got) != 1 || got[0] != "migrations/001_rooms.up.sql" {
		t.Errorf("schema of a missing table: %q, want the rooms migration", got)
	}
	if got := schemas(`pq: column "price" of relation "rooms" does not exist`); len(got) != 1 || got[0] != "migrations/001_rooms.up.sql" {
		t.Errorf("schema of a column of a named table: %q, want the rooms migration", got)
	}
}

// TestSchemaOfAColumnAMigrationRenamed: of three migrations that define
// the table a missing column's query reads, the one that renames a
// column comes first, and one that speaks of the name before it.
func TestSchemaOfAColumnAMigrationRenamed(t *testing.T) {
	root := writeModule(t, map[string]string{
		"go.mod":                           "module example.com/notes\n",
		"migrations/001_notes.up.sql":      "CREATE TABLE notes (\n  id serial PRIMARY KEY,\n  body text,\n  modified timestamp\n);\n",
		"migrations/002_notes_pin.up.sql":  "ALTER TABLE notes ADD COLUMN pinned boolean;\n",
		"migrations/003_notes_edit.up.sql": "ALTER TABLE notes RENAME COLUMN modified TO edited;\n",
		"migrations/004_notes_tags.up.sql": "ALTER TABLE notes ADD COLUMN tags text;\n",
		"store/store.go": `package store

import "database/sql"

type Store struct{ db *sql.DB }

func (s Store) Edited() (string, error) {
	var n string
	err := s.db.QueryRow("SELECT edited_at FROM notes").Scan(&n)
	return n, err
}
`,
	})
	frame := report.Frame{Function: "example.com/notes/store.Store.Edited", File: "store/store.go", Line: 9}
	got := schemaFiles(root, `pq: column "edited_at" does not exist`, frame)
	if len(got) == 0 || got[0] != "migrations/003_notes_edit.up.sql" {
		t.Errorf("schema chunks %q, want the migration that renames the column first", got)
	}
}

// TestSchemaOfAViewsColumn: a column missing from a view a Go migration
// creates (CREATE OR REPLACE VIEW) brings that statement, not a schema
// kept for tests.
func TestSchemaOfAViewsColumn(t *testing.T) {
	root := writeModule(t, map[string]string{
		"go.mod":                 "module example.com/pulse\n",
		"testing/schema.sql":     "CREATE VIEW beats_range AS SELECT user_id, min(t) AS first_time, max(t) AS last_time FROM beats GROUP BY user_id;\n",
		"migrations/20250907.go": "package migrations\n\nconst rangeView = `CREATE OR REPLACE VIEW beats_range AS\n  SELECT user_id, min(t) AS first_time, max(t) AS last_time\n  FROM beats GROUP BY user_id`\n",
		"store/store.go": `package store

import "database/sql"

type Store struct{ db *sql.DB }

func (s Store) Range(id string) (string, error) {
	var first string
	err := s.db.QueryRow("SELECT first, last FROM beats_range WHERE user_id = ?", id).Scan(&first)
	return first, err
}
`,
	})
	frame := report.Frame{Function: "example.com/pulse/store.Store.Range", File: "store/store.go", Line: 9}
	got := schemaFiles(root, `SQL logic error: no such column: first (1)`, frame)
	if len(got) == 0 || got[0] != "migrations/20250907.go" {
		t.Errorf("schema chunks %q, want the migration that creates the view first", got)
	}
}

// TestSchemaOfAnAliasedColumn: a column qualified by an alias (t.title)
// brings the schema of the table the query names by that alias, not of
// the others it joins.
func TestSchemaOfAnAliasedColumn(t *testing.T) {
	root := writeModule(t, map[string]string{
		"go.mod":                "module example.com/marks\n",
		"migrations/001.up.sql": "CREATE TABLE bookmark (\n  id serial PRIMARY KEY,\n  title text\n);\nCREATE TABLE bookmark_tag (\n  bookmark_id int,\n  tag_id int\n);\nCREATE TABLE tag (\n  id serial PRIMARY KEY,\n  name text\n);\n",
		"store/store.go": `package store

import "database/sql"

type Store struct{ db *sql.DB }

func (s Store) Tags(q string) (string, error) {
	var n string
	err := s.db.QueryRow("SELECT t.name FROM bookmark b JOIN bookmark_tag bt ON bt.bookmark_id = b.id JOIN tag t ON t.id = bt.tag_id WHERE t.title LIKE $1", q).Scan(&n)
	return n, err
}
`,
	})
	frame := report.Frame{Function: "example.com/marks/store.Store.Tags", File: "store/store.go", Line: 9}
	var got []string
	for _, c := range Static(shelfReport(root, `pq: column t.title does not exist`, frame)) {
		if c.Reason == report.ReasonSchema {
			got = append(got, c.Text)
		}
	}
	if len(got) != 1 || !strings.Contains(got[0], "CREATE TABLE tag (") {
		t.Errorf("schema chunks %q, want the tag table's alone", got)
	}
}

// TestSchemaOfAViewAMigratorCreates: a column missing from a view an
// ORM's migrator creates by name, from a query kept in a constant above
// the call, brings that migration before another that alters the
// underlying table.
func TestSchemaOfAViewAMigratorCreates(t *testing.T) {
	root := writeModule(t, map[string]string{
		"go.mod":                       "module example.com/pulse\n",
		"migrations/20250101_beats.go": "package migrations\n\nconst beats = `ALTER TABLE beats_range ADD COLUMN note text`\n",
		"migrations/20250907_range.go": `package migrations

type migrator interface{ CreateView(name string, query string) error }

func addRange(m migrator) error {
	const q = "select user_id, min(t) as first_time, max(t) as last_time " +
		"from beats group by user_id"

	return m.CreateView("beats_range", q)
}
`,
		"store/store.go": `package store

import "database/sql"

type Store struct{ db *sql.DB }

func (s Store) Range(id string) (string, error) {
	var first string
	err := s.db.QueryRow("SELECT first, last FROM beats_range WHERE user_id = ?", id).Scan(&first)
	return first, err
}
`,
	})
	frame := report.Frame{Function: "example.com/pulse/store.Store.Range", File: "store/store.go", Line: 9}
	got := schemaFiles(root, `SQL logic error: no such column: first (1)`, frame)
	if len(got) == 0 || got[0] != "migrations/20250907_range.go" {
		t.Errorf("schema chunks %q, want the migration that creates the view first", got)
	}
}

// TestSchemaOfAColumnNoFieldIsTaggedWith: sqlx's "missing destination
// name" for a column brings the Go migration that adds that column.
func TestSchemaOfAColumnNoFieldIsTaggedWith(t *testing.T) {
	root := writeModule(t, map[string]string{
		"go.mod":                     "module example.com/auth\n",
		"data/sqlite3/migrations.go": "package sqlite3\n\nconst addTOTP = `ALTER TABLE accounts ADD totp_key VARCHAR(255)`\n\nconst addLocked = `ALTER TABLE accounts ADD locked BOOLEAN`\n",
		"data/sqlite3/accounts.go": `package sqlite3

import "github.com/jmoiron/sqlx"

// Account is an account.
type Account struct {
	ID     int    ` + "`db:\"id\"`" + `
	Secret string ` + "`db:\"totp_secret\"`" + `
}

// Store keeps accounts.
type Store struct{ db *sqlx.DB }

// Find finds one.
func (s *Store) Find(id int) (*Account, error) {
	var a Account
	err := s.db.Get(&a, "SELECT * FROM accounts WHERE id = ?", id)
	return &a, err
}
`,
	})
	frame := report.Frame{Function: "example.com/auth/data/sqlite3.(*Store).Find", File: "data/sqlite3/accounts.go", Line: 17}
	var got []string
	for _, c := range Static(shelfReport(root, `Find: missing destination name totp_key in *sqlite3.Account`, frame)) {
		if c.Reason == report.ReasonSchema {
			got = append(got, c.File+":"+strings.TrimSpace(c.Text))
		}
	}
	if len(got) == 0 || !strings.Contains(got[0], "totp_key") {
		t.Errorf("schema chunks %q, want the migration that adds totp_key", got)
	}
}

// schemaFiles returns the files of the schema chunks of the static
// context of a failure with message msg at frame, in their order.
func schemaFiles(root, msg string, frame report.Frame) []string {
	var out []string
	for _, c := range Static(shelfReport(root, msg, frame)) {
		if c.Reason == report.ReasonSchema {
			out = append(out, c.File)
		}
	}
	return out
}
