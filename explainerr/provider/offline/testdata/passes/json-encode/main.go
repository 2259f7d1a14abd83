package main

import (
	"encoding/json"
	"net/http"
)

// Stats is the blog's numbers.
type Stats struct {
	Posts   int     `json:"posts"`
	Average float64 `json:"average"`
}

//explainerr:failure error *json.UnsupportedValueError json: unsupported value: NaN

// stats answers the average number of comments per post.
func stats(w http.ResponseWriter, r *http.Request) error {
	posts, comments := 0, 0.0
	return json.NewEncoder(w).Encode(Stats{Posts: posts, Average: comments / float64(posts)}) // want `JSON encoding error: a float is .NaN.` `A float division by zero gives them` `math\.IsNaN`
}
