package offline

import "testing"

// TestUnseenErrorFromAScanGivenAValue: the handler answers 500 with no
// body and logs nothing; the call that failed reaches, through an
// interface, a Scan given a variable's value: that Scan is named, with
// its address as the fix.
func TestUnseenErrorFromAScanGivenAValue(t *testing.T) {
	files := map[string]string{
		"go.mod":            "module example.com/tally\n\ngo 1.22\n",
		"schema/schema.sql": "CREATE TABLE votes (id INTEGER PRIMARY KEY);\n",
		"store/store.go": `package store

import "database/sql"

// Counter counts votes.
type Counter interface{ Count() (int64, error) }

type sqlStore struct{ db *sql.DB }

// New returns a counter over db.
func New(db *sql.DB) Counter { return &sqlStore{db} }

func (s *sqlStore) Count() (int64, error) {
	var n int64
	err := s.db.QueryRow("SELECT count(*) FROM votes").Scan(n)
	return n, err
}
`,
		"web/web.go": `package web

import (
	"fmt"
	"net/http"

	"example.com/tally/store"
)

var votes store.Counter

// Tally answers the count of votes.
func Tally(w http.ResponseWriter, r *http.Request) {
	n, err := votes.Count()
	if err != nil {
		w.WriteHeader(http.StatusInternalServerError) //!status
		return
	}
	fmt.Fprint(w, n)
}
`,
	}
	app := writeMarkedApp(t, files)
	r := statusReport("", app.frame(t, "status", "example.com/tally/web.Tally"))
	text := Analyze(r)
	mustHave(t, text, "reaches a `Scan` in `(*sqlStore).Count` given a value, not its address", "passes `n` to `Scan` by value", "In `(*sqlStore).Count`, pass `&n` to `Scan` at `store.go:15`.")
	assertGroundedIn(t, r, text, files)
}
