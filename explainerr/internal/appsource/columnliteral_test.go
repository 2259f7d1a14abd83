package appsource

import (
	"testing"

	"github.com/explainerr/explainerr/explainerr/report"
)

// TestColumnNameKeptAsAValue: a column the table lacks that no SQL text
// names, put into the query from a string of the module's own, brings
// the one function that holds that string, ranked after the innermost
// frame.
func TestColumnNameKeptAsAValue(t *testing.T) {
	root := writeModule(t, map[string]string{
		"go.mod": "module example.com/meters\n",
		"readings/readings.go": `package readings

import (
	"database/sql"
	"fmt"
)

type Keyed interface{ KeyColumn() (string, int64) }

type Meter struct{ ID int64 }

func (m *Meter) KeyColumn() (string, int64) { return "meter_ref", m.ID }

func Purge(db *sql.DB, k Keyed) error {
	col, id := k.KeyColumn()
	_, err := db.Exec(fmt.Sprintf("DELETE FROM readings WHERE %s = ?", col), id)
	return err
}
`,
		"web/web.go": `package web

import (
	"database/sql"
	"net/http"

	"example.com/meters/readings"
)

func purge(db *sql.DB, w http.ResponseWriter, m *readings.Meter) {
	if err := readings.Purge(db, m); err != nil {
		http.Error(w, err.Error(), http.StatusInternalServerError)
	}
}
`,
	})
	r := shelfReport(root, "no such column: meter_ref", report.Frame{Function: "example.com/meters/web.purge", File: "web/web.go", Line: 12})
	cs := Static(r)
	if len(cs) < 2 || cs[1].Symbol != "(*Meter).KeyColumn" || cs[1].Reason != report.ReasonQuery {
		t.Fatalf("want the method that spells the column after the frame, got %v", reasonsInOrder(cs))
	}
	// A column some SQL text names is that query's: the literal is not
	// looked for.
	r = shelfReport(root, "no such column: readings", r.Frames[0])
	for _, c := range Static(r) {
		if c.Symbol == "(*Meter).KeyColumn" && c.Reason == report.ReasonQuery {
			t.Errorf("a name SQL text holds brought a value literal: %v", reasonsInOrder(Static(r)))
		}
	}
}
