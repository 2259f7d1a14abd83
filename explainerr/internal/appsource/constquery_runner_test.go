package appsource

import (
	"testing"

	"github.com/explainerr/explainerr/explainerr/report"
)

// TestQueryInAConstantByTheRequestsWords: of the queries kept in
// constants that name a missing column, the function that runs the one
// the request asked for by name (?since=latest: itemsLatest) is given as
// the query, when no frame shows which ran.
func TestQueryInAConstantByTheRequestsWords(t *testing.T) {
	root := writeModule(t, map[string]string{
		"go.mod": "module example.com/feed\n",
		"store/items.go": `package store

import "database/sql"

const (
	selectSinceQuery  = ` + "`SELECT id, clik FROM items WHERE at > ?`" + `
	selectLatestQuery = ` + "`SELECT id, clik FROM items ORDER BY at DESC LIMIT 1`" + `
)

// Items reads items.
type Items struct{ db *sql.DB }

func (s *Items) itemsSince(at int) (*sql.Rows, error) { return s.db.Query(selectSinceQuery, at) }

func (s *Items) itemsLatest() (*sql.Rows, error) { return s.db.Query(selectLatestQuery) }
`,
		"web/handler.go": `package web

import "net/http"

// Dispatch answers every request through a table of handlers.
func Dispatch(w http.ResponseWriter, r *http.Request, table map[string]func() error) {
	if err := table[r.URL.Path](); err != nil {
		http.Error(w, err.Error(), 500)
	}
}
`,
	})
	r := shelfReport(root, "no such column: clik", report.Frame{Function: "example.com/feed/web.Dispatch", File: "web/handler.go", Line: 8})
	r.Request.Method, r.Request.URL = "GET", "/items/json?poll=1&since=latest"
	got := reasons(Static(r))
	if len(got["query"]) != 1 || got["query"][0] != "store/items.go:(*Items).itemsLatest" {
		t.Errorf("the query's runner is not the one the request named: %v", got)
	}
}
