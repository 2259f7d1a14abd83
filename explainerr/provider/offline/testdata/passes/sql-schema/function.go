package main

import "database/sql"

//explainerr:failure error sqlite3.Error no such function: TRUNC

// Daily counts the posts of each day.
func Daily(db *sql.DB) (*sql.Rows, error) {
	return db.Query("SELECT TRUNC(created_at / 86400) AS day, count(*) FROM posts GROUP BY day") // want `no such function .TRUNC.` `SQLite has no SQL function .TRUNC.` `calls it at .Daily. \(.function\.go:9.\)`
}
