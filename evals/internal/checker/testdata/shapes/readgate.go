package shapes

import "net/http"

// ReadGate lets reads through to next and refuses writes.
func ReadGate(w http.ResponseWriter, r *http.Request, next http.HandlerFunc) {
	if r.Method != http.MethodGet && r.Method != http.MethodHead {
		http.Error(w, "read only", http.StatusMethodNotAllowed)
		return
	}
	next(w, r)
}

// PassAll hands every request to next.
func PassAll(w http.ResponseWriter, r *http.Request, next http.HandlerFunc) {
	if r.Method != http.MethodGet {
		next(w, r)
		return
	}
	next(w, r)
}

// EchoStatus answers with the status it is given.
func EchoStatus(w http.ResponseWriter, code int) {
	w.WriteHeader(code)
}
