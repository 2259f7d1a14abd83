package offline

import (
	"testing"

	"github.com/explainerr/explainerr/explainerr/report"
)

// TestTypeAssertionAfterAWrap: the app maps a unique violation to its own
// conflict error with a type assertion on the error it is given, and the
// store passes it a wrap made with fmt.Errorf (%w): the assertion and the
// wrap are named, with errors.As as the fix; no 409 mapping is advised,
// since the app has one.
func TestTypeAssertionAfterAWrap(t *testing.T) {
	app := writeMarkedApp(t, map[string]string{
		"go.mod": "module example.com/members\n\ngo 1.22\n",
		"store/store.go": `package store

import (
	"database/sql"
	"errors"
	"fmt"
)

// DBError is the driver's error.
type DBError struct{ Code, Constraint string }

func (e *DBError) Error() string { return "duplicate key value violates unique constraint \"" + e.Constraint + "\"" }

// ErrTaken is a name taken already.
var ErrTaken = errors.New("name taken")

func mapSaveError(err error) error {
	if dbErr, ok := err.(*DBError); ok && dbErr.Code == "23505" {
		return ErrTaken
	}
	return err
}

// Save saves a member.
func Save(db *sql.DB, name string) error {
	if _, err := db.Exec("INSERT INTO members (name) VALUES ($1)", name); err != nil {
		return mapSaveError(fmt.Errorf("save %s: %w", name, err))
	}
	return nil
}
`,
		"web/web.go": `package web

import (
	"database/sql"
	"errors"
	"net/http"

	"example.com/members/store"
)

func join(w http.ResponseWriter, r *http.Request, db *sql.DB) {
	err := store.Save(db, r.FormValue("name"))
	if errors.Is(err, store.ErrTaken) {
		http.Error(w, "taken", http.StatusConflict)
		return
	}
	if err != nil {
		http.Error(w, err.Error(), http.StatusInternalServerError) //!join
	}
}
`,
	})
	fr := app.frame(t, "join", "example.com/members/web.join")
	text := Analyze(statusReport(`save bob: pq: duplicate key value violates unique constraint "members_name_key"`+"\n", fr))
	mustHave(t, text, "tests its type with a type assertion", "dbErr, ok := err.(*DBError)", "passes it a wrap made with `fmt.Errorf`", "test with `errors.As` instead of the type assertion")
	mustLack(t, text, "answer 409 Conflict")
}

// TestWrapMadeOnlyToBeLogged: a fmt.Errorf made as the argument of a
// logging call is the log's line, not the error on its way: the
// assertion that ran on the error before it is no victim of that wrap.
func TestWrapMadeOnlyToBeLogged(t *testing.T) {
	files := map[string]string{
		"go.mod": "module example.com/desk\n\ngo 1.22\n",
		"api/api.go": `package api

import (
	"fmt"
	"net/http"

	log "github.com/sirupsen/logrus"
)

// Coded is an error with a status.
type Coded interface{ Status() int }

func sendError(err error, w http.ResponseWriter, r *http.Request) {
	code := 0
	if e, ok := err.(Coded); ok {
		code = e.Status()
	}
	log.WithField("url", r.URL.String()).
		WithField("code", code).
		Errorln(fmt.Errorf("sending error response for %s: %s", r.URL.String(), err.Error()))
	w.WriteHeader(500) //!status
}

// Remove removes a desk.
func Remove(w http.ResponseWriter, r *http.Request) {
	if err := drop(); err != nil {
		sendError(err, w, r) //!call
	}
}

func drop() error { return fmt.Errorf("desk busy") }
`,
	}
	app := writeMarkedApp(t, files)
	r := statusReport(`{"error":"desk busy"}`, app.frame(t, "status", "example.com/desk/api.sendError"), app.frame(t, "call", "example.com/desk/api.Remove"))
	r.Logs = []report.LogLine{{Text: `time="2026-12-03T19:01:44Z" level=error msg="sending error response for /desks/1: desk busy" code=0 url=/desks/1`}}
	text := Analyze(r)
	mustLack(t, text, "does not pass the type assertion", "a new error of another type")
}
