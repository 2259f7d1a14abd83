package app

import (
	"context"
	"database/sql"
	"fmt"

	// The SQLite driver, registered as "sqlite3".
	_ "github.com/mattn/go-sqlite3"
)

// schema creates the blog's tables. Foreign keys are declared but, as in
// SQLite's default configuration, not enforced.
const schema = `
CREATE TABLE IF NOT EXISTS authors (
	id    INTEGER PRIMARY KEY,
	slug  TEXT NOT NULL UNIQUE,
	name  TEXT NOT NULL,
	email TEXT NOT NULL,
	bio   TEXT NOT NULL DEFAULT ''
);
CREATE TABLE IF NOT EXISTS posts (
	id           INTEGER PRIMARY KEY,
	slug         TEXT NOT NULL UNIQUE,
	title        TEXT NOT NULL,
	body         TEXT NOT NULL,
	author_id    INTEGER NOT NULL REFERENCES authors(id),
	status       TEXT NOT NULL DEFAULT 'published',
	published_at TEXT NOT NULL,
	views        INTEGER NOT NULL DEFAULT 0
);
CREATE TABLE IF NOT EXISTS tags (
	id   INTEGER PRIMARY KEY,
	slug TEXT NOT NULL UNIQUE,
	name TEXT NOT NULL
);
CREATE TABLE IF NOT EXISTS post_tags (
	post_id INTEGER NOT NULL REFERENCES posts(id),
	tag_id  INTEGER NOT NULL REFERENCES tags(id),
	PRIMARY KEY (post_id, tag_id)
);
CREATE TABLE IF NOT EXISTS comments (
	id          INTEGER PRIMARY KEY,
	post_id     INTEGER NOT NULL REFERENCES posts(id),
	author_name TEXT NOT NULL,
	body        TEXT NOT NULL,
	created_at  TEXT NOT NULL
);
CREATE TABLE IF NOT EXISTS subscribers (
	id         INTEGER PRIMARY KEY,
	email      TEXT NOT NULL UNIQUE,
	created_at TEXT NOT NULL
);
`

// OpenDB opens the SQLite database at path, creating the schema and the
// sample content when the database is empty. An empty path or ":memory:"
// opens a private in-memory database; it lives on one connection, which is
// kept open for the life of the *sql.DB.
func OpenDB(path string) (*sql.DB, error) {
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
	ctx := context.Background()
	if _, err := db.ExecContext(ctx, schema); err != nil {
		db.Close()
		return nil, fmt.Errorf("create schema: %w", err)
	}
	if err := seedIfEmpty(ctx, db); err != nil {
		db.Close()
		return nil, fmt.Errorf("seed database: %w", err)
	}
	return db, nil
}
