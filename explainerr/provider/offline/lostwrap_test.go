package offline

import (
	"github.com/explainerr/explainerr/explainerr/report"
	"strings"
	"testing"
)

// lostWrapFiles is an app whose store returns an error of the app's own
// type for a missing record, which the service formats with %v and the
// answering function maps by type switch.
func lostWrapFiles(answer string) map[string]string {
	return map[string]string{
		"go.mod": "module example.com/parts\n\ngo 1.22\n",
		"apperr/apperr.go": `package apperr

import "errors"

// Missing is a record that is not there.
type Missing struct{ What string }

func (m *Missing) Error() string { return m.What + " not found" }

// IsMissing reports whether err is a Missing.
func IsMissing(err error) bool { _, ok := err.(*Missing); return ok }

// Status returns the HTTP status of err.
func Status(err error) int {
	var m *Missing
	if errors.As(err, &m) {
		return 404
	}
	return 500
}
`,
		"store/store.go": `package store

import "example.com/parts/apperr"

// Part is a spare part.
type Part struct{ Code string }

// Store keeps parts.
type Store struct{ parts map[string]Part }

// Part returns the part of a code.
func (s *Store) Part(code string) (Part, error) {
	p, ok := s.parts[code]
	if !ok {
		return Part{}, &apperr.Missing{What: "part " + code}
	}
	return p, nil
}
`,
		"svc/svc.go": `package svc

import (
	"fmt"

	"example.com/parts/store"
)

// Catalog serves parts.
type Catalog struct{ Store *store.Store }

// Lookup finds a part.
func (c *Catalog) Lookup(code string) (store.Part, error) {
	p, err := c.Store.Part(code)
	if err != nil {
		return store.Part{}, fmt.Errorf("looking up %s: %v", code, err)
	}
	return p, nil
}
`,
		"web/web.go": `package web

import (
	"net/http"

	"example.com/parts/apperr"
	"example.com/parts/svc"
)

var catalog *svc.Catalog

func answer(w http.ResponseWriter, err error) {
` + answer + `
}

// Show writes a part's code.
func Show(w http.ResponseWriter, r *http.Request) {
	p, err := catalog.Lookup(r.URL.Query().Get("code"))
	if err != nil {
		answer(w, err) //!call
		return
	}
	w.Write([]byte(p.Code))
}

var _ = apperr.Missing{}
`,
	}
}

// TestNotFoundLostToATextWrap: a not-found error of the app's own type,
// formatted with %v on its way to the function that maps errors to
// statuses, is fixed at the wrap, not by a new sentinel.
func TestNotFoundLostToATextWrap(t *testing.T) {
	app := writeMarkedApp(t, lostWrapFiles(`	switch err.(type) {
	case *apperr.Missing:
		http.Error(w, err.Error(), http.StatusNotFound)
	default:
		http.Error(w, err.Error(), http.StatusInternalServerError) //!status
	}`))
	r := statusReport("looking up x9: part x9 not found", app.frame(t, "status", "example.com/parts/web.answer"), app.frame(t, "call", "example.com/parts/web.Show"))
	text := Analyze(r)
	// The answer tells errors apart by a type switch, which %w would not
	// get past either: the error must reach it unwrapped.
	mustHave(t, text, "A missing record answered as a server error", "with `%v`, which keeps the text of `err`",
		"by a type switch, `answer` (`web.go:13`): `switch err.(type) {`", "At `svc.go:16`, return `err` itself, unwrapped")
	mustLack(t, text, "Return a sentinel error", "nothing on the error's path tests it", `fmt.Errorf("looking up %s: %w", code, err)`)

	// Nothing tests the error: %w alone would not answer 404.
	app = writeMarkedApp(t, lostWrapFiles(`	http.Error(w, err.Error(), http.StatusInternalServerError) //!status`))
	r = statusReport("looking up x9: part x9 not found", app.frame(t, "status", "example.com/parts/web.answer"), app.frame(t, "call", "example.com/parts/web.Show"))
	mustHave(t, Analyze(r), "fmt.Errorf(\"looking up %s: %w\", code, err)", "nothing on the error's path tests it yet")

	// A package's predicate tests it (store.IsMissing(err)): the test is
	// there.
	app = writeMarkedApp(t, lostWrapFiles(`	if apperr.IsMissing(err) {
		http.Error(w, err.Error(), http.StatusNotFound)
		return
	}
	http.Error(w, err.Error(), http.StatusInternalServerError) //!status`))
	r = statusReport("looking up x9: part x9 not found", app.frame(t, "status", "example.com/parts/web.answer"), app.frame(t, "call", "example.com/parts/web.Show"))
	text = Analyze(r)
	mustLack(t, text, "nothing on the error's path tests it", `fmt.Errorf("looking up %s: %w", code, err)`)
	// The predicate asserts the type (err.(*Missing)): the same.
	mustHave(t, text, "by a type assertion, `IsMissing` (`apperr.go:11`)", "or make `IsMissing` look inside wrapped errors with `errors.As`")

	// A module function the answer hands the error to tests it, and the
	// message carries a log's prefix and an outer wrap.
	app = writeMarkedApp(t, lostWrapFiles(`	code := apperr.Status(err)
	http.Error(w, err.Error(), code) //!status`))
	r = statusReport("[web] error: GET /parts/x9: show: looking up x9: part x9 not found", app.frame(t, "status", "example.com/parts/web.answer"), app.frame(t, "call", "example.com/parts/web.Show"))
	text = Analyze(r)
	mustHave(t, text, "fmt.Errorf(\"looking up %s: %w\", code, err)")
	mustLack(t, text, "nothing on the error's path tests it")
}

