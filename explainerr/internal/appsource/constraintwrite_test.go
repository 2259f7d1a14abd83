package appsource

import (
	"testing"

	"github.com/explainerr/explainerr/explainerr/report"
)

// TestConstraintErrorThatNamesNothingBringsTheWrite: a duplicate-key
// error with no table or column, logged by a handler, brings the helper
// three calls below it that writes the rows through the ORM, as a query;
// a failure of another kind does not.
func TestConstraintErrorThatNamesNothingBringsTheWrite(t *testing.T) {
	mod := map[string]string{}
	for k, v := range kennelModule {
		mod[k] = v
	}
	root := writeModule(t, mod)
	fr := report.Frame{Function: "example.com/kennel/web.(*handler).register", File: "web/web.go", Line: 12}
	r := shelfReport(root, "500 internal server error", fr)
	r.Logs = []report.LogLine{{Text: `level=ERROR msg="failed to register" error="duplicated key not allowed"`}}
	got := reasons(Static(r))
	if !contains(got["query"], "repo/repo.go:insertChunked") {
		t.Errorf("the write is not shown as the query: %v", got)
	}
	r.Logs = []report.LogLine{{Text: `level=ERROR msg="failed to register" error="context canceled"`}}
	if got := reasons(Static(r)); contains(got["query"], "repo/repo.go:insertChunked") {
		t.Errorf("a write is shown for another failure: %v", got)
	}
}

// TestConstraintErrorWhoseNamesNoSQLTextHasBringsTheWrite: a foreign key
// error that names its table and constraint, written by an ORM (no SQL
// text of the module names either), brings the write the request reached
// the same way.
func TestConstraintErrorWhoseNamesNoSQLTextHasBringsTheWrite(t *testing.T) {
	root := writeModule(t, kennelModule)
	fr := report.Frame{Function: "example.com/kennel/web.(*handler).register", File: "web/web.go", Line: 12}
	r := shelfReport(root, "500 internal server error", fr)
	r.Logs = []report.LogLine{{Text: `level=ERROR msg="failed to register" error="ERROR: insert or update on table \"dog_tags\" violates foreign key constraint \"fk_dogs_tags\" (SQLSTATE 23503)"`}}
	if got := reasons(Static(r)); !contains(got["query"], "repo/repo.go:insertChunked") {
		t.Errorf("the write is not shown as the query: %v", got)
	}
}

// TestNotNullBringsTheInsertThatLeavesTheColumnOut: a NOT NULL violation
// of accounts.locked brings, as the query, the INSERT into accounts that
// does not name locked, not the UPDATE that does.
func TestNotNullBringsTheInsertThatLeavesTheColumnOut(t *testing.T) {
	root := writeModule(t, map[string]string{
		"go.mod": "module example.com/accts\n",
		"store/store.go": `package store

import "database/sql"

// Store keeps accounts.
type Store struct{ db *sql.DB }

// Lock locks an account.
func (s *Store) Lock(id int) error {
	_, err := s.db.Exec("UPDATE accounts SET locked = ? WHERE id = ?", true, id)
	return err
}

// Create adds an account.
func (s *Store) Create(name string) error {
	_, err := s.db.Exec("INSERT INTO accounts (username, password) VALUES (?, ?)", name, "x")
	return err
}
`,
		"web/web.go": `package web

import (
	"net/http"

	"example.com/accts/store"
)

var accounts *store.Store

func signup(w http.ResponseWriter, r *http.Request) {
	if err := accounts.Create(r.FormValue("name")); err != nil {
		panic(err)
	}
}
`,
	})
	fr := report.Frame{Function: "example.com/accts/web.signup", File: "web/web.go", Line: 13}
	got := reasons(Static(shelfReport(root, "Create: NOT NULL constraint failed: accounts.locked", fr)))
	if !contains(got["query"], "store/store.go:(*Store).Create") || contains(got["query"], "store/store.go:(*Store).Lock") {
		t.Errorf("the insert that leaves locked out is not (only) the query: %v", got)
	}
}
