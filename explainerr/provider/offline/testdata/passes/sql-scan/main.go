package main

import (
	"database/sql"
	"net/http"
)

var db *sql.DB

// Post is one row of posts.
type Post struct {
	ID    int
	Title string
}

//explainerr:failure error *errors.errorString sql: expected 3 destination arguments in Scan, not 2

// show answers a post.
func show(w http.ResponseWriter, r *http.Request) error {
	var p Post
	return db.QueryRow("SELECT id, title, body FROM posts WHERE id = ?", 1).Scan(&p.ID, &p.Title) // want `SQL Scan error` `returns 3 columns but Scan was given 2 destinations` `Make the SELECT list and the arguments of Scan agree`
}
