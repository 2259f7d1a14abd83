package service

import (
	"context"
	"time"

	"github.com/explainerr/explainerr/invoiceapp/domain"
)

// InvoiceRepository stores invoices and their lines.
type InvoiceRepository interface {
	// Get returns the invoice with the id, or an error wrapping
	// domain.ErrNotFound.
	Get(ctx context.Context, id int64) (*domain.Invoice, error)
	// ByNumber returns the invoice with the number, or an error wrapping
	// domain.ErrNotFound.
	ByNumber(ctx context.Context, number string) (*domain.Invoice, error)
	// List returns a page of invoices, newest first, with their totals.
	List(ctx context.Context, limit, offset int) ([]domain.InvoiceSummary, error)
	// ListAll returns every invoice, oldest first, with its total.
	ListAll(ctx context.Context) ([]domain.InvoiceSummary, error)
	// ListByCustomer returns a customer's invoices with their totals.
	ListByCustomer(ctx context.Context, customerID int64) ([]domain.InvoiceSummary, error)
	// Lines returns an invoice's lines in order.
	Lines(ctx context.Context, invoiceID int64) ([]domain.LineItem, error)
	// CountInYear returns how many invoices were issued in year.
	CountInYear(ctx context.Context, year int) (int, error)
	// Create stores a new invoice with its lines and sets its ID.
	Create(ctx context.Context, inv *domain.Invoice, lines []domain.LineItem) error
	// CreateImported stores an invoice from the previous billing system.
	CreateImported(ctx context.Context, inv *domain.Invoice, lines []domain.LineItem) error
	// Transition moves the invoices in status from that are due before
	// dueBefore to status to, and returns how many moved.
	Transition(ctx context.Context, from, to string, dueBefore time.Time) (int64, error)
	// SetStatus sets one invoice's status.
	SetStatus(ctx context.Context, id int64, status string) error
}

// CustomerRepository stores customers.
type CustomerRepository interface {
	// Get returns the customer with the id, or an error wrapping
	// domain.ErrNotFound.
	Get(ctx context.Context, id int64) (*domain.Customer, error)
	// List returns a page of customers by name.
	List(ctx context.Context, limit, offset int) ([]domain.Customer, error)
	// Search returns the customers whose name contains q.
	Search(ctx context.Context, q string) ([]domain.Customer, error)
	// DueReminders returns the open invoices due before asOf, with the
	// customer to remind.
	DueReminders(ctx context.Context, asOf time.Time) ([]Reminder, error)
}

// PaymentRepository stores payments.
type PaymentRepository interface {
	// ListByInvoice returns an invoice's payments, oldest first.
	ListByInvoice(ctx context.Context, invoiceID int64) ([]domain.Payment, error)
	// Recent returns the latest payments, newest first.
	Recent(ctx context.Context, limit int) ([]domain.Payment, error)
	// Record stores a payment and sets its ID.
	Record(ctx context.Context, p *domain.Payment) error
}

// NumberSource hands out invoice sequence numbers.
type NumberSource interface {
	// Next returns the next sequence number of year.
	Next(ctx context.Context, year int) (int, error)
}

// Clock tells the time; tests fix it.
type Clock func() time.Time

// Reminder is an overdue invoice and whom to remind of it.
type Reminder struct {
	CustomerID   int64
	CustomerName string
	Email        string
	Number       string
	DueOn        time.Time
}
