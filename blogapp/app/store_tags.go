package app

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
)

// TagCount is a tag with the number of published posts that carry it.
type TagCount struct {
	Tag
	Posts int
}

// scanTag reads id, slug and name.
func scanTag(row rowScanner) (Tag, error) {
	var t Tag
	err := row.Scan(&t.ID, &t.Slug, &t.Name)
	return t, err
}

// Tags returns every tag with its number of published posts, by name.
func (s *Store) Tags(ctx context.Context) ([]TagCount, error) {
	return queryAll(ctx, s.db, func(row rowScanner) (TagCount, error) {
		var t TagCount
		err := row.Scan(&t.ID, &t.Slug, &t.Name, &t.Posts)
		return t, err
	}, `SELECT t.id, t.slug, t.name, count(p.id) FROM tags t
		LEFT JOIN post_tags pt ON pt.tag_id = t.id
		LEFT JOIN posts p ON p.id = pt.post_id AND p.status = 'published'
		GROUP BY t.id ORDER BY t.name`)
}

// TagBySlug returns the tag with the given slug, or an error wrapping
// ErrNotFound.
func (s *Store) TagBySlug(ctx context.Context, slug string) (*Tag, error) {
	t, err := scanTag(s.db.QueryRowContext(ctx, `SELECT id, slug, name FROM tags WHERE slug = ?`, slug))
	if errors.Is(err, sql.ErrNoRows) {
		return nil, fmt.Errorf("tag %q: %w", slug, ErrNotFound)
	}
	if err != nil {
		return nil, fmt.Errorf("tag %q: %w", slug, err)
	}
	return &t, nil
}

// TagsForPost returns the tags of one post, by name.
func (s *Store) TagsForPost(ctx context.Context, postID int64) ([]Tag, error) {
	return queryAll(ctx, s.db, scanTag, `SELECT t.id, t.slug, t.name FROM tags t
		JOIN post_tags pt ON pt.tag_id = t.id WHERE pt.post_id = ? ORDER BY t.name`, postID)
}
