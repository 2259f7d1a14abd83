package offline

import (
	"slices"
	"testing"

	"github.com/explainerr/explainerr/explainerr/internal/appsource"
	"github.com/explainerr/explainerr/explainerr/report"
)

// TestSQLFunctionTheDatabaseLacks: SQLite has no ROUND_DOWN; the module
// calls it in the SQLite arm of a switch on the driver and in another
// database's arm. The context holds the function, and the explanation
// names the SQLite arm's line, not the other's.
func TestSQLFunctionTheDatabaseLacks(t *testing.T) {
	files := map[string]string{
		"go.mod": "module example.com/meter\n\ngo 1.22\n",
		"db/bucket.go": `package db

import "fmt"

// Bucket returns the SQL that groups readings by minutes.
func Bucket(driver string, minutes int) string {
	switch driver {
	case "mysql":
		return fmt.Sprintf("ROUND_DOWN(UNIX_TIMESTAMP(taken_at) / %d) AS slot", minutes*60)
	default:
		return fmt.Sprintf("ROUND_DOWN(strftime('%%s', taken_at) / %d) AS slot", minutes*60)
	}
}
`,
		"web/web.go": `package web

import (
	"database/sql"
	"net/http"

	"example.com/meter/db"
)

var conn *sql.DB

// Slots answers the readings by slot.
func Slots(w http.ResponseWriter, r *http.Request) {
	rows, err := conn.Query("SELECT " + db.Bucket("sqlite", 5) + ", count(*) FROM readings GROUP BY slot")
	if err != nil {
		http.Error(w, err.Error(), http.StatusInternalServerError) //!status
		return
	}
	rows.Close()
}
`,
	}
	app := writeMarkedApp(t, files)
	r := statusReport("no such function: ROUND_DOWN", app.frame(t, "status", "example.com/meter/web.Slots"))
	r.Request = report.Request{Method: "GET", URL: "/slots"}
	var ctx []string
	for _, c := range appsource.Static(r) {
		ctx = append(ctx, string(c.Reason)+" "+c.Symbol)
	}
	if !slices.Contains(ctx, "query Bucket") && !slices.Contains(ctx, "graph Bucket") {
		t.Errorf("the static context %q lacks the function that calls ROUND_DOWN", ctx)
	}
	text := Analyze(r)
	mustHave(t, text, "SQL error: no such function `ROUND_DOWN`", "SQLite has no SQL function `ROUND_DOWN`", "`Bucket` (`bucket.go:11`)", "At `bucket.go:11`, write the expression with functions SQLite has")
	mustLack(t, text, "bucket.go:9")
	assertGroundedIn(t, r, text, files)
}
