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
	mustHave(t, text, "which passes it the column's name as a string, `\"latncy\"`", "Correct the column name passed at `web.go:14`: `\"latncy\"` → `\"latency\"`.")
	assertGroundedIn(t, r, text, files)
}
