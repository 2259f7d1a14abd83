package main

import (
	"database/sql"
	"net/http"
	"strings"
)

// Tags keeps tags.
type Tags struct {
	db *sql.DB
}

// byLabel returns the id of the tag with label, 0 when there is none.
func (t *Tags) byLabel(label string) (int, error) {
	var id int
	err := t.db.QueryRow("SELECT id FROM tags WHERE label = ?", label).Scan(&id)
	if err == sql.ErrNoRows {
		return 0, nil
	}
	return id, err
}

//explainerr:failure error sqlite3.Error UNIQUE constraint failed: tags.label

// Create adds the tag of the form unless it exists.
func (t *Tags) Create(w http.ResponseWriter, r *http.Request) error {
	label := r.FormValue("label")
	id, err := t.byLabel(strings.ToLower(label))
	if err != nil {
		return err
	}
	if id != 0 {
		w.WriteHeader(http.StatusOK)
		return nil
	}
	_, err = t.db.Exec("INSERT INTO tags (label) VALUES (?)", label) // want `already looks for an existing row before writing, at .lookup\.go:29.` `Check that the lookup at .lookup\.go:29. searches the same value` `409 Conflict`
	return err
}
