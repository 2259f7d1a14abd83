package offline

import "testing"

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
