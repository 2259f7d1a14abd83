package offline

import "testing"

// memberFiles is an app whose store recognises a duplicate by the
// constraint name it writes in checked.
func memberFiles(checked string) map[string]string {
	return map[string]string{
		"go.mod":     "module example.com/club\n\ngo 1.22\n",
		"schema.sql": "CREATE TABLE members (\n  id serial PRIMARY KEY,\n  handle text NOT NULL UNIQUE\n);\n",
		"store/store.go": `package store

import (
	"database/sql"
	"errors"
	"fmt"
	"strings"
)

// ErrTaken says the handle is taken.
var ErrTaken = errors.New("handle taken")

// Store keeps members.
type Store struct{ db *sql.DB }

// Join adds a member.
func (s *Store) Join(handle string) error {
	_, err := s.db.Exec("INSERT INTO members (handle) VALUES ($1)", handle)
	if err != nil {
		if strings.Contains(err.Error(), "` + checked + `") {
			return ErrTaken
		}
		return fmt.Errorf("joining: %w", err) //!made
	}
	return nil
}
`,
	}
}

// TestUniqueCheckOfAnotherConstraintName: the store answers a duplicate
// by a constraint name the database does not give: the check is named,
// with the name the error gives, and no check is advised again.
func TestUniqueCheckOfAnotherConstraintName(t *testing.T) {
	msg := `joining: ERROR: duplicate key value violates unique constraint "members_handle_key" (SQLSTATE 23505)`
	app := writeMarkedApp(t, memberFiles(`violates unique constraint \"members_handle_unique\"`))
	r := statusReport(msg, app.frame(t, "made", "example.com/club/store.(*Store).Join"))
	text := Analyze(r)
	mustHave(t, text, "already recognises a duplicate at", "by the constraint `members_handle_unique`",
		"the database named another constraint than `members_handle_unique`: `members_handle_key`",
		"No schema file of the module names `members_handle_unique`", "match `members_handle_key`", "SQLSTATE 23505")
	mustLack(t, text, "check for the value first")

	// The check names the constraint the error gives: not this class.
	app = writeMarkedApp(t, memberFiles(`violates unique constraint \"members_handle_key\"`))
	text = Analyze(statusReport(msg, app.frame(t, "made", "example.com/club/store.(*Store).Join")))
	mustLack(t, text, "already recognises a duplicate", "another constraint than")
}
