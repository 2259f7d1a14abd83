package service

import (
	"context"
	"fmt"
	"time"

	"github.com/explainerr/explainerr/invoiceapp/domain"
)

// InvoiceService creates and reads invoices.
type InvoiceService struct {
	invoices  InvoiceRepository
	customers CustomerRepository
	payments  PaymentRepository
	numbers   NumberSource
	clock     Clock
	dueDays   int
}

// NewInvoiceService returns the invoice service. New invoices are due
// dueDays after they are issued.
func NewInvoiceService(invoices InvoiceRepository, customers CustomerRepository, payments PaymentRepository,
	numbers NumberSource, clock Clock, dueDays int) *InvoiceService {
	return &InvoiceService{
		invoices:  invoices,
		customers: customers,
		payments:  payments,
		clock:     clock,
		dueDays:   dueDays,
	}
}

// InvoiceDetail is an invoice with everything its page shows.
type InvoiceDetail struct {
	Invoice  *domain.Invoice
	Customer *domain.Customer
	Lines    []domain.LineItem
	Payments []domain.Payment
	Total    string
	Paid     string
	Balance  string
}

// Detail returns the invoice with the id and its customer, lines, payments
// and formatted totals.
func (s *InvoiceService) Detail(ctx context.Context, id int64) (*InvoiceDetail, error) {
	inv, err := s.invoices.Get(ctx, id)
	if err != nil {
		return nil, fmt.Errorf("invoice detail: %w", err)
	}
	cust, err := s.customers.Get(ctx, inv.CustomerID)
	if err != nil {
		return nil, fmt.Errorf("invoice %s: %w", inv.Number, err)
	}
	lines, err := s.invoices.Lines(ctx, id)
	if err != nil {
		return nil, err
	}
	payments, err := s.payments.ListByInvoice(ctx, id)
	if err != nil {
		return nil, err
	}
	d := &InvoiceDetail{Invoice: inv, Customer: cust, Lines: lines, Payments: payments}
	total := domain.TotalCents(lines)
	var paid int64
	for _, p := range payments {
		paid += p.AmountCents
	}
	for _, f := range []struct {
		dst    *string
		amount int64
	}{{&d.Total, total}, {&d.Paid, paid}, {&d.Balance, total - paid}} {
		if *f.dst, err = domain.FormatMoney(f.amount, inv.Currency); err != nil {
			return nil, fmt.Errorf("invoice %s: %w", inv.Number, err)
		}
	}
	return d, nil
}

// ByNumber returns the invoice with the number, which must be well formed.
func (s *InvoiceService) ByNumber(ctx context.Context, number string) (*domain.Invoice, error) {
	if _, _, err := domain.ParseNumber(number); err != nil {
		return nil, err
	}
	return s.invoices.ByNumber(ctx, number)
}

// List returns a page of invoices (pages start at 1).
func (s *InvoiceService) List(ctx context.Context, page, pageSize int) ([]domain.InvoiceSummary, error) {
	return s.invoices.List(ctx, pageSize, (page-1)*pageSize)
}

// Create opens a draft invoice for a customer, numbered in the current
// year, with one line.
func (s *InvoiceService) Create(ctx context.Context, customerID int64, line domain.LineItem) (*domain.Invoice, error) {
	if _, err := s.customers.Get(ctx, customerID); err != nil {
		return nil, err
	}
	now := s.clock()
	seq, err := s.numbers.Next(ctx, now.Year())
	if err != nil {
		return nil, fmt.Errorf("number a new invoice: %w", err)
	}
	inv := &domain.Invoice{
		Number:     domain.FormatNumber(now.Year(), seq),
		CustomerID: customerID,
		Status:     domain.StatusDraft,
		IssuedOn:   now,
		DueOn:      now.AddDate(0, 0, s.dueDays),
		Currency:   "USD",
	}
	if err := s.invoices.Create(ctx, inv, []domain.LineItem{line}); err != nil {
		return nil, err
	}
	return inv, nil
}

// Line returns the nth line (from 1) of an invoice.
func (s *InvoiceService) Line(ctx context.Context, id int64, n int) (*domain.LineItem, error) {
	lines, err := s.invoices.Lines(ctx, id)
	if err != nil {
		return nil, err
	}
	return &lines[n-1], nil
}

// Split divides an invoice's total into ways equal shares, the first
// shares taking the remainder's cents.
func (s *InvoiceService) Split(ctx context.Context, id int64, ways int) ([]int64, error) {
	lines, err := s.invoices.Lines(ctx, id)
	if err != nil {
		return nil, err
	}
	total := domain.TotalCents(lines)
	share, rest := total/int64(ways), total%int64(ways)
	shares := make([]int64, ways)
	for i := range shares {
		shares[i] = share
		if int64(i) < rest {
			shares[i]++
		}
	}
	return shares, nil
}

// today is the clock's date at midnight UTC.
func today(clock Clock) time.Time {
	y, m, d := clock().UTC().Date()
	return time.Date(y, m, d, 0, 0, 0, 0, time.UTC)
}
