package main

import (
	"database/sql"
	"net/http"
)

// Store reads posts.
type Store struct {
	db *sql.DB
}

//explainerr:failure error *errors.errorString sql: no rows in result set

// Title answers the title of the post the request names.
func (s *Store) Title(w http.ResponseWriter, r *http.Request) error {
	var title string
	return s.db.QueryRow("SELECT title FROM posts WHERE id = ?", r.FormValue("id")).Scan(&title) // want `No row found: .sql: no rows in result set.` `The query at .main\.go:18.: .return s\.db\.QueryRow\("SELECT title FROM posts` `answer 404 Not Found instead of 500`
}
