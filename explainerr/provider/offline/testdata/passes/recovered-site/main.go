package main

import (
	"log"
	"net/http"
)

// recoverPanics answers a panicking handler with 500 itself.
func recoverPanics(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		defer func() {
			if v := recover(); v != nil {
				log.Print("recovered")
				http.Error(w, "Internal Server Error", http.StatusInternalServerError)
			}
		}()
		next.ServeHTTP(w, r)
	})
}

var limits map[string]int

//explainerr:failure status int "Internal Server Error"
//explainerr:recoverer main.recoverPanics.func1.1

// setLimit stores a user's limit.
func setLimit(w http.ResponseWriter, r *http.Request) {
	limits[r.FormValue("user")] = 10 // want `A panic at .main\.go:28., recovered by .recoverPanics\.func1\.1.: its value is unknown` `a write to a nil map in .limits\[r\.FormValue\("user"\)\]., if .limits. was never made` `take the app.s recoverer out of the chain`
}
