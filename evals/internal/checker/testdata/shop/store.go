package shop

import (
	"database/sql"
	"errors"
)

// Item is a thing for sale.
type Item struct {
	ID    int64
	Name  string
	Price float64
}

// Store keeps items.
type Store struct {
	db    *sql.DB
	items map[int64]*Item
}

// ErrNotFound says an item does not exist.
var ErrNotFound = errors.New("not found")

// NewStore returns an empty store.
func NewStore(db *sql.DB) *Store {
	return &Store{db: db, items: map[int64]*Item{}}
}

// ItemByID returns the item with id.
func (s *Store) ItemByID(id int64) (*Item, error) {
	it, ok := s.items[id]
	if !ok {
		return nil, ErrNotFound
	}
	return it, nil
}
