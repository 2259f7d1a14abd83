package service

import "context"

// OverdueJob marks sent invoices whose due date has passed.
type OverdueJob struct {
	invoices InvoiceRepository
	clock    Clock
}

// NewOverdueJob returns the job.
func NewOverdueJob(invoices InvoiceRepository, clock Clock) *OverdueJob {
	return &OverdueJob{invoices: invoices, clock: clock}
}

// Run moves every sent invoice due before today to overdue and returns how
// many moved.
func (j *OverdueJob) Run(ctx context.Context) (int64, error) {
	return j.invoices.Transition(ctx, "sent", "past_due", today(j.clock))
}
