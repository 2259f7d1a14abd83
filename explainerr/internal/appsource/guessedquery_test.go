package appsource

import (
	"strings"
	"testing"

	"github.com/explainerr/explainerr/explainerr/report"
)

// kitModule has three stores whose queries name a column "title", and a
// handler that reaches one of them only when called.
var kitModule = map[string]string{
	"go.mod": "module example.com/kit\n",
	"store/books.go": `package store

import "database/sql"

func Books(db *sql.DB) error { _, err := db.Exec("SELECT id, title FROM books"); return err }
`,
	"store/films.go": `package store

import "database/sql"

func Films(db *sql.DB) error { _, err := db.Exec("SELECT id, title FROM films"); return err }
`,
	"store/songs.go": `package store

import "database/sql"

func Songs(db *sql.DB) error { _, err := db.Exec("SELECT id, title FROM songs"); return err }
`,
	"web/web.go": `package web

import (
	"database/sql"
	"net/http"

	"example.com/kit/store"
)

func Fail(w http.ResponseWriter, err error) {
	http.Error(w, "failed: "+err.Error(), http.StatusInternalServerError)
}

func ListFilms(w http.ResponseWriter, db *sql.DB) {
	if err := store.Films(db); err != nil {
		Fail(w, err)
	}
}
`,
}

// TestNoQueryGuessedAmongMany: a column that many queries name, none of
// them reached by the request, gives no query chunk (the first would be a
// guess); the one a frame's function calls is given.
func TestNoQueryGuessedAmongMany(t *testing.T) {
	root := writeModule(t, kitModule)
	r := shelfReport(root, "no such column: title", report.Frame{Function: "example.com/kit/web.Fail", File: "web/web.go", Line: 11})
	if got := reasons(Static(r)); len(got["query"]) > 0 {
		t.Errorf("a query was guessed among three none of which the request reached: %v", got["query"])
	}
	r = shelfReport(root, "no such column: title", report.Frame{Function: "example.com/kit/web.ListFilms", File: "web/web.go", Line: 16})
	got := reasons(Static(r))
	if !contains(got["query"], "store/films.go:Films") && !contains(got["graph"], "store/films.go:Films") {
		t.Errorf("the query the frame's function runs is not given: %v", got)
	}
}

// TestNoBuilderQueryGuessedAmongMany: the same for a query builder's
// column lists: three functions name the column, none reached.
func TestNoBuilderQueryGuessedAmongMany(t *testing.T) {
	mod := map[string]string{
		"go.mod": "module example.com/kit\n",
		"store/session.go": `package store

type Session struct{}

func (s *Session) Select(cols string) *Session { return s }
func (s *Session) Find(v any) error             { return nil }
`,
		"web/web.go": `package web

import "net/http"

func Fail(w http.ResponseWriter, err error) {
	http.Error(w, "failed: "+err.Error(), http.StatusInternalServerError)
}
`,
	}
	for _, name := range []string{"Books", "Films", "Songs"} {
		mod["store/"+strings.ToLower(name)+".go"] = "package store\n\nfunc " + name + "(s *Session) error {\n\tvar out []int\n\treturn s.Select(\"id, title, year\").Find(&out)\n}\n"
	}
	root := writeModule(t, mod)
	r := shelfReport(root, "no such column: title", report.Frame{Function: "example.com/kit/web.Fail", File: "web/web.go", Line: 6})
	if got := reasons(Static(r)); len(got["query"]) > 0 {
		t.Errorf("a builder query was guessed among three none of which the request reached: %v", got["query"])
	}
}
