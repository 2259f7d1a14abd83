package offline

import (
	"testing"

	"github.com/explainerr/explainerr/explainerr/report"
)

// TestStatementBesideTheAppsOwnTransactionHelper: a statement on the pool
// inside the function handed to the app's own transaction helper (a
// method of the same receiver that begins the transaction on that pool)
// runs beside the transaction.
func TestStatementBesideTheAppsOwnTransactionHelper(t *testing.T) {
	app := writeMarkedApp(t, map[string]string{
		"go.mod": "module example.com/todo\n\ngo 1.22\n",
		"main.go": `package main

import (
	"context"
	"database/sql"
	"net/http"
)

// Store keeps the tasks.
type Store struct{ pool *sql.DB }

// inTx runs fn in a transaction of the store's pool.
func (s *Store) inTx(ctx context.Context, fn func(tx *sql.Tx) error) error {
	tx, err := s.pool.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	if err := fn(tx); err != nil {
		tx.Rollback()
		return err
	}
	return tx.Commit()
}

// Archive moves the done tasks to the archive.
func (s *Store) Archive(ctx context.Context) error {
	return s.inTx(ctx, func(tx *sql.Tx) error {
		if _, err := tx.ExecContext(ctx, "INSERT INTO archive SELECT * FROM task WHERE done"); err != nil {
			return err
		}
		_, err := s.pool.ExecContext(ctx, "DELETE FROM task WHERE done")
		return err
	})
}

var store *Store

func archive(w http.ResponseWriter, r *http.Request) {
	if err := store.Archive(r.Context()); err != nil {
		http.Error(w, err.Error(), http.StatusInternalServerError) //!status
	}
}
`,
	})
	text := Analyze(statusReport("database is locked (5) (SQLITE_BUSY)\n", app.frame(t, "status", "main.archive")))
	mustHave(t, text, "begins a transaction on `s.pool`", "runs a statement on `s.pool` itself at `main.go:31`", "run the statement at `main.go:31` on the transaction")
}

// TestSentinelComparedAfterAWrap: a sentinel wrapped with %w and tested
// with == is not advised a wrap it already has: the comparison is the
// fix.
func TestSentinelComparedAfterAWrap(t *testing.T) {
	app := writeMarkedApp(t, map[string]string{
		"go.mod": "module example.com/wiki\n\ngo 1.22\n",
		"store/store.go": `package store

import (
	"errors"
	"fmt"
)

// ErrNoArticle is returned for an article that does not exist.
var ErrNoArticle = errors.New("article not found")

// Article finds an article by its slug.
func Article(slug string) (string, error) {
	return "", fmt.Errorf("article %s: %w", slug, ErrNoArticle)
}
`,
		"main.go": `package main

import (
	"net/http"

	"example.com/wiki/store"
)

func article(w http.ResponseWriter, r *http.Request) {
	_, err := store.Article(r.URL.Path)
	if err != nil {
		if err == store.ErrNoArticle {
			http.NotFound(w, r)
			return
		}
		http.Error(w, err.Error(), http.StatusInternalServerError) //!status
	}
}
`,
	})
	text := Analyze(statusReport("article intro: article not found\n", app.frame(t, "status", "main.article")))
	mustHave(t, text, "compares the error with `store.ErrNoArticle` at `main.go:12`", "which wraps `ErrNoArticle` with `\"%w\"`", "Test it with `errors.Is(err, store.ErrNoArticle)` in place of the comparison at `main.go:12`")
	mustLack(t, text, "Wrap it with", "Return a sentinel error")
}

// TestEmbeddedStructLeftOutOfItsLiteral: a method's receiver embedded in
// a struct whose literal gives the other embedded structs but not this
// one is its zero value: the literal is the fix.
func TestEmbeddedStructLeftOutOfItsLiteral(t *testing.T) {
	app := writeMarkedApp(t, map[string]string{
		"go.mod": "module example.com/shop\n\ngo 1.22\n",
		"main.go": `package main

import (
	"database/sql"
	"net/http"
)

// Orders reads orders.
type Orders struct{ *sql.DB }

// Users reads users.
type Users struct{ *sql.DB }

// Stores gathers the stores.
type Stores struct {
	Orders
	Users
}

// Count counts the orders.
func (o *Orders) Count() (n int, err error) {
	err = o.DB.QueryRow("SELECT count(*) FROM orders").Scan(&n) //!panic
	return
}

var stores *Stores

func open(db *sql.DB) {
	stores = &Stores{
		Users: Users{DB: db},
	}
}

func count(w http.ResponseWriter, r *http.Request) {
	stores.Count()
}
`,
	})
	inner := report.Frame{Function: "database/sql.(*DB).QueryRow", File: "/usr/local/go/src/database/sql/sql.go", Line: 1964, Kind: report.FrameStdlib}
	text := Analyze(panicReport("runtime.Error", "runtime error: invalid memory address or nil pointer dereference", inner, app.frame(t, "panic", "main.(*Orders).Count")))
	mustHave(t, text, "`o` is the `Orders` embedded in `Stores`", "builds the `Stores` at `open` (`main.go:29`)", "Give `Orders` in the `Stores` literal at `main.go:29`")
}

