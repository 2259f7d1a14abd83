package offline

import (
	"strings"
	"testing"

	"github.com/explainerr/explainerr/explainerr/internal/appsource"
	"github.com/explainerr/explainerr/explainerr/report"
)

// taggedLedgerFiles is an app whose handlers return the app's own error
// type to one adapter that writes a generic body; a handler logs the
// error with a text logger's fields before the message and "because"
// before the error, and maps it with a type assertion (fault.Or).
func taggedLedgerFiles() map[string]string {
	return map[string]string{
		"go.mod": "module example.com/ledger\n\ngo 1.22\n",
		"fault/fault.go": `package fault

// Fault is an error with the status it is answered with.
type Fault struct {
	Status int
	Text   string
}

func (f *Fault) Error() string { return f.Text }

// ErrLabelMissing is a label that does not exist.
var ErrLabelMissing = &Fault{Status: 404, Text: "label not found"}

// ErrFailed is any other failure.
var ErrFailed = &Fault{Status: 500, Text: "operation failed"}

// Or returns err when it is a Fault, otherwise def.
func Or(err error, def *Fault) *Fault {
	if f, ok := err.(*Fault); ok {
		return f
	}
	return def
}
`,
		"labels/labels.go": `package labels

import (
	"fmt"

	"example.com/ledger/fault"
)

// Label names a ledger entry's kind.
type Label struct{ ID int64 }

// Book keeps labels.
type Book struct{ byID map[int64]Label }

// Label returns the label id of owner.
func (b *Book) Label(owner, id int64) (Label, error) {
	l, ok := b.byID[id]
	if !ok {
		return Label{}, fmt.Errorf("label %d of owner %d: %v", id, owner, fault.ErrLabelMissing) //!wrap
	}
	return l, nil
}
`,
		"web/web.go": `package web

import (
	"encoding/json"
	"log"
	"net/http"
	"strconv"

	"example.com/ledger/fault"
	"example.com/ledger/labels"
)

var book *labels.Book

// logf logs an error with the time, the level and the request's id.
func logf(r *http.Request, format string, args ...any) {
	log.Printf("[ERROR] ["+r.Header.Get("X-Request-Id")+"] "+format, args...)
}

// LabelHandler answers one label.
func LabelHandler(r *http.Request) (any, *fault.Fault) {
	id, _ := strconv.ParseInt(r.URL.Query().Get("id"), 10, 64)
	l, err := book.Label(1, id)
	if err != nil {
		logf(r, "[labels.LabelHandler] failed to get label \"id:%d\", because %s", id, err.Error())
		return nil, fault.Or(err, fault.ErrFailed)
	}
	return l, nil
}

// Adapt turns a handler into an http.HandlerFunc.
func Adapt(h func(*http.Request) (any, *fault.Fault)) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		v, f := h(r)
		if f != nil {
			w.WriteHeader(f.Status) //!status
			json.NewEncoder(w).Encode(map[string]any{"success": false, "errorMessage": f.Text})
			return
		}
		json.NewEncoder(w).Encode(v)
	}
}
`,
	}
}

// TestWrapHiddenFromATypeAssertion: a not-found error wrapped with %v on
// its way to a mapping that tests it by a type assertion. The generic
// body says nothing; the log line, behind a text logger's fields, names
// the handler and, after "because", the wrapped error. The handler and
// the function that wraps are in the context, and the fix is to return
// the error unwrapped (or to look inside with errors.As), not to wrap
// with %w, which the assertion would not get past either.
func TestWrapHiddenFromATypeAssertion(t *testing.T) {
	files := taggedLedgerFiles()
	app := writeMarkedApp(t, files)
	r := statusReport(`{"errorMessage":"operation failed","success":false}`, app.frame(t, "status", "example.com/ledger/web.Adapt.func1"))
	r.Logs = []report.LogLine{{Text: `2026-12-03 17:38:16 [ERROR] [6a8cb744-7c04] [labels.LabelHandler] failed to get label "id:42", because label 42 of owner 1: label not found`}}
	var picked []string
	for _, c := range appsource.Static(r) {
		picked = append(picked, c.Symbol)
	}
	for _, want := range []string{"LabelHandler", "(*Book).Label"} {
		if !strings.Contains(strings.Join(picked, " "), want) {
			t.Errorf("the static context %v lacks %s", picked, want)
		}
	}
	text := Analyze(r)
	mustHave(t, text, "The error says `failed to get label", "`labels.go:19`",
		"by a type assertion, `Or` (`fault.go:19`): `if f, ok := err.(*Fault); ok {`",
		"At `labels.go:19`, return `fault.ErrLabelMissing` itself, unwrapped, as `fault.Or` expects")
	mustLack(t, text, "2026-12-03 17:38:16 [ERROR] [6a8cb744-7c04] [labels.LabelHandler] failed to get label \"id:42\", because label 42 of owner 1: label n…`: a lookup", "Wrap it with", "Return a sentinel error")
	assertGroundedIn(t, r, text, files)
}

// TestAssertionOnTheStackIsTheOneNamed: the status writer on the stack
// tests its data's type itself; it is the mapping named, called from
// the frame outside it, not a caller of the wrapping function the
// request did not run (another handler of the same look-up).
func TestAssertionOnTheStackIsTheOneNamed(t *testing.T) {
	files := map[string]string{
		"go.mod": "module example.com/inbox\n\ngo 1.22\n",
		"web/web.go": `package web

import (
	"encoding/json"
	"fmt"
	"net/http"
)

// Coded is an error with a status.
type Coded interface {
	error
	Status() int
}

type missing struct{ id int }

func (m missing) Error() string { return fmt.Sprintf("note %d was not found", m.id) }
func (m missing) Status() int   { return 404 }

func lookup(id int) error { return missing{id} }

func find(id int) (string, error) {
	if err := lookup(id); err != nil {
		return "", fmt.Errorf("looking up note #%d: %v", id, err)
	}
	return "note", nil
}

func writeJSON(d any, w http.ResponseWriter) {
	if e, ok := d.(Coded); ok {
		w.WriteHeader(e.Status())
		json.NewEncoder(w).Encode(e.Error())
		return
	}
	if e, ok := d.(error); ok {
		w.WriteHeader(500) //!status
		json.NewEncoder(w).Encode(e.Error())
		return
	}
	json.NewEncoder(w).Encode(d)
}

func sendError(err error, w http.ResponseWriter) {
	writeJSON(err, w) //!send
}

// Get answers a note.
func Get(w http.ResponseWriter, r *http.Request) {
	n, err := find(7)
	if err != nil {
		sendError(err, w)
		return
	}
	writeJSON(n, w)
}

// Delete removes a note.
func Delete(w http.ResponseWriter, r *http.Request) {
	if _, err := find(7); err != nil {
		sendError(err, w)
	}
}
`,
	}
	app := writeMarkedApp(t, files)
	r := statusReport(`{"error":"looking up note #7: note 7 was not found"}`, app.frame(t, "status", "example.com/inbox/web.writeJSON"), app.frame(t, "send", "example.com/inbox/web.sendError"))
	text := Analyze(r)
	mustHave(t, text, "handed to `writeJSON` in `sendError` (`web.go:44`)", "by a type assertion, `writeJSON` (`web.go:30`): `if e, ok := d.(Coded); ok {`",
		"return `err` itself, unwrapped, as `writeJSON` expects")
	mustLack(t, text, "in `Delete`", "in `Get`")
	assertGroundedIn(t, r, text, files)
}
