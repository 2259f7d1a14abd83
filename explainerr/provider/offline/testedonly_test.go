package offline

import (
	"strings"
	"testing"
)

// memoFiles read a note, test the lookup's error for one sentinel only,
// and use the note before checking the error for any failure; the store
// wraps the sentinel with verb.
func memoFiles(verb string) map[string]string {
	return map[string]string{
		"go.mod": "module example.com/memos\n\ngo 1.22\n",
		"store/store.go": `package store

import (
	"errors"
	"fmt"
)

// ErrGone is returned for a deleted note.
var ErrGone = errors.New("note deleted")

// Note is a note.
type Note struct{ Title string }

// Notes holds the notes.
type Notes struct{ deleted map[string]bool }

// Find finds a note.
func (n *Notes) Find(id string) (*Note, error) {
	if n.deleted[id] {
		return nil, fmt.Errorf("note %s: %` + verb + `", id, ErrGone)
	}
	return &Note{Title: id}, nil
}
`,
		"web/notes.go": `package web

import (
	"errors"
	"fmt"
	"net/http"

	"example.com/memos/store"
)

// Show shows a note.
func Show(notes *store.Notes) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		note, err := notes.Find(r.PathValue("id"))
		if errors.Is(err, store.ErrGone) {
			http.Error(w, "gone", http.StatusGone)
			return
		}
		fmt.Fprintln(w, note.Title) //! use
		if err != nil {
			http.Error(w, err.Error(), http.StatusInternalServerError)
		}
	}
}
`,
	}
}

// TestErrorTestedForOneCaseOnly: a nil value whose call's error was
// tested only for a sentinel before the use, and checked for any failure
// after it, is explained by that order; a %v wrap of the sentinel in the
// call is named as what let it through; no nil check is advised.
func TestErrorTestedForOneCaseOnly(t *testing.T) {
	for _, verb := range []string{"v", "w"} {
		app := writeMarkedApp(t, memoFiles(verb))
		r := panicReport("runtime.Error", "runtime error: invalid memory address or nil pointer dereference", app.frame(t, "use", "example.com/memos/web.Show.func1"))
		text := Analyze(r)
		mustHave(t, text, "tested only for `store.ErrGone` at", "checked for any failure only at", "move the check at `notes.go:20` above `notes.go:19`")
		mustLack(t, text, "note == nil")
		if wrapped := strings.Contains(text, "instead of `\"%v\"` at `store.go:20`"); wrapped != (verb == "v") {
			t.Errorf("with %%%s, the wrap is named: %v\n%s", verb, wrapped, text)
		}
	}
}
