// Package service holds the invoicing app's use cases: creating and reading
// invoices, recording payments, statements, reminders, reports, payment
// plans and share links. Services reach storage only through the
// repository interfaces declared here; package sqlstore implements them.
package service
