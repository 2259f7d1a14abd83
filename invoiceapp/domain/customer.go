package domain

// Customer is someone the business invoices.
type Customer struct {
	ID           int64
	Name         string
	BillingEmail string
	Country      string
	// Prefs are the customer's stored preferences, such as the greeting
	// used in payment reminders.
	Prefs map[string]string
}
