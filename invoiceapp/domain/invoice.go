package domain

import (
	"fmt"
	"time"
)

// Invoice is a bill sent to a customer.
type Invoice struct {
	ID         int64
	Number     string
	CustomerID int64
	Status     string
	IssuedOn   time.Time
	DueOn      time.Time
	Currency   string
	Notes      string
}

// LineItem is one line of an invoice.
type LineItem struct {
	ID             int64
	InvoiceID      int64
	Description    string
	Quantity       int64
	UnitPriceCents int64
}

// TotalCents is the line's quantity times its unit price.
func (l LineItem) TotalCents() int64 { return l.Quantity * l.UnitPriceCents }

// InvoiceSummary is an invoice as the lists show it, with its total.
type InvoiceSummary struct {
	Invoice
	CustomerName string
	TotalCents   int64
}

// TotalCents adds up the lines.
func TotalCents(lines []LineItem) int64 {
	var total int64
	for _, l := range lines {
		total += l.TotalCents()
	}
	return total
}

// CanAcceptPayment reports, as an error, why the invoice cannot take a
// payment: a paid or void invoice is closed.
func (inv *Invoice) CanAcceptPayment() error {
	switch inv.Status {
	case StatusPaid, StatusVoid:
		return fmt.Errorf("invoice %s is %s: %v", inv.Number, inv.Status, ErrInvoiceClosed)
	}
	return nil
}
