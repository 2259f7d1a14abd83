package loggers

import (
	"errors"
	"net/http"
)

// errLocked is the error of a store another process holds.
var errLocked = errors.New("database is locked")

// newApp returns a handler for /reviews that logs the real error through
// logError, as real handlers do, and answers a bare 500.
func newApp(logError func(msg string, err error)) http.Handler {
	mux := http.NewServeMux()
	mux.HandleFunc("POST /reviews", func(w http.ResponseWriter, r *http.Request) {
		logError("saving review", errLocked)
		http.Error(w, "internal error", http.StatusInternalServerError)
	})
	return mux
}
