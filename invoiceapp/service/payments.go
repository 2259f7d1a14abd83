package service

import (
	"context"
	"fmt"

	"github.com/explainerr/explainerr/invoiceapp/domain"
)

// PaymentService records and lists payments.
type PaymentService struct {
	invoices InvoiceRepository
	payments PaymentRepository
	clock    Clock
}

// NewPaymentService returns the payment service.
func NewPaymentService(invoices InvoiceRepository, payments PaymentRepository, clock Clock) *PaymentService {
	return &PaymentService{invoices: invoices, payments: payments, clock: clock}
}

// Record records a payment of amount (minor units) against an invoice that
// is still open.
func (s *PaymentService) Record(ctx context.Context, invoiceID, amount int64, method string) (*domain.Payment, error) {
	if amount <= 0 {
		return nil, fmt.Errorf("amount %d: %w", amount, domain.ErrInvalid)
	}
	if !domain.ValidPaymentMethod(method) {
		return nil, fmt.Errorf("payment method %q: %w", method, domain.ErrInvalid)
	}
	inv, err := s.invoices.Get(ctx, invoiceID)
	if err != nil {
		return nil, err
	}
	if inv == nil {
		return nil, fmt.Errorf("invoice %d: %w", invoiceID, domain.ErrNotFound)
	}
	if err := inv.CanAcceptPayment(); err != nil {
		return nil, fmt.Errorf("record payment: %w", err)
	}
	p := &domain.Payment{InvoiceID: invoiceID, AmountCents: amount, PaidOn: today(s.clock), Method: method}
	if err := s.payments.Record(ctx, p); err != nil {
		return nil, err
	}
	return p, nil
}

// ForInvoice returns an invoice's payments.
func (s *PaymentService) ForInvoice(ctx context.Context, invoiceID int64) ([]domain.Payment, error) {
	return s.payments.ListByInvoice(ctx, invoiceID)
}

// Recent returns the latest payments.
func (s *PaymentService) Recent(ctx context.Context, limit int) ([]domain.Payment, error) {
	return s.payments.Recent(ctx, limit)
}
