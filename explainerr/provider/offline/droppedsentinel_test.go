package offline

import (
	"strings"
	"testing"

	"github.com/explainerr/explainerr/explainerr/report"
)

// gardenFiles is an app whose handler drops the error of a lookup that
// says "not found" with a sentinel of its own package.
var gardenFiles = map[string]string{
	"go.mod": "module example.com/garden\n\ngo 1.22\n",
	"plots/plots.go": `package plots

import (
"database/sql"
"errors"
)

// ErrNoPlot is returned when no plot has the id.
var ErrNoPlot = errors.New("no such plot")

// Plot is a garden plot.
type Plot struct {
ID    int
Owner string
rows  int
}

// Rows counts the plot's rows.
func (p *Plot) Rows() int {
return p.rows //!rows
}

// Store keeps plots.
type Store struct{ db *sql.DB }

// Find returns the plot with id.
func (s *Store) Find(id int) (*Plot, error) {
var p Plot
if err := s.db.QueryRow("SELECT id, owner, rows FROM plots WHERE id = ?", id).Scan(&p.ID, &p.Owner, &p.rows); err != nil {
	if errors.Is(err, sql.ErrNoRows) {
		return nil, ErrNoPlot
	}
	return nil, err
}
return &p, nil
}
`,
	"main.go": `package main

import (
"fmt"
"net/http"
"strconv"

"example.com/garden/plots"
)

var store *plots.Store

func show(w http.ResponseWriter, r *http.Request) {
id, _ := strconv.Atoi(r.PathValue("id"))
p, _ := store.Find(id)
fmt.Fprintf(w, "%s: %d rows", p.Owner, p.Rows()) //!show
}
`,
}

// TestDroppedLookupErrorByItsSentinel: the nil a handler reads after it
// dropped a lookup's error is fixed by checking that error, the lookup's
// own not-found sentinel (qualified by its package) answering 404 for a
// request that reads one resource and any other error 500; no nil check
// is offered besides, since the lookup gives nil only with an error. A
// request that writes keeps one 500 for every error; so does a lookup
// with no sentinel.
func TestDroppedLookupErrorByItsSentinel(t *testing.T) {
	const nilDeref = "runtime error: invalid memory address or nil pointer dereference"
	app := writeMarkedApp(t, gardenFiles)
	for _, frames := range [][]string{{"show"}, {"rows", "show"}} {
		r := panicReport("runtime.Error", nilDeref)
		for i := len(frames) - 1; i >= 0; i-- {
			fn := map[string]string{"show": "main.show", "rows": "example.com/garden/plots.(*Plot).Rows"}[frames[i]]
			r.Frames = append([]report.Frame{app.frame(t, frames[i], fn)}, r.Frames...)
		}
		text := Analyze(r)
		mustHave(t, text, "p, err := store.Find(id)", "if errors.Is(err, plots.ErrNoPlot) {", "http.StatusNotFound", "http.StatusInternalServerError")
		mustLack(t, text, "if p == nil")
		assertGroundedIn(t, r, text, gardenFiles)
	}

	r := panicReport("runtime.Error", nilDeref, app.frame(t, "show", "main.show"))
	r.Request.Method = "POST"
	text := Analyze(r)
	mustHave(t, text, "p, err := store.Find(id)")
	mustLack(t, text, "errors.Is(err, plots.ErrNoPlot)")

	files := map[string]string{}
	for k, v := range gardenFiles {
		files[k] = strings.ReplaceAll(v, "return nil, ErrNoPlot", "return nil, err")
	}
	app = writeMarkedApp(t, files)
	text = Analyze(panicReport("runtime.Error", nilDeref, app.frame(t, "show", "main.show")))
	mustHave(t, text, "p, err := store.Find(id)")
	mustLack(t, text, "errors.Is(err, plots.ErrNoPlot)")
}
