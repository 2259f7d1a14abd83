package offline

import "testing"

// TestNotNullColumnTheInsertLeavesOut: a NOT NULL column the one INSERT
// into its table leaves out of its column list gets NULL whatever the
// code sets on the value: the fix lists it, and setting the value where
// it is built (which the code does) is not advised.
func TestNotNullColumnTheInsertLeavesOut(t *testing.T) {
	files := map[string]string{
		"go.mod": "module example.com/library\n\ngo 1.22\n",
		"main.go": `package main

import (
	"database/sql"
	"net/http"
)

// Book is a library book.
type Book struct {
	Title  string
	Status int
}

var db *sql.DB

func insertBook(b Book) error {
	_, err := db.Exec("INSERT INTO books (title) VALUES ($1)", b.Title)
	return err
}

func create(w http.ResponseWriter, r *http.Request) {
	b := Book{Title: r.FormValue("title")}
	b.Status = 1
	if err := insertBook(b); err != nil {
		http.Error(w, err.Error(), http.StatusInternalServerError) //!status
	}
}
`,
	}
	app := writeMarkedApp(t, files)
	r := statusReport(`ERROR: null value in column "book_status" of relation "books" violates not-null constraint (SQLSTATE 23502)`, app.frame(t, "status", "create"))
	r.Request.Method, r.Request.Form = "POST", map[string][]string{"title": {"Dune"}}
	text := Analyze(r)
	mustHave(t, text, "The INSERT into `books` at `insertBook` (`main.go:17`)", "lists its columns without `book_status`",
		"List `book_status` in the INSERT's columns at `main.go:17`")
	mustLack(t, text, "where the value is built", "give the column a DEFAULT")
	assertGroundedIn(t, r, text, files)
}
