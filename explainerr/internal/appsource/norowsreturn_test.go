package appsource

import (
	"testing"

	"github.com/explainerr/explainerr/explainerr/report"
)

// noteModule is an app whose handler runs its store through a function
// value, and whose store wraps a lookup's error in words of its own.
var noteModule = map[string]string{
	"go.mod": "module example.com/notes\n",
	"store/store.go": `package store

import (
	"database/sql"
	"fmt"
)

// Store keeps notes.
type Store struct{ db *sql.DB }

// Delete removes a note.
func (s *Store) Delete(id int) error {
	res, err := s.db.Exec("DELETE FROM notes WHERE id = $1", id)
	if err != nil {
		return err
	}
	if n, _ := res.RowsAffected(); n == 0 {
		return sql.ErrNoRows
	}
	return nil
}

// Title returns a note's title.
func (s *Store) Title(id int) (string, error) {
	var t string
	if err := s.db.QueryRow("SELECT title FROM notes WHERE id = $1", id).Scan(&t); err != nil {
		return "", fmt.Errorf("failed to get note with id '%d': %v", id, err)
	}
	return t, nil
}
`,
	"web/web.go": `package web

import (
	"net/http"

	"example.com/notes/store"
)

var notes *store.Store

var run = map[string]func(int) error{"delete": func(id int) error { return notes.Delete(id) }}

// Handle runs an action on a note.
func Handle(w http.ResponseWriter, r *http.Request) {
	if err := run[r.URL.Query().Get("do")](7); err != nil {
		http.Error(w, err.Error(), http.StatusInternalServerError)
	}
}
`,
}

// TestNoRowsReturnedByTheStoreItself: a no-rows error brings the one
// function of the module that returns the driver's sentinel itself, which
// the request ran through a function value the reach does not follow.
func TestNoRowsReturnedByTheStoreItself(t *testing.T) {
	root := writeModule(t, noteModule)
	fr := report.Frame{Function: "example.com/notes/web.Handle", File: "web/web.go", Line: 14}
	got := reasons(Static(shelfReport(root, "sql: no rows in result set", fr)))
	if !contains(got["origin"], "store/store.go:(*Store).Delete") {
		t.Errorf("the function that returns sql.ErrNoRows itself is missing: %v", got)
	}
	got = reasons(Static(shelfReport(root, "internal error", fr)))
	if contains(got["origin"], "store/store.go:(*Store).Delete") {
		t.Errorf("brought without a no-rows failure: %v", got)
	}
}

// TestMessageOnALineOfAMultiLineLogRecord: a log record written over
// several lines, with bullets, carries the message whose words a
// function of the module makes.
func TestMessageOnALineOfAMultiLineLogRecord(t *testing.T) {
	root := writeModule(t, noteModule)
	fr := report.Frame{Function: "example.com/notes/web.Handle", File: "web/web.go", Line: 14}
	r := shelfReport(root, "{}", fr)
	r.Logs = []report.LogLine{{Text: "ERROR [2026-12-03T04:44:59Z] [WEB] Error Trace: \n- web/web.go:14\n- failed to get note with id '9': object not found"}}
	got := reasons(Static(r))
	if !contains(got["origin"], "store/store.go:(*Store).Title") {
		t.Errorf("the function that makes the message is missing: %v", got)
	}
}
