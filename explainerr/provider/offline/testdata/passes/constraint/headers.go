package main

import (
	"database/sql"
	"net/http"
)

// Emails keeps newsletter addresses.
type Emails struct{ db *sql.DB }

// validateAgent refuses requests without a user agent: a lookup of the
// request, not of stored rows.
func (e *Emails) validateAgent(r *http.Request) bool {
	agent := r.Header.Get("User-Agent")
	if agent == "" {
		return false
	}
	return true
}

//explainerr:failure error sqlite3.Error UNIQUE constraint failed: emails.address

// Subscribe stores the form's address.
func (e *Emails) Subscribe(w http.ResponseWriter, r *http.Request) error {
	if !e.validateAgent(r) {
		w.WriteHeader(http.StatusBadRequest)
		return nil
	}
	_, err := e.db.Exec("INSERT INTO emails (address) VALUES (?)", r.FormValue("address")) // want `an empty value read from a field the request does not have`
	return err
}
