package app

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
)

const authorSelect = `SELECT id, slug, name, email, bio FROM authors`

// scanAuthor reads one row selected by authorSelect.
func scanAuthor(row rowScanner) (Author, error) {
	var a Author
	err := row.Scan(&a.ID, &a.Slug, &a.Name, &a.Email, &a.Bio)
	return a, err
}

// Authors returns every author by name.
func (s *Store) Authors(ctx context.Context) ([]Author, error) {
	return queryAll(ctx, s.db, scanAuthor, authorSelect+` ORDER BY name`)
}

// AuthorBySlug returns the author with the given slug, or an error that
// says it was not found.
func (s *Store) AuthorBySlug(ctx context.Context, slug string) (*Author, error) {
	a, err := scanAuthor(s.db.QueryRowContext(ctx, authorSelect+` WHERE slug = ?`, slug))
	if err != nil {
		if errors.Is(err, sql.ErrNoRows) {
			err = ErrNotFound
		}
		return nil, fmt.Errorf("author %q: %v", slug, err)
	}
	return &a, nil
}

// AuthorByID returns the author with the given id.
func (s *Store) AuthorByID(ctx context.Context, id int64) (*Author, error) {
	a, err := scanAuthor(s.db.QueryRowContext(ctx, authorSelect+` WHERE id = ?`, id))
	if err != nil {
		return nil, err
	}
	return &a, nil
}
