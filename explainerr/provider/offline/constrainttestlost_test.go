package offline

import (
	"testing"

	"github.com/explainerr/explainerr/explainerr/report"
)

// TestConstraintTestedButWrappedAway: a handler that already recognises a
// duplicate (errors.As to the store's error type) gets it through a wrap
// made with %v: the analysis cites the test, advises %w at the wrap, and
// does not advise recognising the constraint error, which the code does.
func TestConstraintTestedButWrappedAway(t *testing.T) {
	app := writeMarkedApp(t, map[string]string{
		"go.mod": "module example.com/shelf\n\ngo 1.22\n",
		"store/store.go": `package store

import (
	"database/sql"
	"fmt"
)

// Conflict is the driver's error for a row that breaks a constraint.
type Conflict struct{ Code int }

func (c *Conflict) Error() string { return "UNIQUE constraint failed: tags.name" }

// Tags keeps the tags.
type Tags struct{ db *sql.DB }

// Add stores a new tag.
func (t *Tags) Add(name string) error {
	if _, err := t.db.Exec("INSERT INTO tags (name) VALUES (?)", name); err != nil {
		return fmt.Errorf("adding tag %s: %v", name, err) //!wrap
	}
	return nil
}
`,
		"web/web.go": `package web

import (
	"errors"
	"net/http"

	"example.com/shelf/store"
)

// Tags is the store the handlers use.
var Tags *store.Tags

// addTag stores the tag the form names.
func addTag(w http.ResponseWriter, r *http.Request) error {
	err := Tags.Add(r.FormValue("name"))
	var conflict *store.Conflict
	if errors.As(err, &conflict) { //!test
		http.Error(w, "that tag exists", http.StatusConflict)
		return nil
	}
	return err
}
`,
	})
	_, test := app.line("test")
	_, wrap := app.line("wrap")
	r := app.loggedFailure(t, "example.com/shelf", "wrap", report.KindError, "adding tag go: UNIQUE constraint failed: tags.name", "POST", "/tags")
	text := Analyze(r)
	mustHave(t, text, "`web.go:"+itoa(test)+"`", "errors.As(err, &conflict)", "Wrap it with `%w` at `store.go:"+itoa(wrap)+"`", `fmt.Errorf("adding tag %s: %w", name, err)`)
	mustLack(t, text, "recognise the constraint error", "409 Conflict")
}
