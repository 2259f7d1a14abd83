package app

import (
	"context"
	"database/sql"
	"fmt"
)

// seedAuthor, seedPost and seedComment are the sample content.
type seedAuthor struct {
	id                     int64
	slug, name, email, bio string
}

type seedPost struct {
	id                int64
	slug, title, body string
	authorID          int64
	status, date      string
	views             int
	tags              []string
}

type seedComment struct {
	postID             int64
	author, body, date string
}

var seedAuthors = []seedAuthor{
	{1, "ada-lovelace", "Ada Lovelace", "ada@example.com", "Writes about programs before there were computers to run them."},
	{2, "grace-hopper", "Grace Hopper", "grace@example.com", "Compilers, debugging, and the occasional moth."},
	{3, "hypatia", "Hypatia", "hypatia@example.com", "Mathematics, astronomy and very old manuscripts."},
}

var seedTags = []struct{ slug, name string }{
	{"go", "go"},
	{"databases", "databases"},
	{"testing", "testing"},
	{"web", "web"},
	{"history", "history"},
}

var seedPosts = []seedPost{
	{1, "hello-world", "Hello, world", "The first post of this blog: why we write, and what we plan to write about.", 1, "published", "2024-01-08", 120, []string{"history"}},
	{2, "why-sqlite", "Why SQLite is enough", "A single file, no server, and transactions you can trust. For a blog, SQLite is plenty.", 2, "published", "2024-01-22", 340, []string{"databases", "go"}},
	{3, "reading-old-papers", "Reading old papers", "Some of the best ideas in computing were written down decades ago. Here is how to read them.", 3, "published", "2024-02-05", 95, []string{"history"}},
	{4, "testing-http-handlers", "Testing HTTP handlers", "httptest.NewRecorder and httptest.NewServer cover almost every handler test you will write.", 1, "published", "2024-02-19", 410, []string{"go", "testing", "web"}},
	{5, "chi-routing-basics", "chi routing basics", "Route patterns, URL parameters and middleware with the chi router.", 2, "published", "2024-03-04", 275, []string{"go", "web"}},
	{6, "html-templates-in-go", "HTML templates in Go", "html/template escapes by context, which is why it is the safe default for web pages.", 1, "published", "2024-03-18", 198, []string{"go", "web"}},
	{7, "error-handling-patterns", "Error handling patterns", "Wrapping with %w, errors.Is and errors.As, and when to define your own error types.", 2, "published", "2024-03-18", 502, []string{"go"}},
	{8, "context-cancellation", "Context cancellation", "Deadlines, cancellation and values: what context.Context is for, and what it is not for.", 3, "published", "2024-04-01", 150, []string{"go", "web"}},
	{9, "generics-notes", "Notes on generics", "Type parameters, constraints, and when an interface is still the better tool.", 1, "draft", "2024-04-15", 0, []string{"go"}},
}

var seedComments = []seedComment{
	{2, "Linus", "We use SQLite for our internal tools too. Never looked back.", "2024-01-23 09:12:00"},
	{2, "Margaret", "What about concurrent writers?", "2024-01-24 18:40:00"},
	{4, "Ken", "httptest saved me hours last week. Thanks!", "2024-02-20 11:05:00"},
	{7, "Barbara", "A section on errors.Join would be welcome.", "2024-03-19 14:30:00"},
}

// seedIfEmpty inserts the sample content when there are no authors yet.
func seedIfEmpty(ctx context.Context, db *sql.DB) error {
	var n int
	if err := db.QueryRowContext(ctx, `SELECT count(*) FROM authors`).Scan(&n); err != nil {
		return err
	}
	if n > 0 {
		return nil
	}
	tx, err := db.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	defer tx.Rollback()
	for _, a := range seedAuthors {
		if _, err := tx.ExecContext(ctx, `INSERT INTO authors (id, slug, name, email, bio) VALUES (?, ?, ?, ?, ?)`,
			a.id, a.slug, a.name, a.email, a.bio); err != nil {
			return fmt.Errorf("author %s: %w", a.slug, err)
		}
	}
	tagIDs := map[string]int64{}
	for _, t := range seedTags {
		res, err := tx.ExecContext(ctx, `INSERT INTO tags (slug, name) VALUES (?, ?)`, t.slug, t.name)
		if err != nil {
			return fmt.Errorf("tag %s: %w", t.slug, err)
		}
		if tagIDs[t.slug], err = res.LastInsertId(); err != nil {
			return err
		}
	}
	for _, p := range seedPosts {
		if _, err := tx.ExecContext(ctx, `INSERT INTO posts (id, slug, title, body, author_id, status, published_at, views) VALUES (?, ?, ?, ?, ?, ?, ?, ?)`,
			p.id, p.slug, p.title, p.body, p.authorID, p.status, p.date, p.views); err != nil {
			return fmt.Errorf("post %s: %w", p.slug, err)
		}
		for _, tag := range p.tags {
			if _, err := tx.ExecContext(ctx, `INSERT INTO post_tags (post_id, tag_id) VALUES (?, ?)`, p.id, tagIDs[tag]); err != nil {
				return fmt.Errorf("post %s tag %s: %w", p.slug, tag, err)
			}
		}
	}
	for _, c := range seedComments {
		if _, err := tx.ExecContext(ctx, `INSERT INTO comments (post_id, author_name, body, created_at) VALUES (?, ?, ?, ?)`,
			c.postID, c.author, c.body, c.date); err != nil {
			return fmt.Errorf("comment by %s: %w", c.author, err)
		}
	}
	return tx.Commit()
}
