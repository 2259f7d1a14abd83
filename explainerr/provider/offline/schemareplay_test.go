package offline

import (
	"testing"

	"github.com/explainerr/explainerr/explainerr/report"
)

// TestRetrievedMigrationIsNotReplayed: a chunk retrieval brings of a
// migration the module's schema history has already read (here its
// whole file, down section included) is not replayed after it: the
// rename the history applied stands, and the column the query still
// names is the old one, not one missing from an unmigrated database.
func TestRetrievedMigrationIsNotReplayed(t *testing.T) {
	rename := "-- +goose Up\nALTER TABLE cart RENAME COLUMN paid_by TO payer;\n\n-- +goose Down\nALTER TABLE cart RENAME COLUMN payer TO paid_by;\n"
	files := map[string]string{
		"go.mod":                     "module example.com/till\n\ngo 1.22\n",
		"migrations/0001_init.sql":   "-- +goose Up\nCREATE TABLE cart (\n    id INTEGER PRIMARY KEY,\n    paid_by TEXT\n);\n",
		"migrations/0002_rename.sql": rename,
		"main.go": `package main

import (
	"database/sql"
	"net/http"
)

var db *sql.DB

func cart(w http.ResponseWriter, r *http.Request) {
	if _, err := db.Query("SELECT id, paid_by FROM cart"); err != nil {
		http.Error(w, err.Error(), http.StatusInternalServerError) //!status
	}
}
`,
	}
	app := writeMarkedApp(t, files)
	r := statusReport("no such column: paid_by\n", app.frame(t, "status", "main.cart"))
	r.Context = []report.Chunk{{File: "0002_rename.sql", StartLine: 1, EndLine: 5, Text: rename, Reason: report.ReasonSimilar}}
	text := Analyze(r)
	mustHave(t, text, "A migration renames it", "Name `payer` in the query")
	mustLack(t, text, "was not migrated")
}
