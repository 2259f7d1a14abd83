package main

import (
	"database/sql"
	"net/http"
)

// Store writes posts.
type Store struct {
	db *sql.DB
}

//explainerr:failure error sqlite3.Error NOT NULL constraint failed: posts.title

// Create stores a new post with the request's title.
func (s *Store) Create(w http.ResponseWriter, r *http.Request) error {
	var title *string
	_, err := s.db.Exec("INSERT INTO posts (title) VALUES (?)", title) // want `Constraint failed: .posts\.title. must not be NULL` `The schema declares it at .schema\.go:6.: .title TEXT NOT NULL.` `The value written is built at .main\.go:17.: .var title \*string.`
	return err
}
