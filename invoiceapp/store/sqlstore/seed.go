package sqlstore

import (
	"context"
	"database/sql"
	"fmt"
)

// seedCustomers are the sample customers. Wren & Finch's preferences came
// from the old system, which stored them in its own format.
var seedCustomers = []struct{ name, email, country, prefs string }{
	{"Acme Corporation", "billing@acme.example", "US", `{"greeting":"Dear Acme team"}`},
	{"Globex Ltd", "accounts@globex.example", "GB", `{}`},
	{"Initech GmbH", "rechnung@initech.example", "DE", `{"greeting":"Guten Tag"}`},
	{"Wren & Finch", "ap@wrenfinch.example", "US", `greeting=Hello Wren`},
	{"Umbrella plc", "finance@umbrella.example", "GB", `{}`},
	{"Hooli", "payables@hooli.example", "US", `{}`},
	{"Tanaka Shoji", "keiri@tanaka.example", "JP", `{}`},
	{"Stark Supplies", "invoices@stark.example", "US", `{}`},
	{"Vandelay Industries", "art@vandelay.example", "US", `{}`},
	{"Bluth Company", "gob@bluth.example", "US", `{}`},
	{"Soylent Foods", "ap@soylent.example", "US", `{}`},
	{"Pied Piper", "richard@piedpiper.example", "US", `{}`},
}

// seedInvoices are the sample invoices; their lines follow.
var seedInvoices = []struct {
	number, status, issued, due, currency string
	customer                              int64
}{
	{"INV-2026-00001", "paid", "2026-09-01", "2026-10-01", "USD", 1},
	{"INV-2026-00002", "sent", "2026-09-15", "2026-10-15", "USD", 2},
	{"INV-2026-00003", "sent", "2026-11-20", "2027-01-15", "EUR", 3},
	{"INV-2026-00004", "draft", "2026-11-28", "2027-01-31", "USD", 1},
	{"INV-2026-00005", "paid", "2026-10-02", "2026-11-01", "GBP", 5},
	{"INV-2026-00006", "sent", "2026-10-01", "2026-11-01", "EUR", 3},
	{"INV-2026-00007", "void", "2026-10-10", "2026-11-10", "USD", 6},
	{"INV-2026-00008", "sent", "2026-11-20", "2026-12-20", "JPY", 7},
}

// seedLines are the sample invoice lines: invoice (1-based), description,
// quantity, unit price in minor units.
var seedLines = []struct {
	invoice             int64
	description         string
	quantity, unitPrice int64
}{
	{1, "Consulting, September", 12, 15000},
	{1, "Travel", 1, 42050},
	{2, "Website redesign", 1, 480000},
	{2, "Hosting, 12 months", 12, 2500},
	{3, "Beratung", 8, 12000},
	{4, "Support retainer", 1, 90000},
	{5, "Audit", 3, 70000},
	{6, "Training day", 2, 95000},
	{7, "Cancelled workshop", 1, 50000},
	{8, "Translation", 40, 1200},
}

// seedPayments are the sample payments.
var seedPayments = []struct {
	invoice      int64
	amount       int64
	paid, method string
}{
	{1, 222050, "2026-09-28", "card"},
	{5, 210000, "2026-10-20", "bank"},
	{2, 100000, "2026-10-10", "cash"},
}

// SeedIfEmpty fills an empty database with the sample data and reports
// whether it did.
func SeedIfEmpty(ctx context.Context, db *sql.DB) (bool, error) {
	var n int
	if err := db.QueryRowContext(ctx, `SELECT COUNT(*) FROM customers`).Scan(&n); err != nil {
		return false, err
	}
	if n > 0 {
		return false, nil
	}
	tx, err := db.BeginTx(ctx, nil)
	if err != nil {
		return false, err
	}
	defer tx.Rollback()
	for _, c := range seedCustomers {
		if _, err := tx.ExecContext(ctx, `INSERT INTO customers (name, billing_email, country, prefs) VALUES (?, ?, ?, ?)`,
			c.name, c.email, c.country, c.prefs); err != nil {
			return false, fmt.Errorf("customer %s: %w", c.name, err)
		}
	}
	for _, inv := range seedInvoices {
		if _, err := tx.ExecContext(ctx, `INSERT INTO invoices (number, customer_id, status, issued_on, due_on, currency) VALUES (?, ?, ?, ?, ?, ?)`,
			inv.number, inv.customer, inv.status, inv.issued, inv.due, inv.currency); err != nil {
			return false, fmt.Errorf("invoice %s: %w", inv.number, err)
		}
	}
	for _, l := range seedLines {
		if _, err := tx.ExecContext(ctx, `INSERT INTO line_items (invoice_id, description, quantity, unit_price_cents) VALUES (?, ?, ?, ?)`,
			l.invoice, l.description, l.quantity, l.unitPrice); err != nil {
			return false, fmt.Errorf("line %s: %w", l.description, err)
		}
	}
	for _, p := range seedPayments {
		if _, err := tx.ExecContext(ctx, `INSERT INTO payments (invoice_id, amount_cents, paid_on, method) VALUES (?, ?, ?, ?)`,
			p.invoice, p.amount, p.paid, p.method); err != nil {
			return false, fmt.Errorf("payment on invoice %d: %w", p.invoice, err)
		}
	}
	return true, tx.Commit()
}
