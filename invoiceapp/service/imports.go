package service

import (
	"context"
	"fmt"
	"time"

	"github.com/explainerr/explainerr/invoiceapp/domain"
)

// LegacyInvoice is an invoice exported from the old billing system, which
// numbered invoices by year and sequence.
type LegacyInvoice struct {
	Year, Seq  int
	CustomerID int64
	Status     string
	IssuedOn   time.Time
	DueOn      time.Time
	Lines      []domain.LineItem
}

// ImportService brings invoices over from the old billing system.
type ImportService struct{ invoices InvoiceRepository }

// NewImportService returns the import service.
func NewImportService(invoices InvoiceRepository) *ImportService {
	return &ImportService{invoices: invoices}
}

// Import stores the legacy invoices under this app's numbering.
func (s *ImportService) Import(ctx context.Context, legacy []LegacyInvoice) error {
	for _, l := range legacy {
		inv := &domain.Invoice{
			Number:     legacyNumber(l.Year, l.Seq),
			CustomerID: l.CustomerID,
			Status:     l.Status,
			IssuedOn:   l.IssuedOn,
			DueOn:      l.DueOn,
			Notes:      "Imported from the previous billing system.",
		}
		if err := s.invoices.CreateImported(ctx, inv, l.Lines); err != nil {
			return err
		}
	}
	return nil
}

// legacyNumber writes an imported invoice's number.
func legacyNumber(year, seq int) string {
	return fmt.Sprintf("INV-%d-%d", year, seq)
}
