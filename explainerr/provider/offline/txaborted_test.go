package offline

import "testing"

// linkFiles is a store that lets a duplicate insert's error pass inside
// its transaction and goes on with another statement on it.
var linkFiles = map[string]string{
	"go.mod": "module example.com/links\n\ngo 1.22\n",
	"store/store.go": `package store

import (
	"database/sql"
	"strings"
)

// Store keeps links.
type Store struct{ db *sql.DB }

func isDuplicate(err error) bool { return strings.Contains(err.Error(), "duplicate") }

// Link tags a bookmark.
func (s *Store) Link(bookmark, tag int) error {
	tx, err := s.db.Begin()
	if err != nil {
		return err
	}
	defer tx.Rollback()
	if _, err := tx.Exec("INSERT INTO bookmark_tag (bookmark_id, tag_id) VALUES ($1, $2)", bookmark, tag); err != nil && !isDuplicate(err) {
		return err
	}
	if _, err := tx.Exec("UPDATE bookmark SET modified = now() WHERE id = $1", bookmark); err != nil {
		return err
	}
	return tx.Commit()
}
`,
	"main.go": `package main

import (
	"net/http"

	"example.com/links/store"
)

var links *store.Store

func link(w http.ResponseWriter, r *http.Request) {
	if err := links.Link(1, 2); err != nil {
		http.Error(w, err.Error(), http.StatusInternalServerError) //!status
	}
}
`,
}

// TestTxAbortedAfterAnErrorLetPass: PostgreSQL's aborted transaction is
// traced to the function that lets a statement's error pass (for
// duplicates) and runs another on the same transaction.
func TestTxAbortedAfterAnErrorLetPass(t *testing.T) {
	msg := "pq: current transaction is aborted, commands ignored until end of transaction block\n"
	app := writeMarkedApp(t, linkFiles)
	text := Analyze(statusReport(msg, app.frame(t, "status", "link")))
	mustHave(t, text, "A statement ran in a transaction that had already failed",
		"`(*Store).Link` lets an error of the statement at `store.go:20` pass",
		"then runs another on the same transaction at `store.go:23`",
		"means to go on when that statement fails", "keep the statement at `store.go:20` from aborting the transaction: run it under a savepoint")
	mustLack(t, text, "return the error of the statement")
}

// TestTxAbortedInATransactionHelpersLiteral: the same in the function
// literal a transaction helper runs (r.db.WithTransaction(func() error
// {…})), the statements written on the store's own handle, the insert's
// success tested with err == nil, the next statement a method of the
// same store; and an error dropped outright is to be returned.
func TestTxAbortedInATransactionHelpersLiteral(t *testing.T) {
	for _, tc := range []struct{ first, want string }{
		{"if err := r.db.Create(p); err == nil {\n\t\t\treturn nil\n\t\t}", "run it under a savepoint"},
		{"r.db.Create(p)", "return the error of the statement at `prefs.go:16`"},
	} {
		app := writeMarkedApp(t, map[string]string{
			"go.mod": "module example.com/prefs\n\ngo 1.22\n",
			"store/prefs.go": `package store

// DB runs statements, in a transaction when asked.
type DB interface {
	WithTransaction(fn func() error) error
	Create(v any) error
	Update(v any) error
}

// Prefs keeps preferences.
type Prefs struct{ db DB }

// Upsert writes a preference.
func (r *Prefs) Upsert(p any) error {
	return r.db.WithTransaction(func() error {
		` + tc.first + `
		if err := r.touch(p); err != nil {
			return err
		}
		return r.db.Update(p)
	})
}

// touch marks a preference read.
func (r *Prefs) touch(p any) error { return r.db.Update(p) }
`,
			"main.go": `package main

import (
	"net/http"

	"example.com/prefs/store"
)

var prefs *store.Prefs

func set(w http.ResponseWriter, r *http.Request) {
	if err := prefs.Upsert(1); err != nil {
		http.Error(w, err.Error(), http.StatusInternalServerError) //!status
	}
}
`,
		})
		text := Analyze(statusReport("ERROR: current transaction is aborted, commands ignored until end of transaction block (SQLSTATE 25P02)\n", app.frame(t, "status", "set")))
		mustHave(t, text, "`(*Prefs).Upsert` lets an error of the statement at `prefs.go:16` pass", "and then runs another on the same transaction at", "(`if err := r.touch(p); err != nil {`)", tc.want)
	}
}
