package main

import (
	"database/sql"
	"net/http"
)

// Store reads posts.
type Store struct {
	db *sql.DB
}

//explainerr:failure error *errors.errorString sql: database is closed

// Count answers how many posts there are.
func (s *Store) Count(w http.ResponseWriter, r *http.Request) error {
	defer s.db.Close()
	var n int
	return s.db.QueryRow("SELECT count(*) FROM posts").Scan(&n) // want `database handle was closed before this call` `closes a database handle outside .main. at .\(\*Store\)\.Count. \(.main\.go:17.\)` `remove the close at .main\.go:17.`
}
