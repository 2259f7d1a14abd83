package app

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
)

const commentSelect = `SELECT id, post_id, author_name, body, created_at FROM comments`

// scanComment reads one row selected by commentSelect.
func scanComment(row rowScanner) (Comment, error) {
	var c Comment
	var created string
	err := row.Scan(&c.ID, &c.PostID, &c.AuthorName, &c.Body, &created)
	c.CreatedAt = parseTime(created)
	return c, err
}

// CommentsForPost returns the comments on a post, oldest first.
func (s *Store) CommentsForPost(ctx context.Context, postID int64) ([]Comment, error) {
	return queryAll(ctx, s.db, scanComment, commentSelect+` WHERE post_id = ? ORDER BY created_at, id`, postID)
}

// CommentByID returns one comment on a post, or an error wrapping
// ErrNotFound.
func (s *Store) CommentByID(ctx context.Context, postID, id int64) (*Comment, error) {
	c, err := scanComment(s.db.QueryRowContext(ctx, commentSelect+` WHERE post_id = ? AND id = ?`, postID, id))
	if errors.Is(err, sql.ErrNoRows) {
		return nil, fmt.Errorf("comment %d: %w", id, ErrNotFound)
	}
	if err != nil {
		return nil, fmt.Errorf("comment %d: %w", id, err)
	}
	return &c, nil
}

// AddComment stores c and sets its ID.
func (s *Store) AddComment(ctx context.Context, c *Comment) error {
	res, err := s.db.ExecContext(ctx,
		`INSERT INTO comments (post_id, author_name, body, created_at) VALUES (?, ?, ?, ?)`,
		c.PostID, c.AuthorName, c.Body, nullTime(c.CreatedAt))
	if err != nil {
		return fmt.Errorf("add comment: %w", err)
	}
	c.ID, err = res.LastInsertId()
	return err
}
