package web

import (
	"errors"
	"net/http"

	"github.com/explainerr/explainerr/invoiceapp/domain"
)

// fail answers a service error: 404 for a missing record, 409 for a closed
// invoice, 400 for invalid input, 500 otherwise.
func (s *Server) fail(w http.ResponseWriter, r *http.Request, err error) {
	switch {
	case errors.Is(err, domain.ErrNotFound):
		s.render(w, http.StatusNotFound, "notfound.html", pageData{"Title": "Not found", "Path": r.URL.Path})
	case errors.Is(err, domain.ErrInvoiceClosed):
		http.Error(w, err.Error(), http.StatusConflict)
	case errors.Is(err, domain.ErrInvalid):
		http.Error(w, err.Error(), http.StatusBadRequest)
	default:
		s.log.Error("request failed", "method", r.Method, "path", r.URL.Path, "err", err)
		http.Error(w, err.Error(), http.StatusInternalServerError)
	}
}

// handleNotFound answers unknown URLs with the 404 page.
func (s *Server) handleNotFound() http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		s.render(w, http.StatusNotFound, "notfound.html", pageData{"Title": "Not found", "Path": r.URL.Path})
	}
}
