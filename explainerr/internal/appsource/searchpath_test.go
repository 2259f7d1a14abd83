package appsource

import (
	"testing"

	"github.com/explainerr/explainerr/explainerr/report"
)

// searchPathModule's migration creates the table its query names, and
// its client sets the connection's search_path from a setting.
var searchPathModule = map[string]string{
	"go.mod":                   "module example.com/ledger\n",
	"migrations/1_init.up.sql": "CREATE TABLE entries (id serial PRIMARY KEY, amount int);\n",
	"db/client.go": `package db

import "database/sql"

// Client holds the connection and its schema.
type Client struct {
	db     *sql.DB
	schema string
}

// Connect opens the connection in the client's schema.
func (c *Client) Connect(dsn string) error {
	db, err := sql.Open("postgres", dsn+"&options=-c search_path="+c.schema)
	c.db = db
	return err
}

// Entries counts the entries.
func (c *Client) Entries() error {
	_, err := c.db.Exec("SELECT count(*) FROM entries")
	return err
}
`,
	"web/web.go": `package web

import (
	"net/http"

	"example.com/ledger/db"
)

func list(w http.ResponseWriter, c *db.Client) {
	if err := c.Entries(); err != nil {
		http.Error(w, err.Error(), http.StatusInternalServerError)
	}
}
`,
}

// TestMissingTableTheSchemaCreatesBringsTheSearchPath: a table the
// module's migrations create is missing at run time: the function that
// sets the connection's search path is a setting chunk. A table no
// migration creates brings none.
func TestMissingTableTheSchemaCreatesBringsTheSearchPath(t *testing.T) {
	root := writeModule(t, searchPathModule)
	fr := report.Frame{Function: "example.com/ledger/web.list", File: "web/web.go", Line: 11}
	got := reasons(Static(shelfReport(root, `pq: relation "entries" does not exist`, fr)))
	if !contains(got["setting"], "db/client.go:(*Client).Connect") {
		t.Errorf("the search path's setter is missing: %v", got)
	}
	got = reasons(Static(shelfReport(root, `pq: relation "entry" does not exist`, fr)))
	if contains(got["setting"], "db/client.go:(*Client).Connect") {
		t.Errorf("a table no migration creates brought the search path's setter: %v", got)
	}
}
