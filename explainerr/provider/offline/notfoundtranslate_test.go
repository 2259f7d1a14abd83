package offline

import "testing"

// membersFiles keep a not-found error of their own: the store's lookups
// turn sql.ErrNoRows into it and the handler answers it with 404; ByID
// lost its translation.
var membersFiles = map[string]string{
	"go.mod": "module example.com/members\n",
	"store/store.go": `package store

import (
	"database/sql"
	"errors"
	"fmt"
)

// ErrNotFound says no member matched.
var ErrNotFound = errors.New("member not found")

// Store keeps members.
type Store struct{ db *sql.DB }

// ByEmail finds a member by email.
func (s *Store) ByEmail(email string) (string, error) {
	var name string
	if err := s.db.QueryRow("SELECT name FROM members WHERE email = $1", email).Scan(&name); err != nil {
		if errors.Is(err, sql.ErrNoRows) {
			return "", ErrNotFound
		}
		return "", fmt.Errorf("byemail: %w", err)
	}
	return name, nil
}

// ByID finds a member by id.
func (s *Store) ByID(id int) (string, error) {
	var name string
	if err := s.db.QueryRow("SELECT name FROM members WHERE id = $1", id).Scan(&name); err != nil {
		return "", fmt.Errorf("byid: %w", err)
	}
	return name, nil
}
`,
	"web/members.go": `package web

import (
	"errors"
	"net/http"

	"example.com/members/store"
)

// Members answers members.
type Members struct{ store *store.Store }

// Show shows a member.
func (m *Members) Show(w http.ResponseWriter, r *http.Request) {
	name, err := m.store.ByID(7)
	if err != nil {
		switch {
		case errors.Is(err, store.ErrNotFound):
			http.Error(w, "no such member", http.StatusNotFound)
			return
		default:
			http.Error(w, err.Error(), http.StatusInternalServerError) //! fail
			return
		}
	}
	w.Write([]byte(name))
}
`,
}

// TestNotFoundTranslationLost: a driver's not-found answered 500 where the
// handler answers the app's own not-found with 404 and the lookups beside
// the one that ran translate into it: the fix is that lookup's, and no
// test of sql.ErrNoRows in the handler is advised.
func TestNotFoundTranslationLost(t *testing.T) {
	app := writeMarkedApp(t, membersFiles)
	f := app.frame(t, "fail", "x")
	f.Function = "example.com/members/web.(*Members).Show"
	text := Analyze(statusReport("byid: sql: no rows in result set\n", f))
	mustHave(t, text, "where the app answers its own `store.ErrNotFound`", "it tests `store.ErrNotFound` at `(*Members).Show`",
		"as at `(*Store).ByEmail` (`store.go:19`)", "In `(*Store).ByID`, return `store.ErrNotFound`")
	mustLack(t, text, "if errors.Is(err, sql.ErrNoRows) {\n")
}
