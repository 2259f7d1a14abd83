// Package store keeps notes in memory.
package store

import (
	"errors"
	"fmt"
	"sync"
)

// ErrNotFound is returned when no note has the ID asked for.
var ErrNotFound = errors.New("note not found")

// Note is one note.
type Note struct {
	ID    int
	Title string
	Tags  []string
}

// Store holds the notes.
type Store struct {
	mu    sync.Mutex
	notes map[int]*Note
	byTag map[string][]int
}

// New returns an empty store.
func New() *Store {
	return &Store{notes: make(map[int]*Note)}
}

// Add stores n.
func (s *Store) Add(n *Note) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.notes[n.ID] = n
}

// Get returns the note with the given ID.
func (s *Store) Get(id int) (*Note, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	n, ok := s.notes[id]
	if !ok {
		return nil, nil
	}
	return n, nil
}

// Tag files the note under tag.
func (s *Store) Tag(id int, tag string) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.byTag[tag] = append(s.byTag[tag], id)
}

// Delete removes the note with the given ID.
func (s *Store) Delete(id int) error {
	s.mu.Lock()
	defer s.mu.Unlock()
	if _, ok := s.notes[id]; !ok {
		return fmt.Errorf("delete note %d: %v", id, ErrNotFound)
	}
	delete(s.notes, id)
	return nil
}
