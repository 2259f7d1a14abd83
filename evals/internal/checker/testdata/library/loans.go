package library

import (
	"fmt"
	"time"
)

// Loan is one book lent to one member.
type Loan struct {
	Book   *Book
	Member string
	Due    time.Time
}

// Ledger records the loans of every member.
type Ledger struct {
	shelf  *Shelf
	loans  map[string][]Loan
	period time.Duration
}

// NewLedger returns a ledger that lends from shelf for period.
func NewLedger(shelf *Shelf, period time.Duration) *Ledger {
	return &Ledger{shelf: shelf, loans: map[string][]Loan{}, period: period}
}

// Lend lends the book isbn to member, due after the ledger's period.
func (l *Ledger) Lend(member, isbn string, now time.Time) (Loan, error) {
	b, err := l.shelf.Find(isbn)
	if err != nil {
		return Loan{}, fmt.Errorf("lend %s: %w", isbn, err)
	}
	b.Copies--
	loan := Loan{Book: b, Member: member, Due: now.Add(l.period)}
	l.loans[member] = append(l.loans[member], loan)
	return loan, nil
}

// Oldest returns the member's loan that is due first.
func (l *Ledger) Oldest(member string) Loan {
	loans := l.loans[member]
	oldest := loans[0]
	for _, ln := range loans[1:] {
		if ln.Due.Before(oldest.Due) {
			oldest = ln
		}
	}
	return oldest
}

// fee returns the late fee in cents for a loan returned at now: 25 cents a
// day after the due date.
func fee(loan Loan, now time.Time) int {
	days := int(now.Sub(loan.Due).Hours() / 24)
	if days <= 0 {
		return 0
	}
	return days * 25
}
