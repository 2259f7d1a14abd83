package offline

import "testing"

// TestUniqueLookupInAnIfCondition: a lookup the function makes in an if
// statement's condition (if !store.FindShelf(name).IsEmpty()) is the
// check for the duplicate it already has: the advice is to compare the
// same value as the write stores, not to check first.
func TestUniqueLookupInAnIfCondition(t *testing.T) {
	files := map[string]string{
		"go.mod": "module example.com/shelves\n\ngo 1.22\n",
		"main.go": `package main

import (
	"database/sql"
	"net/http"
	"strings"
)

// Shelf is a shelf.
type Shelf struct{ Name string }

// IsEmpty reports whether no shelf was found.
func (s Shelf) IsEmpty() bool { return s.Name == "" }

var db *sql.DB

// FindShelf finds a shelf by name.
func FindShelf(name string) Shelf {
	var s Shelf
	db.QueryRow("SELECT name FROM shelves WHERE name = ?", name).Scan(&s.Name)
	return s
}

func create(w http.ResponseWriter, r *http.Request) {
	name := r.FormValue("name")
	if !FindShelf(name).IsEmpty() {
		http.Error(w, "exists", http.StatusBadRequest)
		return
	}
	if _, err := db.Exec("INSERT INTO shelves (name) VALUES (?)", strings.TrimSpace(name)); err != nil {
		http.Error(w, err.Error(), http.StatusInternalServerError) //!status
	}
}
`,
	}
	app := writeMarkedApp(t, files)
	r := statusReport("UNIQUE constraint failed: shelves.name", app.frame(t, "status", "create"))
	r.Request.Method, r.Request.Form = "POST", map[string][]string{"name": {"Oak "}}
	text := Analyze(r)
	mustHave(t, text, "already looks for an existing row before writing, at `main.go:26`: `if !FindShelf(name).IsEmpty() {`", "with the same case and trimming")
	mustLack(t, text, "check for the value first")
	assertGroundedIn(t, r, text, files)
}
