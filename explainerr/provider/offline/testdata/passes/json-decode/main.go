package main

import (
	"encoding/json"
	"net/http"
)

// Post is the body of a new post.
type Post struct {
	Title string `json:"title"`
	Views int    `json:"views"`
}

//explainerr:failure error *json.UnmarshalTypeError json: cannot unmarshal string into Go struct field Post.views of type int

// create reads a new post from the body.
func create(w http.ResponseWriter, r *http.Request) error {
	var p Post
	if err := json.NewDecoder(r.Body).Decode(&p); err != nil { // want `JSON type mismatch: .string. into .int.` `the field .Post\.views. has Go type .int.` `answer 400 Bad Request`
		return err
	}
	return nil
}