// TestNotFoundWrappedWithW: a not-found error whose message the app makes
// with %w keeps what it wraps: nothing is advised about the wrap; the
// answer lacks a test, or the lookup misses a record that exists.
func TestNotFoundWrappedWithW(t *testing.T) {
	files := lostWrapFiles(`	http.Error(w, err.Error(), http.StatusInternalServerError) //!status`)
	files["svc/svc.go"] = strings.Replace(files["svc/svc.go"], `"looking up %s: %v"`, `"looking up %s: %w"`, 1)
	app := writeMarkedApp(t, files)
	r := statusReport("looking up x9: part x9 not found", app.frame(t, "status", "example.com/parts/web.answer"), app.frame(t, "call", "example.com/parts/web.Show"))
	text := Analyze(r)
	mustHave(t, text, "with `%w`, so the not-found error it wraps is still there to test", "If the record does exist, the lookup in `(*Catalog).Lookup` does not find it")
	mustLack(t, text, "Return a sentinel error", "instead of `\"%w\"`", "wrap the sentinel with")
}

// TestNotFoundOnAnEndedTransaction: "not found" wrapped around the
// error of a transaction already committed is the transaction's fault.
func TestNotFoundOnAnEndedTransaction(t *testing.T) {
	app := writeMarkedApp(t, map[string]string{
		"go.mod": "module example.com/shelf\n\ngo 1.22\n",
		"store/store.go": `package store

import (
	"database/sql"
	"fmt"
)

// Store keeps books.
type Store struct{ db *sql.DB }

// Add adds a book and reads it back.
func (s *Store) Add(title string) (int, error) {
	tx, err := s.db.Begin()
	if err != nil {
		return 0, err
	}
	if _, err := tx.Exec("INSERT INTO books (title) VALUES ($1)", title); err != nil {
		tx.Rollback()
		return 0, err
	}
	if err := tx.Commit(); err != nil {
		return 0, err
	}
	var id int
	if err := tx.QueryRow("SELECT id FROM books WHERE title = $1", title).Scan(&id); err != nil {
		return 0, fmt.Errorf("book not found: %w", err) //!made
	}
	return id, nil
}
`,
	})
	r := statusReport("book not found: sql: transaction has already been committed or rolled back", app.frame(t, "made", "example.com/shelf/store.(*Store).Add"))
	text := Analyze(r)
	mustHave(t, text, "A transaction used after Commit")
	mustLack(t, text, "A missing record answered as a server error")
}

