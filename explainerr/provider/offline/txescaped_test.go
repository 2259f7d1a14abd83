package offline

import "testing"

// TestTransactionKeptPastItsHelper: the function handed to a transaction
// helper keeps the transaction in a variable of the function around it,
// which uses it after the helper returned (and ended it): the helper's
// call, the line that keeps the transaction and the later use are cited,
// among two functions whose formats write the same words.
func TestTransactionKeptPastItsHelper(t *testing.T) {
	app := writeMarkedApp(t, map[string]string{
		"go.mod": "module example.com/ledger\n\ngo 1.22\n",
		"main.go": `package main

import (
	"context"
	"database/sql"
	"fmt"
)

var db *sql.DB

// inTx runs fn in a transaction and commits it.
func inTx(ctx context.Context, fn func(tx *sql.Tx) error) error {
	tx, err := db.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	if err := fn(tx); err != nil {
		tx.Rollback()
		return err
	}
	return tx.Commit()
}

// Close closes an account and counts what is left.
func Close(ctx context.Context, id int) (int, error) {
	var tx *sql.Tx
	err := inTx(ctx, func(t *sql.Tx) error { //!helper
		tx = t //!kept
		_, err := t.ExecContext(ctx, "UPDATE account SET closed = true WHERE id = $1", id)
		return err
	})
	if err != nil {
		return 0, err
	}
	var n int
	if err := tx.QueryRowContext(ctx, "SELECT count(*) FROM account WHERE NOT closed").Scan(&n); err != nil { //!used
		return 0, fmt.Errorf("counting accounts: %w", err)
	}
	return n, nil
}

// Count counts the open accounts.
func Count(ctx context.Context) (int, error) {
	var n int
	if err := db.QueryRowContext(ctx, "SELECT count(*) FROM account WHERE NOT closed").Scan(&n); err != nil {
		return 0, fmt.Errorf("counting accounts: %w", err)
	}
	return n, nil
}
`,
	})
	_, helper := app.line("helper")
	_, kept := app.line("kept")
	_, used := app.line("used")
	text := Analyze(statusReport("counting accounts: sql: transaction has already been committed or rolled back\n", app.frame(t, "used", "main.Close")))
	mustHave(t, text, "A transaction used after the helper that ran it ended it: `tx`", "`main.go:"+itoa(helper)+"`", "`main.go:"+itoa(kept)+"`", "Run the statement at `main.go:"+itoa(used)+"` inside the function handed to the helper")
}
