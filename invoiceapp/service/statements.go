package service

import (
	"context"
	"fmt"
	"sync"
	"time"

	"github.com/explainerr/explainerr/invoiceapp/domain"
)

// StatementCache keeps computed statements by key.
type StatementCache struct {
	mu sync.Mutex
	m  map[string]*domain.Statement
}

// NewStatementCache returns an empty cache.
func NewStatementCache() *StatementCache {
	return &StatementCache{m: map[string]*domain.Statement{}}
}

// Get returns the statement stored under key, or nil.
func (c *StatementCache) Get(key string) *domain.Statement {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.m[key]
}

// Put stores a statement under key.
func (c *StatementCache) Put(key string, st *domain.Statement) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.m[key] = st
}

// statementKey is the cache key of a customer's statement.
func statementKey(customerID int64) string {
	return fmt.Sprintf("statement:%d", customerID)
}

// StatementService builds customers' statements.
type StatementService struct {
	customers CustomerRepository
	invoices  InvoiceRepository
	payments  PaymentRepository
	cache     *StatementCache
	clock     Clock
}

// NewStatementService returns the statement service over a cache that
// WarmStatements fills at start.
func NewStatementService(customers CustomerRepository, invoices InvoiceRepository, payments PaymentRepository,
	cache *StatementCache, clock Clock) *StatementService {
	return &StatementService{customers: customers, invoices: invoices, payments: payments, cache: cache, clock: clock}
}

// Cached returns the customer's statement as computed at start; one older
// than a day is recomputed.
func (s *StatementService) Cached(ctx context.Context, customerID int64) (*domain.Statement, error) {
	st := s.cache.Get(statementKey(customerID))
	if s.clock().Sub(st.GeneratedAt) > 24*time.Hour {
		return s.Compute(ctx, customerID)
	}
	return st, nil
}

// Compute builds a customer's statement from their invoices and payments.
func (s *StatementService) Compute(ctx context.Context, customerID int64) (*domain.Statement, error) {
	c, err := s.customers.Get(ctx, customerID)
	if err != nil {
		return nil, err
	}
	all, err := s.invoices.ListAll(ctx)
	if err != nil {
		return nil, err
	}
	st := &domain.Statement{CustomerID: c.ID, CustomerName: c.Name, GeneratedAt: s.clock()}
	for _, inv := range all {
		if inv.CustomerID != customerID || inv.Status == domain.StatusDraft || inv.Status == domain.StatusVoid {
			continue
		}
		payments, err := s.payments.ListByInvoice(ctx, inv.ID)
		if err != nil {
			return nil, err
		}
		line := domain.StatementLine{Number: inv.Number, DueOn: inv.DueOn, TotalCents: inv.TotalCents}
		for _, p := range payments {
			line.PaidCents += p.AmountCents
		}
		st.Lines = append(st.Lines, line)
		st.BalanceCents += line.TotalCents - line.PaidCents
	}
	return st, nil
}
