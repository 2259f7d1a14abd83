//go:build prod

package main

import "net/http"

// explainerrMiddleware returns a middleware that adds nothing: production
// builds link no part of explainerr but the handler type, and a returned
// error gets a plain 500.
func explainerrMiddleware() (func(http.Handler) http.Handler, error) {
	return func(h http.Handler) http.Handler { return h }, nil
}
