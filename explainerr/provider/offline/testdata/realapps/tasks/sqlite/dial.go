// Package sqlite stores dials.
package sqlite

import (
	"context"
	"errors"
	"fmt"
)

// Dial is a dial.
type Dial struct {
	ID          int
	Name        string
	Memberships []*Membership
}

// Membership is a user's membership of a dial.
type Membership struct{ UserID int }

// Tx is a transaction.
type Tx struct{ dials map[int]*Dial }

// DialService serves dials.
type DialService struct{ tx *Tx }

// NewDialService returns a service with no dials.
func NewDialService() *DialService {
	return &DialService{tx: &Tx{dials: map[int]*Dial{}}}
}

// FindDialByID returns the dial with id.
func (s *DialService) FindDialByID(ctx context.Context, id int) (*Dial, error) {
	tx := s.tx
	dial, err := findDialByID(ctx, tx, id)
	if err != nil {
		return nil, err
	} else if err := attachDialAssociations(ctx, tx, dial); err != nil {
		return nil, err
	}
	return dial, nil
}

// CreateDial stores a new dial.
func (s *DialService) CreateDial(ctx context.Context, dial *Dial) error {
	return createDial(ctx, s.tx, dial)
}

func findDialByID(ctx context.Context, tx *Tx, id int) (*Dial, error) {
	d, ok := tx.dials[id]
	if !ok {
		return nil, nil
	}
	return d, nil
}

func createDial(ctx context.Context, tx *Tx, dial *Dial) error {
	return fmt.Errorf("insert dial: %w", errors.New("no such table: dial"))
}

func attachDialAssociations(ctx context.Context, tx *Tx, dial *Dial) (err error) {
	dial.Memberships = append(dial.Memberships, &Membership{UserID: dial.ID})
	return nil
}
