package offline

import "testing"

// TestGoCommentIsNoQuery: a Go comment whose words read like SQL ("//
// Delete shelf by its ID.") is not cited as the query; the statement the
// request ran is.
func TestGoCommentIsNoQuery(t *testing.T) {
	files := map[string]string{
		"go.mod": "module example.com/stacks\n\ngo 1.22\n",
		"main.go": `package main

import (
	"database/sql"
	"net/http"
)

var db *sql.DB

func removeShelf(id string) error {
	_, err := db.Exec("DELETE FROM shelf WHERE id = $1", id)
	return err
}

func remove(w http.ResponseWriter, r *http.Request) {
	// Delete shelf by its ID.
	if err := removeShelf(r.PathValue("id")); err != nil {
		http.Error(w, err.Error(), http.StatusInternalServerError) //!status
	}
}
`,
	}
	app := writeMarkedApp(t, files)
	r := statusReport(`ERROR: relation "shelf" does not exist (SQLSTATE 42P01)`, app.frame(t, "status", "remove"))
	r.Request.Method = "DELETE"
	text := Analyze(r)
	mustHave(t, text, "`removeShelf`")
	mustLack(t, text, "Delete shelf by its ID")
	assertGroundedIn(t, r, text, files)
}
