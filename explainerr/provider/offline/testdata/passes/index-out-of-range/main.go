package main

import (
	"net/http"
	"strings"
)

//explainerr:failure panic runtime.boundsError runtime error: index out of range [2] with length 2

// tagOf answers the second of the tags the query lists.
func tagOf(w http.ResponseWriter, r *http.Request) {
	tags := strings.Split(r.URL.Query().Get("tags"), ",")
	second := tags[2] // want `Index out of range: .tags\[2\].` `has length 2` `.tags. comes from .main.go:12.` `if len\(tags\) <= 2 \{` `answer 400 Bad Request`
	w.Write([]byte(second))
}
