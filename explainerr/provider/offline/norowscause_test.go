package offline

import "testing"

// noteFiles is an app whose handler reads the note's id with a typed
// helper and whose store may return database/sql's sentinel itself.
var noteFiles = map[string]string{
	"go.mod": "module example.com/notes\n\ngo 1.22\n",
	"param/param.go": `package param

import (
	"net/http"
	"strconv"
)

// Int reads a route value as a number.
func Int(r *http.Request, name string) (int, error) { return strconv.Atoi(r.PathValue(name)) }
`,
	"store/store.go": `package store

import (
	"database/sql"
	"errors"
)

// ErrMissing says no note has the id.
var ErrMissing = errors.New("no such note")

// Store keeps notes.
type Store struct{ db *sql.DB }

// Title returns a note's title.
func (s *Store) Title(id int) (string, error) {
	var t string
	err := s.db.QueryRow("SELECT title FROM notes WHERE id = $1", id).Scan(&t)
	return t, err
}

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
`,
	"web/web.go": `package web

import (
	"errors"
	"net/http"

	"example.com/notes/param"
	"example.com/notes/store"
)

var notes *store.Store

// Show writes a note's title.
func Show(w http.ResponseWriter, r *http.Request) {
	id, _ := param.Int(r, "id")
	t, err := notes.Title(id)
	if err != nil {
		http.Error(w, err.Error(), http.StatusInternalServerError) //!show
		return
	}
	w.Write([]byte(t))
}

// Remove deletes a note.
func Remove(w http.ResponseWriter, r *http.Request) {
	id, err := param.Int(r, "id")
	if err != nil {
		http.Error(w, "bad id", http.StatusBadRequest)
		return
	}
	if err := notes.Delete(id); err != nil {
		if errors.Is(err, store.ErrMissing) {
			http.Error(w, "no such note", http.StatusNotFound)
			return
		}
		http.Error(w, err.Error(), http.StatusInternalServerError) //!remove
	}
}
`,
}

// TestNoRowsForADroppedKey: a no-rows error after the handler dropped the
// error of reading the request's key is the client's 400, for a value
// that is no number; a number the request gave parsed, and the generic
// reading stands.
func TestNoRowsForADroppedKey(t *testing.T) {
	app := writeMarkedApp(t, noteFiles)
	r := statusReport("sql: no rows in result set", app.frame(t, "show", "example.com/notes/web.Show"))
	r.Request.URL, r.Request.Route = "/notes/first", "/notes/{id}"
	text := Analyze(r)
	mustHave(t, text, "No row found for a key the request did not give", "drops the error of `param.Int(r, \"id\")`", "answer 400 Bad Request")
	mustLack(t, text, "errors.Is(err, sql.ErrNoRows)")

	r.Request.URL = "/notes/12"
	mustLack(t, Analyze(r), "a key the request did not give")
}

// TestNoRowsReturnedWhereTheAppsSentinelIsTested: a store that returns
// sql.ErrNoRows itself, where the handler tests the app's own not-found
// error, is fixed in the store.
func TestNoRowsReturnedWhereTheAppsSentinelIsTested(t *testing.T) {
	app := writeMarkedApp(t, noteFiles)
	r := statusReport("sql: no rows in result set", app.frame(t, "remove", "example.com/notes/web.Remove"))
	r.Request.URL, r.Request.Route = "/notes/12", "/notes/{id}"
	text := Analyze(r)
	mustHave(t, text, "A store returns `sql.ErrNoRows` where the handler expects `store.ErrMissing`",
		"returns `sql.ErrNoRows` itself at", "Return `store.ErrMissing` at `store.go:")
	mustLack(t, text, "if errors.Is(err, sql.ErrNoRows)")
}

// TestNoRowsWhereTheCauseIsComparedWithTheAppsSentinel: the test is a
// comparison of the error's cause with the app's sentinel, and the store
// that returns sql.ErrNoRows itself is run through a function value the
// stack does not show.
func TestNoRowsWhereTheCauseIsComparedWithTheAppsSentinel(t *testing.T) {
	files := map[string]string{}
	for k, v := range noteFiles {
		files[k] = v
	}
	files["web/web.go"] = `package web

import (
	"net/http"

	"example.com/notes/store"
)

var notes *store.Store

var remove = func(id int) error { return notes.Delete(id) }

func cause(err error) error { return err }

// Remove deletes a note.
func Remove(w http.ResponseWriter, r *http.Request) {
	err := remove(12)
	if err == nil {
		return
	}
	c := cause(err)
	if c == store.ErrMissing {
		http.Error(w, "no such note", http.StatusNotFound)
		return
	}
	http.Error(w, err.Error(), http.StatusInternalServerError) //!remove
}
`
	app := writeMarkedApp(t, files)
	r := statusReport("sql: no rows in result set", app.frame(t, "remove", "example.com/notes/web.Remove"))
	text := Analyze(r)
	mustHave(t, text, "A store returns `sql.ErrNoRows` where the handler expects `store.ErrMissing`", "Return `store.ErrMissing` at `store.go:")
}

// TestNoRowsReturnedItselfBesideSiblingsThatTranslate: the store's
// siblings turn pgx's no-rows into the app's error, and the failing one
// returns pgx.ErrNoRows itself: that return is named, not a Scan.
func TestNoRowsReturnedItselfBesideSiblingsThatTranslate(t *testing.T) {
	app := writeMarkedApp(t, map[string]string{
		"go.mod": "module example.com/tasks\n\ngo 1.22\n",
		"store/store.go": `package store

import (
	"context"
	"errors"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"
)

// ErrNoTask says no task has the id.
var ErrNoTask = errors.New("no such task")

// Store keeps tasks.
type Store struct{ pool *pgxpool.Pool }

// Get returns a task's title.
func (s *Store) Get(ctx context.Context, id int) (string, error) {
	var t string
	err := s.pool.QueryRow(ctx, "SELECT title FROM tasks WHERE id = $1", id).Scan(&t)
	if errors.Is(err, pgx.ErrNoRows) {
		return "", ErrNoTask
	}
	return t, err
}

// Delete removes a task.
func (s *Store) Delete(ctx context.Context, id int) error {
	tag, err := s.pool.Exec(ctx, "DELETE FROM tasks WHERE id = $1", id)
	if err != nil {
		return err
	}
	if tag.RowsAffected() == 0 {
		return pgx.ErrNoRows
	}
	return nil
}
`,
		"web/web.go": `package web

import (
	"errors"
	"net/http"

	"example.com/tasks/store"
)

var tasks *store.Store

// Remove deletes a task.
func Remove(w http.ResponseWriter, r *http.Request) {
	if err := tasks.Delete(r.Context(), 7); err != nil {
		if errors.Is(err, store.ErrNoTask) {
			http.Error(w, "no such task", http.StatusNotFound)
			return
		}
		http.Error(w, err.Error(), http.StatusInternalServerError) //!status
	}
}
`,
	})
	r := statusReport("no rows in result set", app.frame(t, "status", "example.com/tasks/web.Remove"))
	text := Analyze(r)
	mustHave(t, text, "returns `pgx.ErrNoRows` itself at", "Return `store.ErrNoTask` at `store.go:")
	mustLack(t, text, "its Scan returned")
}
