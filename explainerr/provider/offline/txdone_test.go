package offline

import "testing"

// ledgerFiles is a store whose Post commits its transaction before the
// insert that still runs on it (commitFirst), or after it.
func ledgerFiles(commitFirst bool) map[string]string {
	early, late := "", "\n\tif err := tx.Commit(); err != nil {\n\t\treturn err\n\t}"
	if commitFirst {
		early, late = late, ""
	}
	return map[string]string{
		"go.mod": "module example.com/ledger\n\ngo 1.22\n",
		"store/store.go": `package store

import "database/sql"

// Store keeps the ledger.
type Store struct{ db *sql.DB }

// Post records an amount unless the reference was seen.
func (s *Store) Post(ref string, amount int) error {
	tx, err := s.db.Begin()
	if err != nil {
		return err
	}
	defer tx.Rollback()
	var seen bool
	if err := tx.QueryRow("SELECT true FROM entries WHERE ref = $1", ref).Scan(&seen); err != nil && err != sql.ErrNoRows {
		return err
	}` + early + `
	if !seen {
		if _, err := tx.Exec("INSERT INTO entries (ref, amount) VALUES ($1, $2)", ref, amount); err != nil {
			return err
		}
	}` + late + `
	return nil
}
`,
		"main.go": `package main

import (
	"net/http"

	"example.com/ledger/store"
)

var ledger *store.Store

func post(w http.ResponseWriter, r *http.Request) {
	if err := ledger.Post(r.FormValue("ref"), 1); err != nil {
		http.Error(w, err.Error(), http.StatusInternalServerError) //!status
	}
}
`,
	}
}

// TestTxUsedAfterCommit: sql.ErrTxDone is traced to the function that
// commits before its last statement on the transaction; a deferred
// Rollback and a commit at the end are not faults.
func TestTxUsedAfterCommit(t *testing.T) {
	msg := "sql: transaction has already been committed or rolled back\n"
	app := writeMarkedApp(t, ledgerFiles(true))
	text := Analyze(statusReport(msg, app.frame(t, "status", "post")))
	mustHave(t, text, "`(*Store).Post` calls `Commit` at", "move the `Commit` at `store.go:19` below `store.go:23`")

	app = writeMarkedApp(t, ledgerFiles(false))
	text = Analyze(statusReport(msg, app.frame(t, "status", "post")))
	mustLack(t, text, "calls `Commit` at")
}

// kennelFiles is a store whose helper commits, inside the function it
// hands to the ORM's Transaction, the transaction Transaction commits
// itself (helperCommits), or returns nil and lets it commit; an unrelated
// function of the module that commits too early is never reached.
func kennelFiles(helperCommits bool) map[string]string {
	ret := "return nil"
	if helperCommits {
		ret = "return tx.Commit()"
	}
	return map[string]string{
		"go.mod": "module example.com/kennel\n\ngo 1.22\n",
		"orm/orm.go": `package orm

// DB stands for an ORM's handle.
type DB struct{}

// Transaction runs fn in a transaction it commits.
func (db *DB) Transaction(fn func(*DB) error) error { return fn(db) }

// Create inserts.
func (db *DB) Create(any) error { return nil }

// Commit commits.
func (db *DB) Commit() error { return nil }
`,
		"repo/repo.go": `package repo

import "example.com/kennel/orm"

// Repo is the repository.
type Repo struct{ db *orm.DB }

// InsertAll inserts in one transaction.
func (r *Repo) InsertAll(names []string) error { return insertChunked(r.db, names) }

func insertChunked(db *orm.DB, names []string) error {
	return db.Transaction(func(tx *orm.DB) error {
		for _, n := range names {
			if err := tx.Create(n); err != nil {
				return err
			}
		}
		` + ret + `
	})
}
`,
		"audit/audit.go": `package audit

import "database/sql"

// Sweep is a maintenance job no request runs.
func Sweep(db *sql.DB) error {
	tx, _ := db.Begin()
	tx.Commit()
	_, err := tx.Exec("DELETE FROM logs")
	return err
}
`,
		"main.go": `package main

import (
	"net/http"

	"example.com/kennel/repo"
)

var dogs *repo.Repo

func register(w http.ResponseWriter, r *http.Request) {
	if err := dogs.InsertAll([]string{"rex"}); err != nil {
		http.Error(w, err.Error(), http.StatusInternalServerError) //!status
	}
}
`,
	}
}

// TestTxCommittedInsideItsHelper: sql.ErrTxDone is traced to the function
// the request reached that commits inside the function it hands to a
// helper that commits itself, before a module function no request
// reaches.
func TestTxCommittedInsideItsHelper(t *testing.T) {
	msg := "sql: transaction has already been committed or rolled back\n"
	app := writeMarkedApp(t, kennelFiles(true))
	text := Analyze(statusReport(msg, app.frame(t, "status", "register")))
	mustHave(t, text, "The function `insertChunked` hands to a transaction helper at `repo.go:12` calls `Commit` itself", "remove the `Commit` at `repo.go:18`")
	mustLack(t, text, "Sweep")
}
