package service

import (
	"context"
	"fmt"
	"time"

	"github.com/explainerr/explainerr/invoiceapp/domain"
)

// Installment is one payment of a payment plan.
type Installment struct {
	DueOn  time.Time
	Amount string
}

// PlanService proposes payment plans for open invoices.
type PlanService struct {
	invoices     *InvoiceService
	installments int
}

// NewPlanService returns the plan service; a plan splits the balance into
// installments monthly payments.
func NewPlanService(invoices *InvoiceService, installments int) *PlanService {
	return &PlanService{invoices: invoices, installments: installments}
}

// Plan splits an invoice's balance into monthly installments, the first due
// on the invoice's due date.
func (s *PlanService) Plan(ctx context.Context, invoiceID int64) ([]Installment, error) {
	d, err := s.invoices.Detail(ctx, invoiceID)
	if err != nil {
		return nil, err
	}
	balance := domain.TotalCents(d.Lines)
	for _, p := range d.Payments {
		balance -= p.AmountCents
	}
	per := balance / int64(s.installments)
	plan := make([]Installment, s.installments)
	for i := range plan {
		amount := per
		if i == len(plan)-1 {
			amount = balance - per*int64(len(plan)-1)
		}
		formatted, err := domain.FormatMoney(amount, d.Invoice.Currency)
		if err != nil {
			return nil, fmt.Errorf("plan for invoice %s: %w", d.Invoice.Number, err)
		}
		plan[i] = Installment{DueOn: d.Invoice.DueOn.AddDate(0, i, 0), Amount: formatted}
	}
	return plan, nil
}
