package offline

import "testing"

// A handler adapted by the app (func(w, r) error) whose caller answers
// the errors it returns: the dropped error's fix returns it to that
// caller, which the trace shows, instead of writing a second answer with
// http.Error and returning nil.
func TestDroppedErrorReturnedToTheAdaptingCaller(t *testing.T) {
	files := map[string]string{
		"go.mod": "module example.com/notes\n\ngo 1.22\n",
		"web/adapt.go": `package web

import (
	"errors"
	"net/http"

	"example.com/notes/store"
)

// Handler is a handler that returns its error.
type Handler func(w http.ResponseWriter, r *http.Request) error

// Adapt answers the errors h returns.
func Adapt(h Handler) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		err := h(w, r) //!call
		if errors.Is(err, store.ErrMissing) {
			w.WriteHeader(http.StatusNotFound)
			return
		}
		if err != nil {
			w.WriteHeader(http.StatusInternalServerError)
		}
	}
}
`,
		"web/notes.go": `package web

import (
	"net/http"

	"example.com/notes/store"
)

// Notes serves notes.
type Notes struct{ DB *store.DB }

// Show writes a note's title.
func (n *Notes) Show(w http.ResponseWriter, r *http.Request) error {
	note, _ := n.DB.Note(r.URL.Query().Get("id"))
	w.Write([]byte(note.Title)) //!deref
	return nil
}
`,
		"store/store.go": `package store

import "errors"

// ErrMissing says no note has the id.
var ErrMissing = errors.New("no such note")

// Note is a note.
type Note struct{ Title string }

// DB holds notes.
type DB struct{ notes map[string]*Note }

// Note returns the note of an id.
func (d *DB) Note(id string) (*Note, error) {
	n := d.notes[id]
	if n == nil {
		return nil, ErrMissing
	}
	return n, nil
}
`,
	}
	app := writeMarkedApp(t, files)
	r := panicReport("runtime.errorString", "runtime error: invalid memory address or nil pointer dereference",
		app.frame(t, "deref", "example.com/notes/web.(*Notes).Show"),
		app.frame(t, "call", "example.com/notes/web.Adapt.func1"))
	text := Analyze(r)
	mustHave(t, text, "note, err := n.DB.Note(r.URL.Query().Get(\"id\"))", "\treturn err",
		"// the caller, Adapt.func1 at adapt.go:", "receives it: err := h(w, r)")
	mustLack(t, text, "http.Error(w, err.Error()")
}

// A function that writes its answers with http.Error keeps answering so:
// the error is not returned to a caller that may only log it.
func TestDroppedErrorAnsweredWhereTheFunctionWrites(t *testing.T) {
	files := map[string]string{
		"go.mod": "module example.com/notes\n\ngo 1.22\n",
		"web/notes.go": `package web

import (
	"net/http"
	"strconv"
)

// Note is a note.
type Note struct{ Title string }

func find(id int) (*Note, error) { return nil, nil }

// Show writes a note's title.
func Show(w http.ResponseWriter, r *http.Request) error {
	id, err := strconv.Atoi(r.URL.Query().Get("id"))
	if err != nil {
		http.Error(w, "bad id", http.StatusBadRequest)
		return nil
	}
	note, _ := find(id)
	w.Write([]byte(note.Title)) //!deref
	return nil
}
`,
	}
	app := writeMarkedApp(t, files)
	r := panicReport("runtime.errorString", "runtime error: invalid memory address or nil pointer dereference",
		app.frame(t, "deref", "example.com/notes/web.Show"))
	text := Analyze(r)
	mustHave(t, text, "note, err := find(id)", "http.Error(w, err.Error(), http.StatusInternalServerError)")
	mustLack(t, text, "\treturn err\n")
}

// The dropped error of a lookup (a server's failure) does not join a
// condition that answers the client's error: the block the failing line
// opens answers 403, not a failed lookup.
func TestDroppedLookupKeepsItsOwnAnswer(t *testing.T) {
	files := map[string]string{
		"go.mod": "module example.com/admin\n\ngo 1.22\n",
		"web/admin.go": `package web

import "net/http"

// User is a user.
type User struct{ Admin bool }

// Users finds users.
type Users interface{ Get(name string) (*User, error) }

// Admin serves admins.
func Admin(us Users) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		u, _ := us.Get(r.Header.Get("X-User"))
		if !u.Admin { //!deref
			w.WriteHeader(http.StatusForbidden)
			return
		}
		w.Write([]byte("ok"))
	}
}
`,
	}
	app := writeMarkedApp(t, files)
	r := panicReport("runtime.errorString", "runtime error: invalid memory address or nil pointer dereference",
		app.frame(t, "deref", "example.com/admin/web.Admin.func1"))
	text := Analyze(r)
	mustHave(t, text, "u, err := us.Get(r.Header.Get(\"X-User\"))")
	mustLack(t, text, "if err != nil || !u.Admin")
}
