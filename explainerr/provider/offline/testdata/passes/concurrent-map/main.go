package main

import "net/http"

var hits = map[string]int{}

//explainerr:failure crash fatal error: concurrent map writes

// count counts the requests of each path.
func count(w http.ResponseWriter, r *http.Request) {
	hits[r.URL.Path]++ // want `Concurrent map access` `Two goroutines used .hits. at the same time` `each request in its own goroutine` `sync\.Mutex`
}
