package offline

import (
	"strings"
	"testing"

	"github.com/explainerr/explainerr/explainerr/report"
)

// argumentFiles is an app that stores a list of stops as one column; its
// Value method is declared as valuer says.
func argumentFiles(valuer string) map[string]string {
	return map[string]string{
		"go.mod": "module example.com/route\n\ngo 1.22\n",
		"model/model.go": `package model

import (
	"database/sql/driver"
	"encoding/json"
)

// Stop is a stop of a route.
type Stop struct{ Name string }

// Stops are a route's stops.
type Stops []Stop

` + valuer + `

var _ = json.Marshal
var _ driver.Value
`,
		"web/web.go": `package web

import (
	"database/sql"
	"net/http"

	"example.com/route/model"
)

var db *sql.DB

// Save saves a route.
func Save(w http.ResponseWriter, r *http.Request) {
	stops := model.Stops{{Name: "A"}}
	if _, err := db.Exec("INSERT INTO routes (stops) VALUES (?)", stops); err != nil {
		http.Error(w, "could not save the route", http.StatusInternalServerError) //!status
	}
}
`,
	}
}

// TestArgumentThatIsNoValuer: database/sql refuses an argument of a
// slice of structs. When its type declares Value on the pointer, that
// declaration is named and moving it to the value advised; when it has
// none, a Value method is.
func TestArgumentThatIsNoValuer(t *testing.T) {
	files := argumentFiles(`// Value stores the stops as JSON.
func (s *Stops) Value() (driver.Value, error) { return json.Marshal(s) }`)
	app := writeMarkedApp(t, files)
	r := statusReport("could not save the route", app.frame(t, "status", "example.com/route/web.Save"))
	r.Logs = []report.LogLine{{Text: "2026/12/03 10:00:00 sql: converting argument $1 type: unsupported type model.Stop, a struct"}}
	text := Analyze(r)
	mustHave(t, text, "A statement's argument database/sql cannot pass: `model.Stop`, a struct",
		"`Stops` declares its `Value` method on its pointer, at `(*Stops).Value` (`model.go:15`)",
		"Declare `Value` on the value, `func (s Stops) Value() (driver.Value, error)`, at `model.go:15`")
	assertGroundedIn(t, r, text, files)

	files = argumentFiles("")
	app = writeMarkedApp(t, files)
	r = statusReport("could not save the route", app.frame(t, "status", "example.com/route/web.Save"))
	r.Logs = []report.LogLine{{Text: "2026/12/03 10:00:00 sql: converting argument $1 type: unsupported type model.Stop, a struct"}}
	text = Analyze(r)
	mustHave(t, text, "Make `Stop` (or the type the statement is given) a `driver.Valuer`")
	if strings.Contains(text, "on its pointer") {
		t.Errorf("a pointer receiver is said of a type without Value:\n%s", text)
	}
}
