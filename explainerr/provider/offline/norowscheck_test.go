package offline

import (
	"strings"
	"testing"
)

// shelvesErrFiles is an app whose handlers return errors to a wrapper that
// writes the 500 after they returned, so no handler is on the stack; the
// handler tests errors.Is(err, sql.ErrNoRows), and the store's error is
// made by wrap.
func shelvesErrFiles(wrap string) map[string]string {
	return map[string]string{
		"go.mod": "module example.com/shelves\n\ngo 1.22\n",
		"data/shelves.go": `package data

import (
	"database/sql"
	"errors"
	"fmt"
)

var _, _ = errors.New, fmt.Errorf

// Shelves reads shelves.
type Shelves struct{ db *sql.DB }

// Label returns the label of shelf id.
func (s *Shelves) Label(id int) (string, error) {
	var label string
	if err := s.db.QueryRow("SELECT label FROM shelves WHERE id = ?", id).Scan(&label); err != nil {
		` + wrap + `
	}
	return label, nil
}
`,
		"web/web.go": `package web

import (
	"database/sql"
	"errors"
	"log"
	"net/http"
	"strconv"

	"example.com/shelves/data"
)

// errNotFound is answered 404.
var errNotFound = errors.New("not found")

type handlerFunc func(w http.ResponseWriter, r *http.Request) error

// wrap answers a handler's error.
func wrap(h handlerFunc) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		err := h(w, r)
		if errors.Is(err, errNotFound) {
			http.NotFound(w, r)
			return
		}
		if err != nil {
			log.Printf("request failed: %v", err)
			http.Error(w, "internal error", http.StatusInternalServerError) //!status
		}
	}
}

// Server serves shelves.
type Server struct{ shelves *data.Shelves }

func (s *Server) label(w http.ResponseWriter, r *http.Request) error {
	id, _ := strconv.Atoi(r.URL.Query().Get("id"))
	label, err := s.shelves.Label(id)
	if errors.Is(err, sql.ErrNoRows) {
		return errNotFound
	}
	if err != nil {
		return err
	}
	_, err = w.Write([]byte(label))
	return err
}

// Routes mounts the handlers.
func (s *Server) Routes(mux *http.ServeMux) { mux.Handle("/label", wrap(s.label)) }
`,
	}
}

// TestNoRowsCheckedByAHandlerNotOnTheStack: the 500 is written by a
// wrapper after the handler returned; the handler's errors.Is test is
// found in the module, not advised again, and the "%v" wrap is named as
// the fault (or, when the module shows no such wrap, what is known is
// said).
func TestNoRowsCheckedByAHandlerNotOnTheStack(t *testing.T) {
	app := writeMarkedApp(t, shelvesErrFiles(`return "", fmt.Errorf("shelf %d: %v", id, err)`))
	r := statusReport("internal error", app.frame(t, "status", "example.com/shelves/web.wrap.func1"))
	r.Logs = logs("2026/01/02 03:04:05 request failed: shelf 7: sql: no rows in result set")
	text := Analyze(r)
	mustHave(t, text, "`errors.Is(err, sql.ErrNoRows)`", "`(*Server).label`", "is false for this error", "Wrap it with `\"%w\"` instead of `\"%v\"` at `shelves.go:18`")
	mustLack(t, text, "Answer a missing row with 404", "Check `errors.Is(err, sql.ErrNoRows)` where the error is handled")

	app = writeMarkedApp(t, shelvesErrFiles(`return "", errors.New("shelf lookup: " + err.Error())`))
	r = statusReport("internal error", app.frame(t, "status", "example.com/shelves/web.wrap.func1"))
	r.Logs = logs("2026/01/02 03:04:05 request failed: shelf lookup: sql: no rows in result set")
	text = Analyze(r)
	mustHave(t, text, "The app does test for it, at `(*Server).label`", "no longer wraps `sql.ErrNoRows`", "wrap it with `\"%w\"`")
	mustLack(t, text, "Answer a missing row with 404", "Check `errors.Is(err, sql.ErrNoRows)` where the error is handled")
}

// TestNoRowsCheckOfAnotherHandlerIsNotThisOne: a test of sql.ErrNoRows in
// a handler the failure did not pass through does not stand for the
// failing handler, which is on the stack and has none: adding it stays
// the advice.
func TestNoRowsCheckOfAnotherHandlerIsNotThisOne(t *testing.T) {
	files := shelvesErrFiles(`return "", err`)
	files["web/plain.go"] = `package web

import (
	"net/http"
	"strconv"
)

func (s *Server) plainLabel(w http.ResponseWriter, r *http.Request) {
	id, _ := strconv.Atoi(r.URL.Query().Get("id"))
	label, err := s.shelves.Label(id)
	if err != nil {
		http.Error(w, err.Error(), http.StatusInternalServerError) //!plain
		return
	}
	w.Write([]byte(label))
}
`
	app := writeMarkedApp(t, files)
	text := Analyze(statusReport("sql: no rows in result set\n", app.frame(t, "plain", "example.com/shelves/web.(*Server).plainLabel")))
	if !strings.Contains(text, "404") {
		t.Errorf("the failing handler has no test, yet no 404 advice:\n%s", text)
	}
	mustLack(t, text, "The app does test for it", "is false for this error")
}
