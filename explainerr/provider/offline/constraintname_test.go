package offline

import (
	"testing"

	"github.com/explainerr/explainerr/explainerr/report"
)

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

// TestUniqueCheckByAConstantInAPredicate: the test of the constraint's
// name is in a predicate the handler hands the error to, against a
// constant of the package, in a handler a library ran (the stack and the
// request's reach do not show it): it is found by the name's first words,
// cited, and no 409 is advised, which the code already answers.
func TestUniqueCheckByAConstantInAPredicate(t *testing.T) {
	app := writeMarkedApp(t, map[string]string{
		"go.mod": "module example.com/queue\n\ngo 1.22\n",
		"retry.go": `package main

import (
	"context"
	"errors"
	"net/http"

	"github.com/jackc/pgx/v5/pgconn"
)

// retryConstraint is the unique index a retried job may collide with.
const retryConstraint = "queue_job_kind_unique_key_idx"

// retryEndpoint retries jobs; a library runs its Execute.
type retryEndpoint struct{ exec func(ctx context.Context) error }

// Execute retries the job.
func (e *retryEndpoint) Execute(ctx context.Context) (int, error) {
	if err := e.exec(ctx); err != nil {
		if isRetryConflict(err) { //!test
			return http.StatusConflict, err
		}
		return 0, err
	}
	return http.StatusOK, nil
}

// isRetryConflict reports whether err is the retry's unique violation.
func isRetryConflict(err error) bool {
	var pgErr *pgconn.PgError
	return errors.As(err, &pgErr) && pgErr.ConstraintName == retryConstraint
}
`,
		"main.go": `package main

import "net/http"

// serve hands every request to the library's router.
func serve(w http.ResponseWriter, r *http.Request) {
	router.ServeHTTP(w, r) //!serve
}

var router http.Handler
`,
	})
	_, test := app.line("test")
	r := statusReport(`{"message":"Internal server error."}`, app.frame(t, "serve", "main.serve"))
	r.Logs = []report.LogLine{{Text: `level=ERROR msg="error running API route" error="ERROR: duplicate key value violates unique constraint \"queue_job_unique_idx\" (SQLSTATE 23505)"`}}
	text := Analyze(r)
	mustHave(t, text, "already recognises a duplicate at `(*retryEndpoint).Execute` (`retry.go:"+itoa(test)+"`)", "by the constraint `queue_job_kind_unique_key_idx`",
		"Make the test at `retry.go:"+itoa(test)+"` match `queue_job_unique_idx`")
	mustLack(t, text, "answer 409 Conflict (`http.StatusConflict`) with a clear message")
}
