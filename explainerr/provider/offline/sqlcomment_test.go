package offline

import "testing"

// depotFiles hold a query whose comment says "crate" and a query fragment,
// spliced in on a flag, that names the table crate, which the schema
// calls crates.
var depotFiles = map[string]string{
	"go.mod": "module example.com/depot\n",
	"store/shelves.go": `package store

import (
	"database/sql"
	"strings"
)

// Shelves is the shelf store.
type Shelves struct{ db *sql.DB }

// Path lists a shelf's parents.
func (s *Shelves) Path(id string) error {
	_, err := s.db.Query(` + "`" + `SELECT id, parent FROM shelves
		WHERE id = ? -- the ID of the crate's shelf` + "`" + `, id)
	return err
}

// Tree lists the shelves, and their crates when asked.
func (s *Shelves) Tree(withCrates bool) error {
	query := ` + "`" + `WITH RECURSIVE shelf_tree(id) AS (SELECT id FROM shelves){{ CRATES }} SELECT id FROM shelf_tree` + "`" + `
	if withCrates {
		crates := ` + "`" + `, crate_tree(id) AS (
			SELECT  id
			FROM    crate c
			WHERE   c.shelf IN (SELECT id FROM shelf_tree))` + "`" + `
		query = strings.Replace(query, "{{ CRATES }}", crates, 1)
	}
	_, err := s.db.Query(query)
	return err
}
`,
	"schema.sql": "CREATE TABLE shelves (id TEXT PRIMARY KEY, parent TEXT);\nCREATE TABLE crates (id TEXT PRIMARY KEY, shelf TEXT);\n",
	"web/handler.go": `package web

import (
	"net/http"

	"example.com/depot/store"
)

// Handler answers the tree.
type Handler struct{ Shelves *store.Shelves }

// Tree answers the shelves' tree.
func (h *Handler) Tree(w http.ResponseWriter, r *http.Request) {
	if err := h.Shelves.Tree(true); err != nil {
		http.Error(w, err.Error(), http.StatusInternalServerError) //! fail
	}
}
`,
}

// TestMissingTableNotReadInAComment: the query quoted for a missing table
// is the fragment that names it where a table goes, not a statement whose
// comment says the word.
func TestMissingTableNotReadInAComment(t *testing.T) {
	app := writeMarkedApp(t, depotFiles)
	f := app.frame(t, "fail", "x")
	f.Function = "example.com/depot/web.(*Handler).Tree"
	text := Analyze(statusReport("SQL logic error: no such table: crate (1)\n", f))
	mustHave(t, text, "names `crate` is at `(*Shelves).Tree`")
	mustLack(t, text, "(*Shelves).Path")
}
