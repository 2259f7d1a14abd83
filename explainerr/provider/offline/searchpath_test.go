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
		"store/pool.go": `package store

import "database/sql"

// Settings are the database's settings.
type Settings struct {
	URL    string
	Params map[string]string
}

// Open opens the pool in the settings' schema.
func Open(st Settings, schema string) (*sql.DB, error) {
	st.Params["search_path"] = schema
	return sql.Open("postgres", st.URL)
}

// Entries counts the ledger's entries.
func Entries(db *sql.DB) error {
	_, err := db.Exec("SELECT count(*) FROM entries")
	return err
}
`,
		"web/web.go": `package web

import (
	"database/sql"
	"net/http"

	"example.com/ledger/store"
)

func list(w http.ResponseWriter, db *sql.DB) {
	if err := store.Entries(db); err != nil {
		http.Error(w, err.Error(), http.StatusInternalServerError) //!list
	}
}
`,
	})
	fr := app.frame(t, "list", "example.com/ledger/web.list")
	text := Analyze(statusReport(`pq: relation "entries" does not exist`+"\n", fr))
	mustHave(t, text, "sets the schema its connection searches at `Open`", "Check the schema setting that `Open` uses")
	mustLack(t, text, "Correct the table name")
}
