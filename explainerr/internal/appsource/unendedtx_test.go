package appsource

import (
	"testing"

	"github.com/explainerr/explainerr/explainerr/report"
)

// TestLockWaitBringsTheTransactionLeftOpen: a statement that waited for a
// lock brings the function that begins a transaction and never ends it,
// not one that ends its own, hands it on or stores it.
func TestLockWaitBringsTheTransactionLeftOpen(t *testing.T) {
	root := writeModule(t, map[string]string{
		"go.mod": "module example.com/counter\n",
		"store.go": `package counter

import "database/sql"

type store struct {
	db *sql.DB
	tx *sql.Tx
}

func (s *store) touch(id string) error {
	tx, err := s.db.Begin()
	if err != nil {
		return err
	}
	_, err = tx.Exec("UPDATE pages SET hits = hits + 1 WHERE id = ?", id)
	return err
}

func (s *store) save(id string) error {
	tx, err := s.db.Begin()
	if err != nil {
		return err
	}
	defer tx.Rollback()
	if _, err := tx.Exec("INSERT INTO pages (id) VALUES (?)", id); err != nil {
		return err
	}
	return tx.Commit()
}

func (s *store) begin() (*sql.Tx, error) {
	tx, err := s.db.Begin()
	return tx, err
}

func (s *store) keep() error {
	tx, err := s.db.Begin()
	if err != nil {
		return err
	}
	s.tx = tx
	return nil
}
`,
	})
	fr := report.Frame{Function: "example.com/counter.(*store).save", File: "store.go", Line: 24}
	got := reasons(Static(shelfReport(root, "database is locked", fr)))
	if !contains(got["origin"], "store.go:(*store).touch") || contains(got["origin"], "store.go:(*store).begin") || contains(got["origin"], "store.go:(*store).keep") {
		t.Errorf("the transaction left open is not (only) the origin: %v", got)
	}
}
