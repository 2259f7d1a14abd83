package domain

import "time"

// Statement is a customer's account: their invoices and what is still owed.
type Statement struct {
	CustomerID   int64
	CustomerName string
	Lines        []StatementLine
	BalanceCents int64
	GeneratedAt  time.Time
}

// StatementLine is one invoice on a statement.
type StatementLine struct {
	Number     string
	DueOn      time.Time
	TotalCents int64
	PaidCents  int64
}
