package app

import (
	"time"

	"github.com/explainerr/explainerr/invoiceapp/domain"
	"github.com/explainerr/explainerr/invoiceapp/service"
)

// legacyInvoices are the invoices brought over from the previous billing
// system on first start.
var legacyInvoices = []service.LegacyInvoice{
	{
		Year: 2025, Seq: 7, CustomerID: 8, Status: domain.StatusSent,
		IssuedOn: date(2025, 11, 3), DueOn: date(2027, 3, 1),
		Lines: []domain.LineItem{{Description: "Annual maintenance", Quantity: 1, UnitPriceCents: 360000}},
	},
	{
		Year: 2025, Seq: 12, CustomerID: 2, Status: domain.StatusPaid,
		IssuedOn: date(2025, 12, 1), DueOn: date(2025, 12, 31),
		Lines: []domain.LineItem{{Description: "Data migration", Quantity: 5, UnitPriceCents: 80000}},
	},
}

// date is midnight UTC of a calendar day.
func date(y int, m time.Month, d int) time.Time {
	return time.Date(y, m, d, 0, 0, 0, 0, time.UTC)
}