// TestNotFoundLostToAWrapTheAppsCauseCannotRead: the app tests the cause
// of its own error type only; %w would not reach it, its own Wrap does.
func TestNotFoundLostToAWrapTheAppsCauseCannotRead(t *testing.T) {
	app := writeMarkedApp(t, map[string]string{
		"go.mod": "module example.com/board\n\ngo 1.22\n",
		"errs/errs.go": `package errs

import "errors"

// ErrNotFound says nothing was found.
var ErrNotFound = errors.New("object not found")

type traced struct {
	text  string
	cause error
}

func (t *traced) Error() string { return t.text + ": " + t.cause.Error() }

// Wrap adds text to err, keeping it as the cause.
func Wrap(err error, text string) error { return &traced{text, err} }

// Cause returns what err was made from.
func Cause(err error) error {
	if t, ok := err.(*traced); ok {
		return t.cause
	}
	return err
}
`,
		"store/store.go": `package store

import (
	"fmt"

	"example.com/board/errs"
)

// Post returns a post's title.
func Post(n int) (string, error) {
	if n > 10 {
		return "", errs.ErrNotFound
	}
	return "hello", nil
}

// Find returns a post's title, as its caller asks.
func Find(n int) (string, error) {
	t, err := Post(n)
	if err != nil {
		return "", fmt.Errorf("finding post %d: %v", n, err)
	}
	return t, nil
}
`,
		"web/web.go": `package web

import (
	"net/http"

	"example.com/board/errs"
	"example.com/board/store"
)

func fail(w http.ResponseWriter, err error) {
	if errs.Cause(err) == errs.ErrNotFound {
		http.Error(w, "not found", http.StatusNotFound)
		return
	}
	http.Error(w, err.Error(), http.StatusInternalServerError) //!status
}

// Show shows a post.
func Show(w http.ResponseWriter, r *http.Request) {
	t, err := store.Find(42)
	if err != nil {
		fail(w, err) //!call
		return
	}
	w.Write([]byte(t))
}
`,
	})
	r := statusReport("finding post 42: object not found", app.frame(t, "status", "example.com/board/web.fail"), app.frame(t, "call", "example.com/board/web.Show"))
	text := Analyze(r)
	mustHave(t, text, "reads the cause of the app's own error type only", "with the app's own `Wrap`")
	mustLack(t, text, "Wrap it with `%w`")
}

// TestLostWrapBehindJoinedLogArguments: a logger that joins its
// arguments without a separator (zap's sugared Error("…", "error",
// err)) glues the error's text to its own words; the wrap that made the
// error's text is still found at the end of the message.
func TestLostWrapBehindJoinedLogArguments(t *testing.T) {
	app := writeMarkedApp(t, lostWrapFiles(`	http.Error(w, "internal error", http.StatusInternalServerError) //!status`))
	r := statusReport("internal error", app.frame(t, "status", "example.com/parts/web.answer"), app.frame(t, "call", "example.com/parts/web.Show"))
	r.Logs = []report.LogLine{{Text: "2026-12-03T18:55:55.745Z\terror\tweb/web.go:24\tFailed to show parterrorlooking up x9: part x9 not found\nexample.com/parts/web.Show\n\t/app/web/web.go:24"}}
	text := Analyze(r)
	mustHave(t, text, "Its message is made at `(*Catalog).Lookup` (`svc.go:16`)", `fmt.Errorf("looking up %s: %w", code, err)`)
	mustLack(t, text, "Return a sentinel error")
}

// TestSentinelItselfWrappedWithV: a store formats its own sentinel
// (ErrNoResults, "query returned 0 results") with %v; the handler's
// errors.Is, off the stack, no longer matches it. The wording of a
// lookup that found nothing is read as not found, and the wrap of the
// sentinel is the fix.
func TestSentinelItselfWrappedWithV(t *testing.T) {
	app := writeMarkedApp(t, map[string]string{
		"go.mod": "module example.com/keys\n\ngo 1.22\n",
		"store/store.go": `package store

import (
	"errors"
	"fmt"
)

// ErrNoResults says a query found nothing.
var ErrNoResults = errors.New("datastore: query returned 0 results")

// Key returns the key of a name.
func Key(name string) (string, error) {
	return "", fmt.Errorf("key %s: %v", name, ErrNoResults)
}
`,
		"web/web.go": `package web

import (
	"errors"
	"net/http"

	"example.com/keys/store"
)

func show(w http.ResponseWriter, r *http.Request) error {
	k, err := store.Key(r.FormValue("name"))
	if errors.Is(err, store.ErrNoResults) {
		http.NotFound(w, r)
		return nil
	}
	if err != nil {
		return err
	}
	w.Write([]byte(k))
	return nil
}

// Serve answers a key.
func Serve(w http.ResponseWriter, r *http.Request) {
	if err := show(w, r); err != nil {
		http.Error(w, err.Error(), http.StatusInternalServerError) //!status
	}
}
`,
	})
	r := statusReport("key k1: datastore: query returned 0 results", app.frame(t, "status", "example.com/keys/web.Serve"))
	text := Analyze(r)
	mustHave(t, text, "A missing record answered as a server error", "formats `ErrNoResults` with `\"%v\"`", "Wrap it with `\"%w\"` instead of `\"%v\"` at `store.go:13`")
	mustLack(t, text, "Return a sentinel error")
}
