package main

import (
	"database/sql"
	"encoding/json"
	"net/http"
)

// Members keeps a club's members.
type Members struct {
	db *sql.DB
}

// add writes one member.
func (m *Members) add(name string) error {
	_, err := m.db.Exec("INSERT INTO members (name) VALUES (?)", name)
	return err
}

//explainerr:failure error sqlite3.Error UNIQUE constraint failed: members.name

// Join registers the member named in the body, then logs the join.
func (m *Members) Join(w http.ResponseWriter, r *http.Request) error {
	var in struct{ Name string }
	if err := json.NewDecoder(r.Body).Decode(&in); err != nil {
		return err
	}
	if err := m.add(in.Name); err != nil {
		return err
	}
	w.WriteHeader(http.StatusCreated)
	return m.add(in.Name) // want `The same call .m\.add\(in\.Name\). is made twice in this function for one request: at .twice\.go:28.` `Make the insert once`
}
