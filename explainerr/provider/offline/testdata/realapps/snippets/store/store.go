// Package store keeps snippets.
package store

import (
	"errors"
	"fmt"
)

// Snippet is one saved piece of text.
type Snippet struct {
	ID    int
	Title string
}

// latestSQL lists the newest snippets.
const latestSQL = `SELECT id, title FROM snippets
	ORDER BY idd DESC LIMIT 10`

// SnippetStore keeps snippets in memory and answers their queries the way
// a PostgreSQL database would.
type SnippetStore struct {
	byID map[int]*Snippet
}

// New returns a store holding one snippet.
func New() *SnippetStore {
	return &SnippetStore{byID: map[int]*Snippet{1: {ID: 1, Title: "first"}}}
}

// Get returns the snippet with id.
func (s *SnippetStore) Get(id int) (*Snippet, error) {
	sn, ok := s.byID[id]
	if !ok {
		return nil, nil
	}
	return sn, nil
}

// Latest returns the newest snippets.
func (s *SnippetStore) Latest() ([]*Snippet, error) {
	return nil, fmt.Errorf("store: latest snippets: %w", query(latestSQL))
}

// query runs SQL text; the schema has no column idd.
func query(sql string) error {
	return errors.New(`pq: column "idd" does not exist`)
}
