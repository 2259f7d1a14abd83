package main

import (
	"database/sql"
	"net/http"
)

// Store reads posts.
type Store struct {
	db *sql.DB
}

//explainerr:failure error sqlite3.Error no such column: titel

// Title answers the title of the post the request names.
func (s *Store) Title(w http.ResponseWriter, r *http.Request) error {
	var t string
	return s.db.QueryRow("SELECT titel FROM posts WHERE id = ?", r.FormValue("id")).Scan(&t) // want `no such column .titel.` `SQLite rejected the query` `The query is at .\(\*Store\)\.Title. \(.main\.go:18.\)` `Correct the column name in the query: .titel. → .title.`
}
