package service

import (
	"context"
	"fmt"
)

// defaultGreeting opens a reminder when the customer has chosen none.
const defaultGreeting = "Hello"

// ReminderService lists and drafts payment reminders.
type ReminderService struct {
	customers CustomerRepository
	clock     Clock
}

// NewReminderService returns the reminder service.
func NewReminderService(customers CustomerRepository, clock Clock) *ReminderService {
	return &ReminderService{customers: customers, clock: clock}
}

// Due returns the reminders to send today.
func (s *ReminderService) Due(ctx context.Context) ([]Reminder, error) {
	return s.customers.DueReminders(ctx, today(s.clock))
}

// Preview drafts the reminder a customer would get, in their chosen
// greeting, which it stores as their preference when they have none.
func (s *ReminderService) Preview(ctx context.Context, customerID int64) (string, error) {
	c, err := s.customers.Get(ctx, customerID)
	if err != nil {
		return "", err
	}
	if _, ok := c.Prefs["greeting"]; !ok {
		c.Prefs["greeting"] = defaultGreeting
	}
	return fmt.Sprintf("%s,\n\nyour account with us has invoices past their due date. "+
		"Please pay them at your earliest convenience.\n", c.Prefs["greeting"]), nil
}
