package main

import (
	"encoding/json"
	"net/http"
)

// Post is the body of a new post.
type Post struct {
	Title string `json:"title"`
}

//explainerr:failure error *errors.errorString unexpected EOF

// create reads a new post from the body.
func create(w http.ResponseWriter, r *http.Request) error {
	var p Post
	if err := json.NewDecoder(r.Body).Decode(&p); err != nil { // want `Truncated request body` `The client sent an incomplete body` `400 Bad Request`
		return err
	}
	return nil
}
