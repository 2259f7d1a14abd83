//go:build !prod

package main

import (
	"net/http"

	"github.com/explainerr/explainerr/explainerr"
	_ "github.com/explainerr/explainerr/explainerr/provider/openai"
)

// withExplainerr wraps h in explainerr's middleware, configured from the
// environment. Production builds (-tags prod) use the twin in prod.go.
func withExplainerr(h http.Handler) (http.Handler, error) {
	ex, err := explainerr.New()
	if err != nil {
		return nil, err
	}
	return ex.Middleware(h), nil
}
