package shelf

import (
	"context"
	"database/sql"
)

// Book is a row of books.
type Book struct {
	Title string `db:"title" validate:"required,max=200"`
	ISBN  string `db:"isbn"`
}

// Store keeps books.
type Store struct{ db *sql.DB }

//explainerr:failure error *pgconn.PgError ERROR: value too long for type character varying(25) (SQLSTATE 22001)

// Add stores a book.
func (s *Store) Add(ctx context.Context, b Book) error {
	_, err := s.db.ExecContext(ctx, "INSERT INTO books (title) VALUES ($1)", b.Title) // want `A value too long for .books\.title., which holds 25 characters` `0001_books\.up\.sql:4` `checked with .max=200.` `widen it in a new migration`
	return err
}
