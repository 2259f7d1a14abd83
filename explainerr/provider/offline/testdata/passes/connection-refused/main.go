package main

import (
	"database/sql"
	"net/http"
	"os"
)

var db *sql.DB

func openDB() (*sql.DB, error) {
	return sql.Open("postgres", os.Getenv("DATABASE_URL"))
}

//explainerr:failure error *net.OpError dial tcp 127.0.0.1:5432: connect: connection refused

// health pings the database.
func health(w http.ResponseWriter, r *http.Request) error {
	return db.PingContext(r.Context()) // want `nothing listens at .127\.0\.0\.1:5432.` `reads connection settings at .openDB. \(.main\.go:12.\)` `Start the service`
}
