// Package web renders pages; its file is named like one in package mail.
package web

import "net/http"

// Page writes an empty page.
func Page(w http.ResponseWriter) {
	w.Header().Set("Content-Type", "text/html")
	w.WriteHeader(http.StatusOK)
}
