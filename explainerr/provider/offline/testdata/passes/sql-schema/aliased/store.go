package aliased

import (
	"context"

	"github.com/uptrace/bun"
)

// Ticket is the model bun maps to tickets, aliased ticket.
type Ticket struct {
	ID       int
	Title    string
	Priority int
}

// Store reads tickets.
type Store struct{ db *bun.DB }

//explainerr:failure error pgdriver.Error ERROR: column ticket.priority does not exist (SQLSTATE=42703)

// Get reads a ticket.
func (s *Store) Get(ctx context.Context, id int) (*Ticket, error) {
	t := &Ticket{ID: id}
	err := s.db.NewSelect().Model(t).WherePK().Scan(ctx) // want `The schema in sight creates .tickets. at .migrations\.go:4.` `add it to .tickets. in a new migration`
	return t, err
}
