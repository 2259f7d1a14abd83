package main

import (
	"errors"
	"net/http"
)

// ErrMultiple is returned when a lookup by email finds several users.
var ErrMultiple = errors.New("multiple rows for one email")

func userByEmail(email string) (int, error) {
	return 0, ErrMultiple
}

//explainerr:failure error *errors.errorString multiple rows for one email

// login finds the user of an email.
func login(w http.ResponseWriter, r *http.Request) error {
	_, err := userByEmail(r.FormValue("email")) // want `A query meant to find one row found several` `runs inside the call at .main\.go:19.` `LIMIT 1`
	return err
}
