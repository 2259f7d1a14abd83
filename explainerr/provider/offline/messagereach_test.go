package offline

import (
	"testing"

	"github.com/explainerr/explainerr/explainerr/report"
)

// bundleFiles: a dispatcher runs every route; one route's store copies
// another value's id into its new row, another's inserts the id the
// request computed, and wraps its error with its own name.
var bundleFiles = map[string]string{
	"go.mod": "module example.com/bundle\n",
	"main.go": `package main

import (
	"database/sql"
	"fmt"
	"net/http"
)

type File struct{ ID string }

type store struct{ db *sql.DB }

func (s *store) saveFile(id string) error {
	if _, err := s.db.Exec("INSERT INTO files (id) VALUES (?)", id); err != nil {
		return fmt.Errorf("exec saveFile: %w", err)
	}
	return nil
}

func (s *store) saveCopy(p File) error {
	f := File{ID: p.ID}
	_, err := s.db.Exec("INSERT INTO files (id) VALUES (?)", f.ID)
	return err
}

type app struct{ s *store }

func (a *app) handle(w http.ResponseWriter, r *http.Request) error {
	switch r.URL.Path {
	case "/upload":
		return a.s.saveFile(r.FormValue("sum"))
	case "/copy":
		return a.s.saveCopy(File{ID: r.FormValue("id")})
	}
	return nil //! handle
}
`,
}

// TestMessageNamesTheFunctionThatRan: with a stack that shows only a
// dispatcher, the function the error's message names ("exec saveFile")
// and its callers are what ran: another route's literal that copies an
// id is not the duplicate's cause.
func TestMessageNamesTheFunctionThatRan(t *testing.T) {
	app := writeMarkedApp(t, bundleFiles)
	r := panicReport("*fmt.wrapError", "exec saveFile: UNIQUE constraint failed: files.id", app.frame(t, "handle", "(*app).handle"))
	r.Error.Kind = report.KindError
	text := Analyze(r)
	mustLack(t, text, "gives the new row the id of another value", "p.ID")
}
