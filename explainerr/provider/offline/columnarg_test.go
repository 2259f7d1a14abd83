package offline

import "testing"

// TestColumnNamePassedAsAnArgument: the failing call passes the missing
// column's name as a string (ByAverage("ping")) to the function that
// writes the query from it: the fix corrects that argument, where the
// call is.
func TestColumnNamePassedAsAnArgument(t *testing.T) {
	files := map[string]string{
		"go.mod":            "module example.com/probe\n\ngo 1.22\n",
		"schema/schema.sql": "CREATE TABLE hits (id INTEGER PRIMARY KEY, latency INTEGER);\n",
		"stats/stats.go": `package stats

import "database/sql"

// Average is the average of a column of hits.
func Average(db *sql.DB, column string) (float64, error) {
	var v float64
	err := db.QueryRow("SELECT avg(" + column + ") FROM hits").Scan(&v)
	return v, err
}
`,
		"web/web.go": `package web

import (
	"database/sql"
	"net/http"

	"example.com/probe/stats"
)

var db *sql.DB

// Latency answers the average latency.
func Latency(w http.ResponseWriter, r *http.Request) {
	avg, err := stats.Average(db, "latncy")
	if err != nil {
		http.Error(w, err.Error(), http.StatusInternalServerError) //!status
		return
	}
	_ = avg
}
`,
	}
	app := writeMarkedApp(t, files)
	r := statusReport("no such column: latncy", app.frame(t, "status", "example.com/probe/web.Latency"))
	text := Analyze(r)
	mustHave(t, text, "which passes it the column's name as a string, `\"latncy\"`", "Correct the column name at `web.go:14`: `\"latncy\"` → `\"latency\"`.")
	assertGroundedIn(t, r, text, files)
}

// TestColumnNameKeptAsAValue: the query is put together from a column's
// name a method returns (return "ownr_id", s.ID); no SQL text names it,
// one string literal of the module is it: that literal is where the fix
// goes. A struct tag or a map key spelling the same name does not count.
func TestColumnNameKeptAsAValue(t *testing.T) {
	files := map[string]string{
		"go.mod":            "module example.com/probe\n\ngo 1.22\n",
		"schema/schema.sql": "CREATE TABLE alerts (id INTEGER PRIMARY KEY, owner_id INTEGER);\n",
		"alerts/alerts.go": `package alerts

import (
	"database/sql"
	"fmt"
)

// Owner is whoever owns alerts.
type Owner struct {
	ID    int64 ` + "`json:\"ownr_id\"`" + `
	attrs map[string]int64
}

// OwnerColumn is the column of the alerts' owner and its value.
func (o *Owner) OwnerColumn() (string, int64) {
	return "ownr_id", o.ID
}

// Label labels an owner for a log.
func (o *Owner) Label() {
	o.attrs["ownr_id"] = o.ID
}

// Clear removes the owner's alerts.
func Clear(db *sql.DB, o *Owner) error {
	col, id := o.OwnerColumn()
	_, err := db.Exec(fmt.Sprintf("DELETE FROM alerts WHERE %s = ?", col), id)
	return err
}
`,
		"web/web.go": `package web

import (
	"database/sql"
	"net/http"

	"example.com/probe/alerts"
)

var db *sql.DB

// ClearAlerts clears the alerts of owner 1.
func ClearAlerts(w http.ResponseWriter, r *http.Request) {
	if err := alerts.Clear(db, &alerts.Owner{ID: 1}); err != nil {
		http.Error(w, err.Error(), http.StatusInternalServerError) //!status
	}
}
`,
	}
	app := writeMarkedApp(t, files)
	r := statusReport("no such column: ownr_id", app.frame(t, "status", "example.com/probe/web.ClearAlerts"))
	text := Analyze(r)
	mustHave(t, text, "The module spells `ownr_id` as a string of its own only at `(*Owner).OwnerColumn` (`alerts.go:16`)", "Correct the column name at `alerts.go:16`: `\"ownr_id\"` → `\"owner_id\"`.")
	assertGroundedIn(t, r, text, files)
}
