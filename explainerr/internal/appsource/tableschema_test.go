package appsource

import (
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
// the statements that create the tables its query uses; a missing table
// brings the one named in the plural.
func TestSchemaOfAColumnNoStatementNames(t *testing.T) {
	root := writeModule(t, hotelModule)
	frame := report.Frame{Function: "example.com/hotel/store.Store.Notes", File: "store/store.go", Line: 9}
	schemas := func(msg string) (out []string) {
		for _, c := range Static(shelfReport(root, msg, frame)) {
			if c.Reason == report.ReasonSchema {
				out = append(out, c.File)
			}
		}
		return out
	}
	got := schemas(`pq: column b.notes does not exist`)
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
