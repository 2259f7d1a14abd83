package app

import (
	"context"
	"fmt"
	"time"
)

// AddSubscriber stores a newsletter subscription; subscribing twice is not
// an error.
func (s *Store) AddSubscriber(ctx context.Context, email string, at time.Time) error {
	_, err := s.db.ExecContext(ctx, `INSERT INTO subscribers (email, created_at) VALUES (?, ?)
		ON CONFLICT (email) DO NOTHING`, email, nullTime(at))
	if err != nil {
		return fmt.Errorf("add subscriber: %w", err)
	}
	return nil
}
