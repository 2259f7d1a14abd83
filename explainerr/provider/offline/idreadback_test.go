package offline

import "testing"

// TestForeignKeyToARowWhoseIDWasNotReadBack: the request inserts the
// account, reads back its creation time only, and makes its session with
// the account's id, still 0: the RETURNING list is the fix.
func TestForeignKeyToARowWhoseIDWasNotReadBack(t *testing.T) {
	app := writeMarkedApp(t, map[string]string{
		"go.mod": "module example.com/signup\n\ngo 1.22\n",
		"store/store.go": `package store

import (
	"database/sql"
	"time"
)

// Account is an account.
type Account struct {
	ID      int64
	Email   string
	Created time.Time
}

// Store keeps accounts.
type Store struct{ DB *sql.DB }

// Create inserts an account.
func (s *Store) Create(a *Account) error {
	q := ` + "`INSERT INTO accounts (email) VALUES ($1) RETURNING created_at`" + `
	return s.DB.QueryRow(q, a.Email).Scan(&a.Created)
}

// NewSession starts an account's session.
func (s *Store) NewSession(accountID int64) error {
	_, err := s.DB.Exec("INSERT INTO sessions (account_id) VALUES ($1)", accountID)
	return err
}
`,
		"web/web.go": `package web

import (
	"net/http"

	"example.com/signup/store"
)

var accounts *store.Store

// SignUp makes an account and its first session.
func SignUp(w http.ResponseWriter, r *http.Request) {
	a := &store.Account{Email: r.FormValue("email")}
	if err := accounts.Create(a); err != nil {
		http.Error(w, err.Error(), http.StatusInternalServerError)
		return
	}
	if err := accounts.NewSession(a.ID); err != nil {
		http.Error(w, err.Error(), http.StatusInternalServerError) //!status
	}
}
`,
	})
	r := statusReport(`pq: insert or update on table "sessions" violates foreign key constraint "sessions_account_id_fkey"`, app.frame(t, "status", "example.com/signup/web.SignUp"))
	text := Analyze(r)
	mustHave(t, text, "reads back only `RETURNING created_at`: not the new row's id", "add `id` to `RETURNING created_at`")
	mustLack(t, text, "Check that the referenced row exists before inserting")
}
