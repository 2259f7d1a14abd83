package sqlstore

import (
	"context"
	"database/sql"
	"fmt"

	// The SQLite driver, registered as "sqlite3".
	_ "github.com/mattn/go-sqlite3"
)

// Open opens the SQLite database at path and migrates it. An empty path or
// ":memory:" opens a private in-memory database on one connection, kept
// open for the life of the *sql.DB.
func Open(ctx context.Context, path string) (*sql.DB, error) {
	memory := path == "" || path == ":memory:"
	dsn := "file:" + path + "?_busy_timeout=5000&_journal_mode=WAL"
	if memory {
		dsn = "file::memory:"
	}
	db, err := sql.Open("sqlite3", dsn)
	if err != nil {
		return nil, fmt.Errorf("open database: %w", err)
	}
	if memory {
		// Every new connection would be a new, empty database.
		db.SetMaxOpenConns(1)
		db.SetConnMaxLifetime(0)
		db.SetConnMaxIdleTime(0)
	}
	if err := Migrate(ctx, db); err != nil {
		db.Close()
		return nil, err
	}
	return db, nil
}