// TestNumberParsedFromAnEmptySetting: a number parsed from the app's
// settings is no client input: the setting is the fix, not a 400.
func TestNumberParsedFromAnEmptySetting(t *testing.T) {
	app := writeMarkedApp(t, map[string]string{
		"go.mod": "module example.com/feed\n\ngo 1.22\n",
		"main.go": `package main

import (
	"net/http"
	"strconv"
)

// Config holds the settings.
type Config struct{ Page struct{ Size string } }

// Handler serves the feed.
type Handler struct{ config *Config }

// defaults gives the settings their defaults.
func defaults(set func(key string, v any)) {
	set("Page.Title", "Feed")
}

func init() {
	defaults(func(key string, v any) {})
	SetDefault("Page.Title", "Feed")
}

// SetDefault gives a setting its default.
func SetDefault(key string, v any) {}

func (h *Handler) list(w http.ResponseWriter, r *http.Request) {
	size, err := strconv.Atoi(h.config.Page.Size)
	if err != nil {
		http.Error(w, err.Error(), http.StatusInternalServerError) //!status
		return
	}
	_ = size
}
`,
	})
	r := statusReport("strconv.Atoi: parsing \"\": invalid syntax\n", app.frame(t, "status", "main.(*Handler).list"))
	text := Analyze(r)
	mustHave(t, text, "`h.config.Page.Size` is one of the app's settings, not a value the request sent", "The settings are read, and given their defaults, at `init` (`main.go:21`)", "Give `Size` a default there")
	mustLack(t, text, "400 Bad Request:")
}

// TestFieldStoredAsAnotherType: an assertion of a field's value to one
// type where the code that fills the field stores a variable of another
// points at that store.
func TestFieldStoredAsAnotherType(t *testing.T) {
	app := writeMarkedApp(t, map[string]string{
		"go.mod": "module example.com/prefs\n\ngo 1.22\n",
		"main.go": `package main

import (
	"database/sql"
	"net/http"
)

// Pref is a stored preference.
type Pref struct {
	Key   string
	Value any
}

var db *sql.DB

func load(key string) (Pref, error) {
	p := Pref{Key: key}
	var v sql.NullInt64
	err := db.QueryRow("SELECT value FROM pref WHERE key = ?", key).Scan(&v)
	p.Value = v
	return p, err
}

func limit(w http.ResponseWriter, r *http.Request) {
	p, _ := load("limit")
	n := p.Value.(int64) //!panic
	_ = n
}
`,
	})
	text := Analyze(panicReport("*runtime.TypeAssertionError", "interface conversion: interface {} is sql.NullInt64, not int64", app.frame(t, "panic", "main.limit")))
	mustHave(t, text, "`v`, declared `sql.NullInt64`, is put in `Value` at `load` (`main.go:20`)", "Store an `int64` at `main.go:20`")
}

// TestSentinelComparedAfterAWrapWhereErrorsIsTheApps: where the file's
// errors is the app's own package, the test advised imports the standard
// library's under another name.
func TestSentinelComparedAfterAWrapWhereErrorsIsTheApps(t *testing.T) {
	app := writeMarkedApp(t, map[string]string{
		"go.mod": "module example.com/wiki\n\ngo 1.22\n",
		"errors/errors.go": `package errors

import "errors"

// ErrNoArticle is returned for an article that does not exist.
var ErrNoArticle = errors.New("article not found")
`,
		"store/store.go": `package store

import (
	"fmt"

	"example.com/wiki/errors"
)

// Article finds an article by its slug.
func Article(slug string) (string, error) {
	return "", fmt.Errorf("article %s: %w", slug, errors.ErrNoArticle)
}
`,
		"main.go": `package main

import (
	"net/http"

	"example.com/wiki/errors"
	"example.com/wiki/store"
)

func article(w http.ResponseWriter, r *http.Request) {
	_, err := store.Article(r.URL.Path)
	if err != nil {
		if err == errors.ErrNoArticle {
			http.NotFound(w, r)
			return
		}
		http.Error(w, err.Error(), http.StatusInternalServerError) //!status
	}
}
`,
	})
	text := Analyze(statusReport("article intro: article not found\n", app.frame(t, "status", "main.article")))
	mustHave(t, text, "Test it with `stderrors.Is(err, errors.ErrNoArticle)`", "the file's `errors` is `example.com/wiki/errors`")
}
