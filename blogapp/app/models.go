package app

import (
	"strings"
	"time"
)

// Author writes posts.
type Author struct {
	ID    int64
	Slug  string
	Name  string
	Email string
	Bio   string
}

// Post is one blog post. AuthorName is filled by queries that join the
// author.
type Post struct {
	ID          int64
	Slug        string
	Title       string
	Body        string
	AuthorID    int64
	AuthorName  string
	Status      string
	PublishedAt string // a date, "2006-01-02"
	Views       int
	Tags        []Tag
}

// Tag groups posts by topic.
type Tag struct {
	ID   int64
	Slug string
	Name string
}

// Comment is a reader's comment on a post.
type Comment struct {
	ID         int64
	PostID     int64
	AuthorName string
	Body       string
	CreatedAt  time.Time
}

// NewComment returns a comment on the post postID, ready to be stored.
func NewComment(postID int64, authorName, body string) *Comment {
	return &Comment{
		PostID:     postID,
		AuthorName: strings.TrimSpace(authorName),
		Body:       strings.TrimSpace(body),
	}
}

// SiteStats sums up the published posts for the statistics page.
type SiteStats struct {
	Posts         int
	Words         int
	Views         int
	PostsByAuthor map[string]int
}

// NewSiteStats returns empty statistics.
func NewSiteStats() *SiteStats {
	return &SiteStats{}
}

// AddPost counts p in the statistics.
func (st *SiteStats) AddPost(p Post) {
	st.Posts++
	st.Words += len(strings.Fields(p.Body))
	st.Views += p.Views
	st.PostsByAuthor[p.AuthorName]++
}
