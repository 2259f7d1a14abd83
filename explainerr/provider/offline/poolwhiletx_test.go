package offline

import "testing"

// TestStatementOnThePoolWhileItsTransactionIsOpen: a statement run on
// the pool inside a function that holds a transaction open on it waits
// for the transaction's lock until its context ends; the fix runs it on
// the transaction.
func TestStatementOnThePoolWhileItsTransactionIsOpen(t *testing.T) {
	app := writeMarkedApp(t, map[string]string{
		"go.mod": "module example.com/stock\n\ngo 1.22\n",
		"store/store.go": `package store

import (
	"context"
	"database/sql"
	"time"
)

// Store keeps stock.
type Store struct{ DB *sql.DB }

// Take takes one item off the shelf.
func (s *Store) Take(id int) error {
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Second)
	defer cancel()
	tx, err := s.DB.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	defer tx.Rollback()
	var n int
	if err := tx.QueryRowContext(ctx, "SELECT count FROM stock WHERE id = $1 FOR UPDATE", id).Scan(&n); err != nil {
		return err
	}
	if _, err := s.DB.ExecContext(ctx, "UPDATE stock SET count = count - 1 WHERE id = $1", id); err != nil {
		return err //!ret
	}
	return tx.Commit()
}
`,
	})
	r := statusReport("context deadline exceeded", app.frame(t, "ret", "example.com/stock/store.(*Store).Take"))
	text := Analyze(r)
	mustHave(t, text, "begins a transaction on `s.DB`", "runs a statement on `s.DB` itself at `store.go:", "on the transaction, not on `s.DB`")
}
