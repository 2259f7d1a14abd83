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
