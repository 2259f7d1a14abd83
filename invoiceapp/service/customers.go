package service

import (
	"context"
	"fmt"

	"github.com/explainerr/explainerr/invoiceapp/domain"
)

// CustomerService reads customers and their invoices.
type CustomerService struct {
	customers CustomerRepository
	invoices  InvoiceRepository
	pageSize  int
}

// NewCustomerService returns the customer service; lists show pageSize
// customers a page.
func NewCustomerService(customers CustomerRepository, invoices InvoiceRepository, pageSize int) *CustomerService {
	return &CustomerService{customers: customers, invoices: invoices, pageSize: pageSize}
}

// Customer returns the customer with the id.
func (s *CustomerService) Customer(ctx context.Context, id int64) (*domain.Customer, error) {
	c, err := s.customers.Get(ctx, id)
	if err != nil {
		return nil, fmt.Errorf("load customer: %w", err)
	}
	return c, nil
}

// List returns a page of customers (pages start at 1).
func (s *CustomerService) List(ctx context.Context, page int) ([]domain.Customer, error) {
	return s.customers.List(ctx, s.pageSize, (page-1)*s.pageSize)
}

// Search returns the customers whose name contains q.
func (s *CustomerService) Search(ctx context.Context, q string) ([]domain.Customer, error) {
	return s.customers.Search(ctx, q)
}

// Invoices returns a customer's invoices with their totals.
func (s *CustomerService) Invoices(ctx context.Context, id int64) (*domain.Customer, []domain.InvoiceSummary, error) {
	c, err := s.Customer(ctx, id)
	if err != nil {
		return nil, nil, err
	}
	invoices, err := s.invoices.ListByCustomer(ctx, id)
	if err != nil {
		return nil, nil, err
	}
	return c, invoices, nil
}
