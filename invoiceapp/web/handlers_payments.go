package web

import (
	"net/http"
	"strconv"

	"github.com/go-chi/chi/v5"

	"github.com/explainerr/explainerr/explainerr"
)

// handleRecordPayment records a payment from the invoice page's form
// (amount, method) and redirects back to the invoice.
func (s *Server) handleRecordPayment() http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		id, err := idParam(r, "id")
		if err != nil {
			s.fail(w, r, err)
			return
		}
		amount, err := parseCents(r.FormValue("amount"))
		if err != nil {
			s.fail(w, r, err)
			return
		}
		if _, err := s.svc.Payments.Record(r.Context(), id, amount, r.FormValue("method")); err != nil {
			s.fail(w, r, err)
			return
		}
		http.Redirect(w, r, "/invoices/"+strconv.FormatInt(id, 10), http.StatusSeeOther)
	}
}

// handleReceipts lists the receipts (payments) of an invoice.
func (s *Server) handleReceipts() explainerr.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) error {
		id, err := strconv.ParseInt(chi.URLParam(r, "id"), 10, 64)
		if err != nil {
			return err
		}
		payments, err := s.svc.Payments.ForInvoice(r.Context(), id)
		if err != nil {
			return err
		}
		s.render(w, http.StatusOK, "payments.html", pageData{"Title": "Receipts", "Payments": payments})
		return nil
	}
}

// handleRecentPayments lists the latest payments.
func (s *Server) handleRecentPayments() explainerr.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) error {
		payments, err := s.svc.Payments.Recent(r.Context(), 20)
		if err != nil {
			return err
		}
		s.render(w, http.StatusOK, "payments.html", pageData{"Title": "Recent payments", "Payments": payments})
		return nil
	}
}

// handleCustomerExport downloads every customer as CSV.
func (s *Server) handleCustomerExport() explainerr.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) error {
		var buf csvBuffer
		if err := s.svc.Reports.CustomersCSV(r.Context(), &buf); err != nil {
			return err
		}
		w.Header().Set("Content-Type", "text/csv; charset=utf-8")
		w.Header().Set("Content-Disposition", `attachment; filename="customers.csv"`)
		_, err := w.Write(buf.Bytes())
		return err
	}
}
