package offline

import (
	"strings"
	"testing"

	"github.com/explainerr/explainerr/explainerr/internal/appsource"
)

// TestQueryOfAFunctionNotRunIsNotTheFailingOne: an SQL error names a
// column that a migration's statement also names, in a function run at
// start that the request did not reach; the statement the request ran
// (a condition of the ORM's) is the one said to be the query.
func TestQueryOfAFunctionNotRunIsNotTheFailingOne(t *testing.T) {
	files := map[string]string{
		"go.mod": "module example.com/pins\n\ngo 1.22\n",
		"db/migrate.go": `package db

import "database/sql"

// Migrate copies the old pins over at start.
func Migrate(d *sql.DB) error {
	_, err := d.Exec("INSERT INTO pins (id, label, board) SELECT id, label, board FROM pins_old")
	return err
}
`,
		"pins/pins.go": `package pins

import "gorm.io/gorm"

var db *gorm.DB

// Pin is a pinned note.
type Pin struct{ ID int64 }

// Unpin removes the pins of a label.
func Unpin(label string) error {
	return db.Where("label = ?", label).Delete(&Pin{}).Error
}
`,
		"web/web.go": `package web

import (
	"net/http"

	"example.com/pins/pins"
)

// Unpin answers an unpin.
func Unpin(w http.ResponseWriter, r *http.Request) {
	if err := pins.Unpin(r.FormValue("label")); err != nil {
		http.Error(w, err.Error(), http.StatusInternalServerError) //!status
	}
}
`,
	}
	app := writeMarkedApp(t, files)
	r := statusReport("no such column: label", app.frame(t, "status", "example.com/pins/web.Unpin"))
	r.Context = appsource.Static(r)
	text := Analyze(r)
	if !strings.Contains(text, "The query is at `Unpin` (`pins.go:12`)") {
		t.Errorf("the query the request ran is not the one named:\n%s", text)
	}
	mustLack(t, text, "The query is at `Migrate`")
}
