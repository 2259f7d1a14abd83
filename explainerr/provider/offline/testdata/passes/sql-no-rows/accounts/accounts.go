package accounts

import (
	"database/sql"
	"errors"
	"fmt"
	"net/http"
)

// Store reads and writes accounts.
type Store struct{ db *sql.DB }

// ByEmail returns the account with email, or an error.
func (s *Store) ByEmail(email string) (*string, error) {
	var id string
	if err := s.db.QueryRow("SELECT id FROM accounts WHERE email = ?", email).Scan(&id); err != nil {
		return nil, fmt.Errorf("account %s: %w", email, err)
	}
	return &id, nil
}

// ByID returns the account with id, nil when there is none.
func (s *Store) ByID(id string) (*string, error) {
	var email string
	err := s.db.QueryRow("SELECT email FROM accounts WHERE id = ?", id).Scan(&email)
	if errors.Is(err, sql.ErrNoRows) {
		return nil, nil
	}
	return &email, err
}

//explainerr:failure error *fmt.wrapError account ann@example.com: sql: no rows in result set

// SignUp creates the account of the form's email unless one exists.
func (s *Store) SignUp(w http.ResponseWriter, r *http.Request) error {
	found, err := s.ByEmail(r.FormValue("email")) // want `A lookup answered "no rows" with an error where its caller expects nil` `it tests .found. at .\(\*Store\)\.SignUp. \(.accounts\.go:40.\)` `as at .\(\*Store\)\.ByID. \(.accounts\.go:26.\)` `Make .\(\*Store\)\.ByEmail. \(.accounts\.go:14.\) answer a missing row with a .nil. result`
	if err != nil {
		return err
	}
	if found == nil {
		_, err = s.db.Exec("INSERT INTO accounts (email) VALUES (?)", r.FormValue("email"))
		return err
	}
	w.WriteHeader(http.StatusConflict)
	return nil
}
