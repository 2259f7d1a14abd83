package service

import (
	"context"

	"github.com/explainerr/explainerr/invoiceapp/domain"
)

// StatusCount is how many invoices have a status.
type StatusCount struct {
	Status string
	Count  int
}

// Dashboard counts the invoices in each status, in the order of
// domain.Statuses.
func (s *ReportService) Dashboard(ctx context.Context) ([]StatusCount, error) {
	invoices, err := s.invoices.ListAll(ctx)
	if err != nil {
		return nil, err
	}
	counts := make([]StatusCount, len(domain.Statuses))
	for i, status := range domain.Statuses {
		counts[i].Status = status
	}
	for _, inv := range invoices {
		counts[domain.StatusIndex(inv.Status)].Count++
	}
	return counts, nil
}
