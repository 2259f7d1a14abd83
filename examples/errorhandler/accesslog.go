package main

import (
	"log"
	"net/http"
)

// logRequests logs one line per request to logger: method, path and the
// status the client got. It goes outside explainerr's middleware, so that
// the status it logs is the one explainerr answered (see the README,
// Placement).
func logRequests(logger *log.Logger, next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		sw := &statusWriter{ResponseWriter: w}
		next.ServeHTTP(sw, r)
		logger.Printf("%s %s %d", r.Method, r.URL.Path, sw.status())
	})
}

// statusWriter records the status written through it.
type statusWriter struct {
	http.ResponseWriter
	code int
}

// WriteHeader records code and passes it on.
func (s *statusWriter) WriteHeader(code int) {
	if s.code == 0 {
		s.code = code
	}
	s.ResponseWriter.WriteHeader(code)
}

// Write passes b on; a body without a status is a 200.
func (s *statusWriter) Write(b []byte) (int, error) {
	if s.code == 0 {
		s.code = http.StatusOK
	}
	return s.ResponseWriter.Write(b)
}

// Unwrap gives http.ResponseController and explainerr the writer under it.
func (s *statusWriter) Unwrap() http.ResponseWriter { return s.ResponseWriter }

// status is the status the client got; 0 when nothing was written.
func (s *statusWriter) status() int { return s.code }
