package app

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
)

// postSelect selects the columns scanPost reads, with the author's name.
const postSelect = `SELECT p.id, p.slug, p.title, p.body, p.author_id, COALESCE(a.name, ''),
	p.status, p.published_at, p.views
FROM posts p LEFT JOIN authors a ON a.id = p.author_id`

// scanPost reads one row selected by postSelect.
func scanPost(row rowScanner) (Post, error) {
	var p Post
	err := row.Scan(&p.ID, &p.Slug, &p.Title, &p.Body, &p.AuthorID, &p.AuthorName, &p.Status, &p.PublishedAt, &p.Views)
	return p, err
}

// RecentPosts returns the limit most recently published posts.
func (s *Store) RecentPosts(ctx context.Context, limit int) ([]Post, error) {
	return queryAll(ctx, s.db, scanPost,
		postSelect+` WHERE p.status = 'published' ORDER BY p.published_at DESC, p.id DESC LIMIT ?`, limit)
}

// PublishedPosts returns every published post, newest first.
func (s *Store) PublishedPosts(ctx context.Context) ([]Post, error) {
	return queryAll(ctx, s.db, scanPost,
		postSelect+` WHERE p.status = 'published' ORDER BY p.published_at DESC, p.id DESC`)
}

// PostBySlug returns the published post with the given slug, or an error
// wrapping ErrNotFound.
func (s *Store) PostBySlug(ctx context.Context, slug string) (*Post, error) {
	p, err := scanPost(s.db.QueryRowContext(ctx, postSelect+` WHERE p.slug = ? AND p.status = 'published'`, slug))
	if errors.Is(err, sql.ErrNoRows) {
		return nil, fmt.Errorf("post %q: %w", slug, ErrNotFound)
	}
	if err != nil {
		return nil, fmt.Errorf("post %q: %w", slug, err)
	}
	return &p, nil
}

// FeaturedPost returns the post the editors marked as featured.
func (s *Store) FeaturedPost(ctx context.Context) (*Post, error) {
	posts, err := queryAll(ctx, s.db, scanPost,
		postSelect+` WHERE p.status = 'featured' ORDER BY p.published_at DESC LIMIT 1`)
	if err != nil {
		return nil, fmt.Errorf("featured post: %w", err)
	}
	if len(posts) == 0 {
		return nil, nil
	}
	return &posts[0], nil
}

// SearchPosts returns the published posts whose title or text contains q.
func (s *Store) SearchPosts(ctx context.Context, q string) ([]Post, error) {
	like := "%" + q + "%"
	return queryAll(ctx, s.db, scanPost,
		postSelect+` WHERE p.status = 'published' AND (p.title LIKE ? OR p.content LIKE ?)
		ORDER BY p.published_at DESC`, like, like)
}

// NextPost returns the post published after p, or an error wrapping
// ErrNotFound when p is the newest.
func (s *Store) NextPost(ctx context.Context, p *Post) (*Post, error) {
	next, err := queryOne(ctx, s.db, scanPost,
		postSelect+` WHERE p.status = 'published' AND p.published_at = (
			SELECT min(published_at) FROM posts WHERE status = 'published' AND published_at > ?)`,
		p.PublishedAt)
	if err != nil {
		return nil, fmt.Errorf("post after %q: %w", p.Slug, err)
	}
	return &next, nil
}

// PostsByAuthor returns the published posts of one author, newest first.
func (s *Store) PostsByAuthor(ctx context.Context, authorID int64) ([]Post, error) {
	return queryAll(ctx, s.db, scanPost,
		postSelect+` WHERE p.status = 'published' AND p.author_id = ? ORDER BY p.published_at DESC, p.id DESC`, authorID)
}

// PostsByTag returns the published posts with one tag, newest first.
func (s *Store) PostsByTag(ctx context.Context, tagID int64) ([]Post, error) {
	return queryAll(ctx, s.db, scanPost,
		postSelect+` JOIN post_tags pt ON pt.post_id = p.id
		WHERE p.status = 'published' AND pt.tag_id = ? ORDER BY p.published_at DESC, p.id DESC`, tagID)
}
