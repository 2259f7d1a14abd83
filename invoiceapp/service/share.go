package service

import (
	"context"
	"fmt"
	"net/url"
	"strconv"
)

// ShareService makes the links customers open to see an invoice.
type ShareService struct {
	invoices  InvoiceRepository
	publicURL string
}

// NewShareService returns the share service; links start with publicURL.
func NewShareService(invoices InvoiceRepository, publicURL string) *ShareService {
	return &ShareService{invoices: invoices, publicURL: publicURL}
}

// Link returns the public link to an invoice.
func (s *ShareService) Link(ctx context.Context, invoiceID int64) (string, error) {
	inv, err := s.invoices.Get(ctx, invoiceID)
	if err != nil {
		return "", err
	}
	base, err := url.Parse(s.publicURL)
	if err != nil {
		return "", fmt.Errorf("share link for invoice %d: public URL: %w", invoiceID, err)
	}
	link := base.JoinPath("invoices", "number", inv.Number)
	link.RawQuery = url.Values{"ref": {strconv.FormatInt(invoiceID, 10)}}.Encode()
	return link.String(), nil
}
