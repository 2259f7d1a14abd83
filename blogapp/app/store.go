package app

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"time"
)

// ErrNotFound is returned (wrapped) by Store lookups that match no row.
var ErrNotFound = errors.New("not found")

// ErrMultipleRows is returned (wrapped) by lookups that must match one row
// and matched several.
var ErrMultipleRows = errors.New("query returned several rows where one was expected")

// timeLayout is how times are stored in the database.
const timeLayout = "2006-01-02 15:04:05"

// Store reads and writes the blog's content.
type Store struct {
	db *sql.DB
}

// NewStore returns a Store over db, which must hold the blog's schema
// (see OpenDB).
func NewStore(db *sql.DB) *Store { return &Store{db: db} }

// rowScanner is what *sql.Row and *sql.Rows have in common.
type rowScanner interface {
	Scan(dest ...any) error
}

// queryAll runs query and scans every row with scan. Rows are read to the
// end and closed before it returns, so callers may run other queries
// afterwards on a single-connection database.
func queryAll[T any](ctx context.Context, db *sql.DB, scan func(rowScanner) (T, error), query string, args ...any) ([]T, error) {
	rows, err := db.QueryContext(ctx, query, args...)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var out []T
	for rows.Next() {
		v, err := scan(rows)
		if err != nil {
			return nil, err
		}
		out = append(out, v)
	}
	return out, rows.Err()
}

// queryOne runs a query that must match exactly one row: no row is
// ErrNotFound, several rows are ErrMultipleRows.
func queryOne[T any](ctx context.Context, db *sql.DB, scan func(rowScanner) (T, error), query string, args ...any) (T, error) {
	var zero T
	all, err := queryAll(ctx, db, scan, query, args...)
	if err != nil {
		return zero, err
	}
	switch len(all) {
	case 0:
		return zero, ErrNotFound
	case 1:
		return all[0], nil
	default:
		return zero, fmt.Errorf("store: %w (got %d)", ErrMultipleRows, len(all))
	}
}

// nullTime stores the zero time as NULL, any other time in timeLayout.
func nullTime(t time.Time) any {
	if t.IsZero() {
		return nil
	}
	return t.UTC().Format(timeLayout)
}

// parseTime reads a time stored by nullTime; a malformed value is the zero
// time.
func parseTime(s string) time.Time {
	t, _ := time.Parse(timeLayout, s)
	return t
}
