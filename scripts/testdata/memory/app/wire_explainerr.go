//go:build !without

package main

import (
	"log"
	"net/http"

	"github.com/explainerr/explainerr/explainerr"
	_ "github.com/explainerr/explainerr/explainerr/provider/openai" // as the README wires it; offline without a key
)

// wrap returns explainerr's middleware, configured from the environment.
func wrap() func(http.Handler) http.Handler {
	ex, err := explainerr.New()
	if err != nil {
		log.Fatal(err)
	}
	return ex.Middleware
}
