package main

import (
	"html/template"
	"net/http"
)

var pages = template.Must(template.ParseFiles("templates/post.html"))

// Post is what the post page shows.
type Post struct {
	Title string
	Body  string
}

//explainerr:failure error template.ExecError template: post.html:3:12: executing "post.html" at <.Author>: can't evaluate field Author in type main.Post

// show renders a post.
func show(w http.ResponseWriter, r *http.Request) error {
	return pages.ExecuteTemplate(w, "post.html", Post{Title: "Hello"}) // want `no field .Author. in .main\.Post.` `That template line reads .<p>by \{\{\.Author\}\}</p>.` `has the exported fields .Title., .Body.`
}
