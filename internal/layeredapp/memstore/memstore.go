// Package memstore keeps notes in memory; it implements layeredapp.Store.
package memstore

import (
	"errors"
	"fmt"
)

// ErrMissing says no note has the id.
var ErrMissing = errors.New("no such note")

// Notes is an in-memory note store.
type Notes struct{ byID map[string]string }

// New returns an empty store.
func New() *Notes { return &Notes{byID: map[string]string{}} }

// Get returns the note id.
func (n *Notes) Get(id string) (string, error) {
	text, ok := n.byID[id]
	if !ok {
		return "", fmt.Errorf("note %q: %v", id, ErrMissing)
	}
	return text, nil
}

// Put stores a note.
func (n *Notes) Put(id, text string) error {
	n.byID[id] = text
	return nil
}
