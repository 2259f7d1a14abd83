package offline

import "testing"

// sessionFiles create the session table twice: a later migration drops
// it and creates it anew without the column the query still names.
var sessionFiles = map[string]string{
	"go.mod": "module example.com/sessions\n\ngo 1.22\n",
	"migrations/v1.0.0.sql": `CREATE TABLE session (
  id INTEGER PRIMARY KEY,
  last_active TIMESTAMP NOT NULL
);
`,
	"migrations/v2.0.0.sql": `DROP TABLE session;
CREATE TABLE session (
  id INTEGER PRIMARY KEY,
  last_seen TIMESTAMP NOT NULL
);
`,
	"store/session.go": `package store

import "database/sql"

// Touch marks a session used.
func Touch(db *sql.DB, id int) error {
	_, err := db.Exec("UPDATE session SET last_active = now() WHERE id = $1", id)
	return err
}
`,
	"main.go": `package main

import (
	"database/sql"
	"net/http"

	"example.com/sessions/store"
)

var db *sql.DB

func touch(w http.ResponseWriter, r *http.Request) {
	if err := store.Touch(db, 1); err != nil {
		http.Error(w, err.Error(), http.StatusInternalServerError) //!status
	}
}
`,
}

// TestColumnOfATableCreatedAgain: the schema of a table a later
// migration creates again is that migration's, not the union of both:
// the column the first one gave it is not said to exist.
func TestColumnOfATableCreatedAgain(t *testing.T) {
	app := writeMarkedApp(t, sessionFiles)
	text := Analyze(statusReport(`pq: column "last_active" of relation "session" does not exist`, app.frame(t, "status", "touch")))
	mustHave(t, text, "`v2.0.0.sql:2`")
	mustLack(t, text, "`v1.0.0.sql:1`")
}
