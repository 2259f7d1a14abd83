package service

import (
	"context"
	"fmt"
)

// WarmStatements computes the statements of the first customers (up to
// limit) and stores them in the cache, so that the first statement pages
// load at once.
func WarmStatements(ctx context.Context, customers CustomerRepository, statements *StatementService,
	cache *StatementCache, limit int) error {
	list, err := customers.List(ctx, limit, 0)
	if err != nil {
		return fmt.Errorf("warm statements: %w", err)
	}
	for _, c := range list {
		st, err := statements.Compute(ctx, c.ID)
		if err != nil {
			return fmt.Errorf("warm statement of customer %d: %w", c.ID, err)
		}
		cache.Put(fmt.Sprintf("stmt:%d", c.ID), st)
	}
	return nil
}
