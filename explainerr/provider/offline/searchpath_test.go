package offline

import "testing"

// TestMissingTableInAnotherSchema: the migrations create the table the
// query names, and the app sets its connection's search_path: that
// setter is named, not a misspelt name nor only a generic "run the
// migrations".
func TestMissingTableInAnotherSchema(t *testing.T) {
	app := writeMarkedApp(t, map[string]string{
		"go.mod":                   "module example.com/ledger\n\ngo 1.22\n",
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
		http.Error(w, err.Error(), http.StatusInternalServerError) //!list
	}
}
`,
	})
	fr := app.frame(t, "list", "example.com/ledger/web.list")
	text := Analyze(statusReport(`pq: relation "entries" does not exist`+"\n", fr))
	mustHave(t, text, "sets the schema its connection searches at `(*Client).Connect`", "Check the schema setting that `(*Client).Connect` uses")
	mustLack(t, text, "Correct the table name")
}
