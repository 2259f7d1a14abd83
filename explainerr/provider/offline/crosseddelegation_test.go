package offline

import (
	"testing"

	"github.com/explainerr/explainerr/explainerr/report"
)

// decoratedNotesFiles wrap their store in a logging decorator whose Edit calls
// the wrapped store's Add.
var decoratedNotesFiles = map[string]string{
	"go.mod": "module example.com/notes\n",
	"store/store.go": `package store

import (
	"database/sql"
	"fmt"
)

// Notes keeps notes.
type Notes interface {
	Add(id, text string) error
	Edit(id, text string) error
}

type pg struct{ db *sql.DB }

// New returns the notes in db, logged.
func New(db *sql.DB) Notes { return logged{next: pg{db: db}} }

func (p pg) Add(id, text string) error {
	if _, err := p.db.Exec("INSERT INTO notes (id, text) VALUES ($1, $2)", id, text); err != nil {
		return fmt.Errorf("Notes - Add - exec: %w", err)
	}
	return nil
}

func (p pg) Edit(id, text string) error {
	if _, err := p.db.Exec("UPDATE notes SET text = $2 WHERE id = $1", id, text); err != nil {
		return fmt.Errorf("Notes - Edit - exec: %w", err)
	}
	return nil
}

type logged struct{ next Notes }

func (l logged) Add(id, text string) error { return l.next.Add(id, text) }

func (l logged) Edit(id, text string) error {
	return l.next.Add(id, text)
}
`,
	"main.go": `package main

import (
	"net/http"

	"example.com/notes/store"
)

type app struct{ notes store.Notes }

func (a app) edit(w http.ResponseWriter, r *http.Request) error {
	return a.notes.Edit(r.FormValue("id"), r.FormValue("text")) //! edit
}
`,
}

// TestDecoratorCallsAnotherMethod: an error that names Add, met by a
// request that edits, is explained by the decorator whose Edit calls the
// wrapped store's Add, not by the constraint it broke.
func TestDecoratorCallsAnotherMethod(t *testing.T) {
	app := writeMarkedApp(t, decoratedNotesFiles)
	r := panicReport("*fmt.wrapError", `Notes - Add - exec: pq: duplicate key value violates unique constraint "notes_pkey"`, app.frame(t, "edit", "app.edit"))
	r.Error.Kind = report.KindError
	text := Analyze(r)
	mustHave(t, text, "The wrapper `logged.Edit` calls `Add` where it should call `Edit`", "Call `l.next.Edit` in `logged.Edit` at `store.go:38`")
	mustLack(t, text, "409 Conflict")
}
