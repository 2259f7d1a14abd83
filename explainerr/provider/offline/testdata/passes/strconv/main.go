package main

import (
	"net/http"
	"strconv"

	"github.com/go-chi/chi/v5"
)

//explainerr:failure error *strconv.NumError strconv.Atoi: parsing "abc": invalid syntax

// post answers the post whose id the route names.
func post(w http.ResponseWriter, r *http.Request) error {
	id, err := strconv.Atoi(chi.URLParam(r, "id")) // want `Invalid number: .strconv\.Atoi. cannot parse ."abc".` `It is parsed at .main\.go:14.` `400 Bad Request`
	if err != nil {
		return err
	}
	_ = id
	return nil
}
