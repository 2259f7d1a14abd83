package domain

import "fmt"

// Invoice statuses.
const (
	StatusDraft   = "draft"
	StatusSent    = "sent"
	StatusOverdue = "overdue"
	StatusPaid    = "paid"
	StatusVoid    = "void"
)

// Statuses lists every status, in the order the dashboard shows them.
var Statuses = []string{StatusDraft, StatusSent, StatusOverdue, StatusPaid, StatusVoid}

// StatusIndex is the position of status in Statuses. Every stored status is
// one of them, so an unknown one is a bug and panics.
func StatusIndex(status string) int {
	for i, s := range Statuses {
		if s == status {
			return i
		}
	}
	panic(fmt.Sprintf("unknown invoice status %q", status))
}
