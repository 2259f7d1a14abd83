//go:build !prod

package main

import (
	"net/http"

	"github.com/explainerr/explainerr/explainerr"
	_ "github.com/explainerr/explainerr/explainerr/provider/openai"
)

// explainerrMiddleware returns explainerr's middleware, configured from the
// environment, to be placed inside the request logger. Production builds
// (-tags prod) use the twin in prod.go.
func explainerrMiddleware() (func(http.Handler) http.Handler, error) {
	ex, err := explainerr.New()
	if err != nil {
		return nil, err
	}
	return ex.Middleware, nil
}
