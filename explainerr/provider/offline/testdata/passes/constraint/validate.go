package main

import (
	"database/sql"
	"errors"
	"net/http"
	"strings"
)

// ErrTaken says a handle is taken.
var ErrTaken = errors.New("handle taken")

// Handles keeps user handles.
type Handles struct{ db *sql.DB }

// byHandle returns the id of the user with handle.
func (h *Handles) byHandle(handle string) (int, error) {
	var id int
	err := h.db.QueryRow("SELECT id FROM handles WHERE handle = ?", handle).Scan(&id)
	return id, err
}

// validate refuses a handle already taken.
func (h *Handles) validate(handle string) error {
	id, err := h.byHandle(handle)
	if err == nil && id != 0 {
		return ErrTaken
	}
	return nil
}

//explainerr:failure error sqlite3.Error UNIQUE constraint failed: handles.handle

// Claim records the form's handle, trimmed after the check.
func (h *Handles) Claim(w http.ResponseWriter, r *http.Request) error {
	handle := r.FormValue("handle")
	if err := h.validate(handle); err != nil {
		return err
	}
	_, err := h.db.Exec("INSERT INTO handles (handle) VALUES (?)", strings.TrimSpace(handle)) // want `The function already has .\(\*Handles\)\.validate., which it calls above, look for an existing row before writing, at .validate\.go:25.` `409 Conflict`
	return err
}
