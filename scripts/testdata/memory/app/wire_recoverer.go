//go:build without

package main

import (
	"net/http"

	"github.com/go-chi/chi/v5/middleware"
)

// wrap returns chi's Recoverer: the same app without explainerr. The
// handlers' handler.Func, with no explainerr around it, logs a returned
// error and answers 500.
func wrap() func(http.Handler) http.Handler {
	return middleware.Recoverer
}
