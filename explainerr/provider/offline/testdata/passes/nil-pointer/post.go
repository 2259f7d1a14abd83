package main

// Post is a blog post.
type Post struct {
	Title  string
	Author *User
}

// User writes posts.
type User struct {
	Name string
}

// NewPost returns a post with its title and no author.
func NewPost(title string) *Post {
	return &Post{Title: title}
}

//explainerr:failure panic runtime.errorString runtime error: invalid memory address or nil pointer dereference

// Byline names who wrote p.
func (p *Post) Byline() string {
	return "by " + p.Author.Name // want `Nil pointer dereference: .p\.Author. is nil` `.Post. is built without setting .Author. at .NewPost. \(.post\.go:16.\)` `Set .Author. where the .Post. is built`
}
