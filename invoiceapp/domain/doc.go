// Package domain holds the invoicing app's types and the rules that belong
// to them: customers, invoices and their lines, payments, statuses, money
// and invoice numbers. It knows nothing of storage or HTTP.
package domain
