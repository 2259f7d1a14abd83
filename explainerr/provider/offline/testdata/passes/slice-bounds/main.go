package main

import "net/http"

//explainerr:failure panic runtime.boundsError runtime error: slice bounds out of range [:8] with length 5

// preview answers the first eight characters of the title.
func preview(w http.ResponseWriter, r *http.Request) {
	title := r.URL.Query().Get("title")
	short := title[:8] // want `Slice bounds out of range: .title\[:8\].` `has length 5` `title\[:min\(8, len\(title\)\)\]`
	w.Write([]byte(short))
}
