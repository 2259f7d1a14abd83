package appsource

import "testing"

// notesModule refuses a kind of note its caller passes.
var notesModule = map[string]string{
	"go.mod": "module example.com/notes\n",
	"web/handlers.go": `package web

import (
	"net/http"

	"example.com/notes/store"
)

var quick *store.Quick

func add(w http.ResponseWriter, r *http.Request) {
	if err := quick.Jot(r.FormValue("text")); err != nil {
		fail(w, err)
	}
}

func fail(w http.ResponseWriter, err error) {
	http.Error(w, err.Error(), http.StatusInternalServerError)
}
`,
	"store/notes.go": `package store

import "fmt"

// Kind is a note's kind.
type Kind int

// The kinds.
const (
	KindAny Kind = iota
	KindText
)

// Notes keeps notes.
type Notes struct{ all []string }

// Put stores a note of a kind.
func (n *Notes) Put(k Kind, text string) error {
	if k == KindAny {
		return fmt.Errorf("can't store a note of kind %d", k)
	}
	n.all = append(n.all, text)
	return nil
}
`,
	"store/quick.go": `package store

// Quick jots notes down.
type Quick struct{ notes *Notes }

// Note stores a text note.
func (q *Quick) Note(text string) error { return q.notes.Put(KindText, text) }

// Memo stores a text memo.
func (q *Quick) Memo(text string) error { return q.notes.Put(KindText, "memo: "+text) }

// Jot stores a text note.
func (q *Quick) Jot(text string) error {
	return q.notes.Put(KindAny, text)
}
`,
}

// TestCallersOfARefusedArgument: an error made because a parameter is
// refused brings the callers that pass the argument, the one that passes
// the refused value first.
func TestCallersOfARefusedArgument(t *testing.T) {
	root := writeModule(t, notesModule)
	// The error handler's frame alone: the call that passed the error is
	// not on the stack.
	r := ledgerReport(t, root, "web/handlers.go", 18, "example.com/notes/web.fail", "can't store a note of kind 0")
	got := reasons(Static(r))
	if !contains(got["origin"], "store/notes.go:(*Notes).Put") {
		t.Fatalf("the origin is missing: %v", got)
	}
	if !contains(got["graph"], "store/quick.go:(*Quick).Jot") {
		t.Errorf("the caller that passes the refused argument is missing: %v", got)
	}
}
