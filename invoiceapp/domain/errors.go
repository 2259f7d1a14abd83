package domain

import "errors"

// Errors the services return, which the web layer maps to statuses.
var (
	// ErrNotFound means the requested record does not exist (404).
	ErrNotFound = errors.New("not found")
	// ErrInvoiceClosed means the invoice is paid or void and accepts no
	// more payments (409).
	ErrInvoiceClosed = errors.New("invoice is closed")
	// ErrInvalid means the request's input is invalid (400).
	ErrInvalid = errors.New("invalid input")
)
