package service

import "context"

// CountingNumbers numbers invoices by counting the year's invoices.
type CountingNumbers struct{ invoices InvoiceRepository }

// NewCountingNumbers returns a NumberSource over the invoice repository.
func NewCountingNumbers(invoices InvoiceRepository) *CountingNumbers {
	return &CountingNumbers{invoices: invoices}
}

// Next returns one more than the number of invoices issued in year.
func (n *CountingNumbers) Next(ctx context.Context, year int) (int, error) {
	count, err := n.invoices.CountInYear(ctx, year)
	if err != nil {
		return 0, err
	}
	return count + 1, nil
}
