package offline

import "testing"

// farAssignFiles hand a lookup's nil, nil result to a helper several
// lines below the lookup, further up than the trace's window of the
// caller shows.
var farAssignFiles = map[string]string{
	"go.mod": "module example.com/recipes\n",
	"main.go": `package main

import (
	"database/sql"
	"errors"
	"fmt"
	"net/http"
)

type Recipe struct{ Title string }

type Recipes struct{ db *sql.DB }

// Named returns the recipe called name, nil when there is none.
func (s *Recipes) Named(name string) (*Recipe, error) {
	var r Recipe
	err := s.db.QueryRow("SELECT title FROM recipes WHERE title = ?", name).Scan(&r.Title)
	if errors.Is(err, sql.ErrNoRows) {
		return nil, nil
	}
	return &r, err
}

func heading(w http.ResponseWriter, r *Recipe) {
	fmt.Fprintf(w, "<h1>%s</h1>", r.Title) //! heading
}

func (s *Recipes) Show(w http.ResponseWriter, req *http.Request) {
	recipe, err := s.Named(req.FormValue("name"))
	if err != nil {
		http.Error(w, err.Error(), http.StatusInternalServerError)
		return
	}
	w.Header().Set("Content-Type", "text/html")
	w.Header().Set("Cache-Control", "no-store")
	w.WriteHeader(http.StatusOK)
	fmt.Fprintln(w, "<!doctype html>")
	heading(w, recipe) //! show
}
`,
}

// TestNilArgumentAssignedAboveTheCallersWindow: the caller's assignment of
// the nil argument is read from its function, above the trace's window,
// and the lookup's nil, nil is named with both ways to fix it.
func TestNilArgumentAssignedAboveTheCallersWindow(t *testing.T) {
	app := writeMarkedApp(t, farAssignFiles)
	text := Analyze(panicReport("runtime.Error", nilDeref, app.frame(t, "heading", "heading"), app.frame(t, "show", "(*Recipes).Show")))
	mustHave(t, text, "`recipe` comes from `main.go:29`: `recipe, err := s.Named(req.FormValue(\"name\"))`",
		"`Named` returns `nil` with a `nil` error", "check `recipe == nil` after the error check")
}
