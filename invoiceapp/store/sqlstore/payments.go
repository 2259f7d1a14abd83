package sqlstore

import (
	"context"
	"database/sql"
	"fmt"

	"github.com/explainerr/explainerr/invoiceapp/domain"
)

// PaymentStore keeps payments in SQLite.
type PaymentStore struct{ db *sql.DB }

// NewPaymentStore returns the payment repository over db.
func NewPaymentStore(db *sql.DB) *PaymentStore { return &PaymentStore{db: db} }

// ListByInvoice returns an invoice's payments, oldest first.
func (s *PaymentStore) ListByInvoice(ctx context.Context, invoiceID int64) ([]domain.Payment, error) {
	rows, err := s.db.QueryContext(ctx, `SELECT id, invoice_id, amount_cents, paid_on, method
FROM payments WHERE invoice_id = ? ORDER BY paid_on, id`, invoiceID)
	if err != nil {
		return nil, fmt.Errorf("payments of invoice %d: %w", invoiceID, err)
	}
	defer rows.Close()
	var out []domain.Payment
	for rows.Next() {
		var p domain.Payment
		var paid string
		if err := rows.Scan(&p.ID, &p.InvoiceID, &p.AmountCents, &paid, &p.Method); err != nil {
			return nil, err
		}
		if p.PaidOn, err = parseDate("paid_on", paid); err != nil {
			return nil, err
		}
		out = append(out, p)
	}
	return out, rows.Err()
}

// Recent returns the latest payments, newest first.
func (s *PaymentStore) Recent(ctx context.Context, limit int) ([]domain.Payment, error) {
	rows, err := s.db.QueryContext(ctx, `SELECT id, invoice_id, paid_on, amount_cents, method
FROM payments ORDER BY paid_on DESC, id DESC LIMIT ?`, limit)
	if err != nil {
		return nil, fmt.Errorf("recent payments: %w", err)
	}
	defer rows.Close()
	var out []domain.Payment
	for rows.Next() {
		var p domain.Payment
		var paid string
		if err := rows.Scan(&p.ID, &p.InvoiceID, &p.AmountCents, &paid, &p.Method); err != nil {
			return nil, fmt.Errorf("recent payments: %w", err)
		}
		if p.PaidOn, err = parseDate("paid_on", paid); err != nil {
			return nil, err
		}
		out = append(out, p)
	}
	return out, rows.Err()
}

// Record stores a payment and sets its ID.
func (s *PaymentStore) Record(ctx context.Context, p *domain.Payment) error {
	res, err := s.db.ExecContext(ctx, `INSERT INTO payments (invoice_id, amount_cents, paid_on, method) VALUES (?, ?, ?, ?)`,
		p.InvoiceID, p.AmountCents, formatDate(p.PaidOn), p.Method)
	if err != nil {
		return fmt.Errorf("record payment on invoice %d: %w", p.InvoiceID, err)
	}
	p.ID, err = res.LastInsertId()
	return err
}
