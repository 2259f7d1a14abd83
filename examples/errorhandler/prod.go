//go:build prod

package main

import "net/http"

// withExplainerr returns h as it is: production builds link no part of
// explainerr but the handler type, and a returned error gets a plain 500.
func withExplainerr(h http.Handler) (http.Handler, error) { return h, nil }
