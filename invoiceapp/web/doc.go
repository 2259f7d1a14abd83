// Package web is the invoicing app's HTTP layer: routes, handlers and
// html/template pages. Handlers call the services and map their errors to
// statuses; they hold no business rules.
package web
