package main

import (
	"database/sql"
	"net/http"
)

// Labels keeps labels.
type Labels struct {
	db *sql.DB
}

//explainerr:failure error sqlite3.Error UNIQUE constraint failed: labels.name

// Reset writes a default label, in one of two branches: the two inserts
// never run for the same request.
func (l *Labels) Reset(w http.ResponseWriter, r *http.Request) error {
	if r.FormValue("keep") == "" {
		_, err := l.db.Exec("INSERT INTO labels (name) VALUES (?)", "untitled")
		return err
	} else {
		_, err := l.db.Exec("INSERT INTO labels (name) VALUES (?)", "untitled") // want `a value it makes must be unique`
		return err
	}
}
