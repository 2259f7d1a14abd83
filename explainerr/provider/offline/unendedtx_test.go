package offline

import (
	"testing"

	"github.com/explainerr/explainerr/explainerr/report"
)

// hitCounterFiles: one function begins a transaction and never ends it;
// another ends its own; a third hands its transaction to its caller.
var hitCounterFiles = map[string]string{
	"go.mod": "module example.com/counter\n",
	"main.go": `package main

import (
	"database/sql"
	"fmt"
	"net/http"
)

type store struct{ db *sql.DB }

func (s *store) touch(id string) error {
	tx, err := s.db.Begin()
	if err != nil {
		return err
	}
	_, err = tx.Exec("UPDATE pages SET hits = hits + 1 WHERE id = ?", id)
	return err
}

func (s *store) save(id, body string) error {
	tx, err := s.db.Begin()
	if err != nil {
		return err
	}
	defer tx.Rollback()
	if _, err := tx.Exec("INSERT INTO pages (id, body) VALUES (?, ?)", id, body); err != nil {
		return fmt.Errorf("exec save: %w", err)
	}
	return tx.Commit()
}

func (s *store) begin() (*sql.Tx, error) {
	tx, err := s.db.Begin()
	return tx, err
}

func (s *store) handle(w http.ResponseWriter, r *http.Request) error {
	return s.save(r.FormValue("id"), r.FormValue("body")) //! save
}
`,
}

// TestLockWaitByATransactionLeftOpen: a write that waited for SQLite's
// lock is explained by the module's one function that begins a
// transaction and never ends it (one that hands its transaction on is
// not such a function).
func TestLockWaitByATransactionLeftOpen(t *testing.T) {
	app := writeMarkedApp(t, hitCounterFiles)
	r := panicReport("*fmt.wrapError", "exec save: database is locked", app.frame(t, "save", "(*store).handle"))
	r.Error.Kind = report.KindError
	text := Analyze(r)
	mustHave(t, text, "A transaction left open: `(*store).touch` never commits or rolls back", "End the transaction in `(*store).touch`")
	mustLack(t, text, "`(*store).begin` never")
}
