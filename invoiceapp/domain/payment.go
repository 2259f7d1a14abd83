package domain

import (
	"slices"
	"time"
)

// Payment is money received against an invoice.
type Payment struct {
	ID          int64
	InvoiceID   int64
	AmountCents int64
	PaidOn      time.Time
	Method      string
}

// PaymentMethods are the ways a customer can pay.
var PaymentMethods = []string{"card", "bank", "cash", "transfer"}

// ValidPaymentMethod reports whether method is one of PaymentMethods.
func ValidPaymentMethod(method string) bool {
	return slices.Contains(PaymentMethods, method)
}
