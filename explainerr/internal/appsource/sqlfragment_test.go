package appsource

import (
	"testing"

	"github.com/explainerr/explainerr/explainerr/report"
)

// TestTableOfAQueryFragment: a table misnamed in a fragment that is
// spliced into a query (a recursive part added on a flag) leads to the
// function that holds the fragment; a query whose comment merely says the
// word ("the ID of the crate's shelf") is no use of the table.
func TestTableOfAQueryFragment(t *testing.T) {
	root := writeModule(t, map[string]string{
		"go.mod": "module example.com/depot\n",
		"store/shelves.go": `package store

import (
	"database/sql"
	"strings"
)

type Shelves struct{ db *sql.DB }

// Path lists a shelf's parents.
func (s *Shelves) Path(id string) (*sql.Rows, error) {
	return s.db.Query(` + "`" + `
		WITH RECURSIVE path(id, parent) AS (
			SELECT id, parent FROM shelves WHERE id = ? -- the ID of the crate's shelf
			UNION ALL
			SELECT s.id, s.parent FROM shelves s JOIN path p ON s.id = p.parent
		)
		SELECT id FROM path` + "`" + `, id)
}

// Tree lists the shelves, and their crates when asked.
func (s *Shelves) Tree(withCrates bool) (*sql.Rows, error) {
	query := ` + "`" + `
		WITH RECURSIVE shelf_tree(id, parent) AS (
			SELECT id, parent FROM shelves WHERE parent IS NULL
		){{ CRATES }}
		SELECT id FROM shelf_tree` + "`" + `
	if withCrates {
		crates := ` + "`" + `, crate_tree(id, parent) AS (
			SELECT  id, shelf AS parent
			FROM    crate c
			WHERE   c.shelf IN (SELECT id FROM shelf_tree)
		)` + "`" + `
		query = strings.Replace(query, "{{ CRATES }}", crates, 1)
	} else {
		query = strings.Replace(query, "{{ CRATES }}", "", 1)
	}
	return s.db.Query(query)
}
`,
		"web/handler.go": `package web

import "example.com/depot/store"

type Handler struct{ shelves *store.Shelves }

// Tree answers with the tree; the query runs through a function value,
// as a handler factory calls it.
func (h *Handler) Tree() error {
	return run(func() error { _, err := h.shelves.Tree(true); return err })
}

func run(f func() error) error { return f() }
`,
	})
	r := shelfReport(root, "no such table: crate", report.Frame{Function: "example.com/depot/web.run", File: "web/handler.go", Line: 13})
	got := reasons(Static(r))
	if !contains(got["query"], "store/shelves.go:(*Shelves).Tree") {
		t.Errorf("the fragment that names the table is not found: %v", got)
	}
	if contains(got["query"], "store/shelves.go:(*Shelves).Path") {
		t.Errorf("a query whose comment says the word is taken for a use of the table: %v", got)
	}
}
