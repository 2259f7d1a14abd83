package offline

import (
	"strings"
	"testing"
)

// compactFiles is a store that compacts its SQLite file with VACUUM on
// the transaction that pruned it.
var compactFiles = map[string]string{
	"go.mod": "module example.com/compact\n\ngo 1.22\n",
	"store/store.go": `package store

import (
	"context"
	"database/sql"
)

// Store keeps pages.
type Store struct{ conn *sql.DB }

// Prune drops old pages and compacts the file.
func (s *Store) Prune(ctx context.Context) error {
	tx, err := s.conn.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	defer tx.Rollback()
	if _, err := tx.ExecContext(ctx, "DELETE FROM pages WHERE age > 30"); err != nil {
		return err
	}
	if _, err := tx.ExecContext(ctx, "VACUUM"); err != nil {
		return err
	}
	return tx.Commit()
}
`,
	"main.go": `package main

import (
	"net/http"

	"example.com/compact/store"
)

var pages *store.Store

func prune(w http.ResponseWriter, r *http.Request) {
	if err := pages.Prune(r.Context()); err != nil {
		http.Error(w, err.Error(), http.StatusInternalServerError) //!status
	}
}
`,
}

// TestTxRefusedStatement: a VACUUM SQLite refuses inside a transaction is
// traced to the call that runs it on the transaction, and the fix runs it
// on the handle the transaction was begun on.
func TestTxRefusedStatement(t *testing.T) {
	msg := "cannot VACUUM from within a transaction"
	app := writeMarkedApp(t, compactFiles)
	text := Analyze(statusReport(msg, app.frame(t, "status", "prune")))
	mustHave(t, text, "A `VACUUM` run inside a transaction",
		"`(*Store).Prune` runs it on the transaction `tx` at `store.go:21`: `if _, err := tx.ExecContext(ctx, \"VACUUM\"); err != nil {`",
		"commit the transaction first and then run `VACUUM` on `s.conn`, the handle the transaction was begun on: `s.conn.ExecContext(ctx, \"VACUUM\")` in place of `tx.ExecContext(ctx, \"VACUUM\")`")

	// Without a call on a transaction in the module, no place is named.
	bare := map[string]string{
		"go.mod":         compactFiles["go.mod"],
		"main.go":        compactFiles["main.go"],
		"store/store.go": "package store\n\nimport \"context\"\n\n// Store keeps pages.\ntype Store struct{}\n\n// Prune drops old pages.\nfunc (s *Store) Prune(ctx context.Context) error { return nil }\n",
	}
	app = writeMarkedApp(t, bare)
	text = Analyze(statusReport(msg, app.frame(t, "status", "prune")))
	mustHave(t, text, "A `VACUUM` run inside a transaction", "Find where `VACUUM` is run")
	if strings.Contains(text, "runs it on the transaction") {
		t.Errorf("a place named with no call on a transaction:\n%s", text)
	}
}
