package main

import (
	"context"
	"database/sql"
	"net/http"
)

// settings is the app's configuration file, read by section and key.
type settings map[string]map[string]string

// Get returns the value of key in section.
func (s settings) Get(section, key string) (string, bool) {
	v, ok := s[section][key]
	return v, ok
}

// connConfig is what a connection is opened with.
type connConfig struct {
	Host, User, Password, Database string
}

var db *sql.DB

// openStore builds the connection's settings from the configuration.
func openStore(conf settings) (*sql.DB, error) {
	var cfg connConfig
	cfg.Host, _ = conf.Get("database", "host")
	cfg.User, _ = conf.Get("database", "login")
	cfg.Password, _ = conf.Get("database", "password")
	return sql.Open("postgres", "host="+cfg.Host+" user="+cfg.User)
}

//explainerr:failure error *pgconn.PgError failed to connect to `host=127.0.0.1 user= database=`: server error (FATAL: no PostgreSQL user name specified in startup packet (SQLSTATE 28000))

// listNotes runs a query on the store.
func listNotes(w http.ResponseWriter, r *http.Request) error {
	_, err := db.QueryContext(context.Background(), "SELECT 1") // want `given no user name` `openStore. gives the connection its user at` `read by the key .login.` `In .openStore., read the user by the key the configuration gives, .user.`
	return err
}
