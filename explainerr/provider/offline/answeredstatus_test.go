package offline

import (
	"strings"
	"testing"

	"github.com/explainerr/explainerr/explainerr/report"
)

// signupFiles is an app whose handler answers 409 when the store returns
// its ErrTaken; the store's Create no longer looks the name up first, so
// the database's unique violation reaches the handler as another error.
// Rename still returns ErrTaken.
func signupFiles(branch string) map[string]string {
	return map[string]string{
		"go.mod": "module example.com/signup\n",
		"store/store.go": `package store

import (
	"database/sql"
	"errors"
)

// ErrTaken says the name is in use.
var ErrTaken = errors.New("name taken")

// Store keeps members.
type Store struct{ db *sql.DB }

// Create adds a member.
func (s *Store) Create(name string) error {
	_, err := s.db.Exec("INSERT INTO members (name) VALUES ($1)", name)
	return err
}

// Rename renames a member.
func (s *Store) Rename(from, to string) error {
	var n int
	if err := s.db.QueryRow("SELECT count(*) FROM members WHERE name = $1", to).Scan(&n); err != nil {
		return err
	}
	if n > 0 {
		return ErrTaken
	}
	_, err := s.db.Exec("UPDATE members SET name = $1 WHERE name = $2", to, from)
	return err
}
`,
		"web/web.go": `package web

import (
	"errors"
	"net/http"

	"example.com/signup/store"
)

type handler struct{ members *store.Store }

func (h *handler) signup(w http.ResponseWriter, r *http.Request) {
	err := h.members.Create(r.FormValue("name"))
	` + branch + `
	if err != nil {
		w.WriteHeader(http.StatusInternalServerError) //! status
	}
}

var _ = errors.Is
`,
	}
}

// TestConflictAlreadyAnsweredForAnotherError: a unique violation that
// reached 500 in a handler that already answers 409 for the app's own
// error says so, and advises returning that error from the write, citing
// where the module returns it, instead of advising a 409 again; a switch
// case and an == test count as such a branch, a branch answering another
// status or testing another module's error does not.
func TestConflictAlreadyAnsweredForAnotherError(t *testing.T) {
	logs := []report.LogLine{{Text: `{"level":"error","msg":"signup failed","error":"pq: duplicate key value violates unique constraint \"members_name_key\""}`}}
	for _, branch := range []string{
		"if errors.Is(err, store.ErrTaken) {\n\t\thttp.Error(w, \"taken\", http.StatusConflict)\n\t\treturn\n\t}",
		"switch {\n\tcase err == store.ErrTaken:\n\t\tw.WriteHeader(409)\n\t\treturn\n\t}",
	} {
		app := writeMarkedApp(t, signupFiles(branch))
		r := statusReport("", app.frame(t, "status", "signup"))
		r.Logs = logs
		text := Analyze(r)
		mustHave(t, text, "`(*handler).signup` already answers 409 Conflict when the error is `store.ErrTaken`",
			"Make the function that writes the row return `store.ErrTaken` for a duplicate",
			"`(*Store).Rename` returns it at `store.go:")
		mustLack(t, text, "answer 409 Conflict (`http.StatusConflict`)")
	}
	for _, branch := range []string{
		"if errors.Is(err, store.ErrTaken) {\n\t\thttp.Error(w, \"taken\", http.StatusBadRequest)\n\t\treturn\n\t}",
		"if errors.Is(err, sql.ErrNoRows) {\n\t\thttp.Error(w, \"taken\", http.StatusConflict)\n\t\treturn\n\t}",
	} {
		files := signupFiles(branch)
		files["web/web.go"] = strings.Replace(files["web/web.go"], "\"errors\"", "\"database/sql\"\n\t\"errors\"", 1)
		app := writeMarkedApp(t, files)
		r := statusReport("", app.frame(t, "status", "signup"))
		r.Logs = logs
		text := Analyze(r)
		mustLack(t, text, "already answers 409")
		mustHave(t, text, "409 Conflict")
	}
}

// TestConflictAnsweredForAnotherConstraintName: a handler that answers
// 409 when the error names a constraint the database does not report
// (the schema's name is another) is said to test the wrong name, instead
// of being advised a 409 again.
func TestConflictAnsweredForAnotherConstraintName(t *testing.T) {
	files := signupFiles("if err != nil && strings.Contains(err.Error(), \"idx_members_name\") {\n\t\thttp.Error(w, \"taken\", http.StatusConflict)\n\t\treturn\n\t}")
	files["web/web.go"] = strings.Replace(files["web/web.go"], "\"net/http\"", "\"net/http\"\n\t\"strings\"", 1)
	app := writeMarkedApp(t, files)
	r := statusReport("", app.frame(t, "status", "signup"))
	r.Logs = []report.LogLine{{Text: `{"level":"error","msg":"signup failed","error":"pq: duplicate key value violates unique constraint \"members_name_key\""}`}}
	text := Analyze(r)
	mustHave(t, text, "already answers 409 Conflict when the error names the constraint `idx_members_name`",
		"Test for the constraint the database reports, `members_name_key`")
	mustLack(t, text, "answer 409 Conflict (`http.StatusConflict`)")
}
