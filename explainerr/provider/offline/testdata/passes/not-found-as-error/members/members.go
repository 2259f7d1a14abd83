package members

import (
	"errors"
	"fmt"
	"net/http"
)

// ErrRecordNotFound is what the ORM answers for a lookup that finds
// nothing.
var ErrRecordNotFound = errors.New("record not found")

// find stands for the ORM's lookup.
var find func(key string) (string, error)

// Named returns the member called name.
func Named(name string) (*string, error) {
	id, err := find(name)
	if err != nil {
		return nil, fmt.Errorf("member %q: %v", name, err)
	}
	return &id, nil
}

// WithID returns the member with id, nil when there is none.
func WithID(id string) (*string, error) {
	name, err := find(id)
	if err == ErrRecordNotFound {
		return nil, nil
	}
	return &name, err
}

//explainerr:failure error *fmt.wrapError member "bo": record not found

// Join adds a member unless one with the name exists.
func Join(w http.ResponseWriter, r *http.Request) error {
	existing, err := Named(r.FormValue("name")) // want `A lookup answered "not found" with an error where its caller expects nil` `it tests .existing.` `as at .WithID. \(.members\.go:28.\)` `Make .Named. \(.members\.go:17.\) answer a missing row`
	if err != nil {
		return err
	}
	if existing != nil {
		w.WriteHeader(http.StatusConflict)
		return nil
	}
	w.WriteHeader(http.StatusCreated)
	return nil
}
