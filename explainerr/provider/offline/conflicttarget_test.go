package offline

import "testing"

// pinFiles is an app whose upsert names one column of a two-column
// unique constraint.
var pinFiles = map[string]string{
	"go.mod": "module example.com/pins\n\ngo 1.22\n",
	"schema/schema.sql": `CREATE TABLE pin (
  note_id INTEGER NOT NULL,
  owner_id INTEGER NOT NULL,
  pinned INTEGER NOT NULL DEFAULT 0,
  UNIQUE(note_id, owner_id)
);
`,
	"store/pins.go": `package store

import "database/sql"

// Store keeps pins.
type Store struct{ db *sql.DB }

// Pin pins a note for its owner.
func (s *Store) Pin(note, owner int) error {
	_, err := s.db.Exec(` + "`" + `
		INSERT INTO pin (note_id, owner_id, pinned) VALUES (?, ?, 1)
		ON CONFLICT(note_id) DO UPDATE SET pinned = 1` + "`" + `, note, owner)
	return err
}
`,
	"main.go": `package main

import (
	"net/http"

	"example.com/pins/store"
)

var pins *store.Store

func pin(w http.ResponseWriter, r *http.Request) {
	if err := pins.Pin(1, 2); err != nil {
		http.Error(w, err.Error(), http.StatusInternalServerError) //!status
	}
}
`,
}

// TestConflictTargetIsNoConstraint: an upsert whose conflict target is
// part of a unique constraint is traced to the query and the
// constraint, and the fix names the constraint's columns.
func TestConflictTargetIsNoConstraint(t *testing.T) {
	msg := "SQL logic error: ON CONFLICT clause does not match any PRIMARY KEY or UNIQUE constraint (1)"
	app := writeMarkedApp(t, pinFiles)
	text := Analyze(statusReport(msg, app.frame(t, "status", "pin")))
	mustHave(t, text, "An upsert whose `ON CONFLICT` target is no unique constraint of its table",
		"`(*Store).Pin` upserts into `pin` with `ON CONFLICT (note_id)` at",
		"pins.go:12",
		"The schema gives `pin` `UNIQUE(note_id, owner_id)` (`schema.sql:5`)",
		"name the whole constraint in the target: `ON CONFLICT (note_id, owner_id)`")
}
