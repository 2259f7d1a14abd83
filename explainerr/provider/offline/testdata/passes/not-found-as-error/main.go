package main

import (
	"errors"
	"fmt"
	"net/http"
)

// ErrNotFound is returned when no post has the id asked for.
var ErrNotFound = errors.New("not found")

// postByID finds a post by its id.
func postByID(id string) (string, error) {
	return "", fmt.Errorf("post %s: %v", id, ErrNotFound)
}

//explainerr:failure error *fmt.wrapError post 7: not found

// show answers the post the request names.
func show(w http.ResponseWriter, r *http.Request) error {
	_, err := postByID(r.FormValue("id")) // want `A missing record answered as a server error` `The error says .post 7: not found.` `main\.go:14` `Keep 500 for the other errors`
	if errors.Is(err, ErrNotFound) {
		http.NotFound(w, r)
		return nil
	}
	return err
}
