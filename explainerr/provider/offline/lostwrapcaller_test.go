package offline

import (
	"fmt"
	"testing"

	"github.com/explainerr/explainerr/explainerr/report"
)

// TestNotFoundTestedByACallerTheStackLacks: a not-found error wrapped
// with %v, which a caller the stack does not show already tests with
// errors.Is: the analysis cites that test, which the wrap defeats, and
// does not say that nothing on the error's way tests it.
func TestNotFoundTestedByACallerTheStackLacks(t *testing.T) {
	app := writeMarkedApp(t, map[string]string{
		"go.mod": "module example.com/bins\n\ngo 1.22\n",
		"store/store.go": `package store

import (
	"database/sql"
	"fmt"
)

// Bins keeps the bins.
type Bins struct{ db *sql.DB }

// Label returns the label of a bin.
func (b *Bins) Label(id int) (string, error) {
	var label string
	if err := b.db.QueryRow("SELECT label FROM bin WHERE id = ?", id).Scan(&label); err != nil {
		return "", fmt.Errorf("bin %d: %v", id, err) //!wrap
	}
	return label, nil
}
`,
		"web/web.go": `package web

import (
	"database/sql"
	"errors"
	"net/http"

	"example.com/bins/store"
)

// Bins is the store the handlers use.
var Bins *store.Bins

// showBin answers a bin's label.
func showBin(w http.ResponseWriter, r *http.Request) {
	label, err := Bins.Label(7)
	if errors.Is(err, sql.ErrNoRows) { //!test
		http.NotFound(w, r)
		return
	}
	if err != nil {
		http.Error(w, err.Error(), http.StatusInternalServerError)
		return
	}
	w.Write([]byte(label))
}
`,
	})
	_, test := app.line("test")
	_, wrap := app.line("wrap")
	// A framework wrote the status: no frame of the app's, and its log
	// names the store's line.
	r := &report.Report{
		Error:   report.Error{Kind: report.KindStatus, Type: "http.Status", Message: "bin 7: sql: no rows in result set"},
		Status:  500,
		Frames:  []report.Frame{{Function: "github.com/some/framework.(*Ctx).Next", File: "/go/pkg/mod/github.com/some/framework/ctx.go", Line: 90, Kind: report.FrameDependency}},
		Request: report.Request{Method: "GET", URL: "/bins/7"},
		Logs:    []report.LogLine{{Text: fmt.Sprintf("%s/store/store.go:%d bin 7: sql: no rows in result set", app.root, wrap)}},
		Build:   report.Build{Module: "example.com/bins", Dir: app.root},
	}
	text := Analyze(r)
	mustHave(t, text, "`web.go:"+itoa(test)+"`", "errors.Is(err, sql.ErrNoRows)", "Wrap it with `\"%w\"`")
	mustLack(t, text, "nothing on the error's path tests it", "Answer a missing row with 404")

	// The same with an ORM's not-found error, a sentinel of a library:
	// with a wrap whose text ties it to the message (the wrap is named),
	// and with one too short to (the test is still cited).
	for _, c := range []struct{ format, message, fix string }{
		{"looking up bin %d: %v", "looking up bin 7: record not found", "Wrap it with `%w`"},
		{"bin %d: %v", "bin 7: record not found", "wrap what it carries with `\"%w\"`"},
	} {
		notFoundTestedInTheHandler(t, r, c.format, c.message, c.fix)
	}
}

// notFoundTestedInTheHandler is the ORM's case of
// TestNotFoundTestedByACallerTheStackLacks, for one wrap's format.
func notFoundTestedInTheHandler(t *testing.T, r *report.Report, format, message, fix string) {
	t.Helper()
	app := writeMarkedApp(t, map[string]string{
		"go.mod": "module example.com/bins\n\ngo 1.22\n\nrequire gorm.io/gorm v1.25.0\n",
		"store/store.go": `package store

import (
	"fmt"

	"gorm.io/gorm"
)

// Bin is a storage bin.
type Bin struct{ ID int; Label string }

// Bins keeps the bins.
type Bins struct{ db *gorm.DB }

// Bin returns a bin.
func (b *Bins) Bin(id int) (*Bin, error) {
	var bin Bin
	if err := b.db.First(&bin, id).Error; err != nil {
		return nil, fmt.Errorf("` + format + `", id, err) //!wrap
	}
	return &bin, nil
}
`,
		"web/web.go": `package web

import (
	"errors"
	"net/http"

	"example.com/bins/store"
	"gorm.io/gorm"
)

// Bins is the store the handlers use.
var Bins *store.Bins

// showBin answers a bin's label.
func showBin(w http.ResponseWriter, r *http.Request) {
	bin, err := Bins.Bin(7)
	if err != nil {
		if errors.Is(err, gorm.ErrRecordNotFound) { //!test
			http.NotFound(w, r)
			return
		}
		http.Error(w, err.Error(), http.StatusInternalServerError)
		return
	}
	w.Write([]byte(bin.Label))
}
`,
	})
	_, test := app.line("test")
	_, wrap := app.line("wrap")
	r.Error.Message = message
	r.Logs = []report.LogLine{{Text: fmt.Sprintf("%s/store/store.go:%d %s", app.root, wrap, message)}}
	r.Build.Dir = app.root
	text := Analyze(r)
	mustHave(t, text, "The error's way out tests it at `showBin` (`web.go:"+itoa(test)+"`): `if errors.Is(err, gorm.ErrRecordNotFound) {`", fix)
	mustLack(t, text, "nothing on the error's path tests it", "Return a sentinel error")
}
