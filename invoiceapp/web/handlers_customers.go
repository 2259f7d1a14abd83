package web

import (
	"net/http"

	"github.com/explainerr/explainerr/invoiceapp/domain"
)

// handleCustomers lists the customers, or those whose name contains ?q=.
func (s *Server) handleCustomers() http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		q := r.URL.Query().Get("q")
		var customers []domain.Customer
		var err error
		if q != "" {
			customers, err = s.svc.Customers.Search(r.Context(), q)
		} else {
			customers, err = s.svc.Customers.List(r.Context(), pageParam(r))
		}
		if err != nil {
			s.fail(w, r, err)
			return
		}
		s.render(w, http.StatusOK, "customers.html", pageData{"Title": "Customers", "Customers": customers, "Query": q})
	}
}

// handleContacts lists every customer's billing contact.
func (s *Server) handleContacts() http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		customers, err := s.svc.Customers.List(r.Context(), 1)
		if err != nil {
			s.fail(w, r, err)
			return
		}
		s.render(w, http.StatusOK, "contacts.html", pageData{"Title": "Billing contacts", "Customers": customers})
	}
}

// handleCustomer shows a customer.
func (s *Server) handleCustomer() http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		id, err := idParam(r, "id")
		if err != nil {
			s.fail(w, r, err)
			return
		}
		c, err := s.svc.Customers.Customer(r.Context(), id)
		if err != nil {
			s.fail(w, r, err)
			return
		}
		s.render(w, http.StatusOK, "customer.html", pageData{"Title": c.Name, "Customer": c})
	}
}

// handleCustomerInvoices lists a customer's invoices.
func (s *Server) handleCustomerInvoices() http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		id, err := idParam(r, "id")
		if err != nil {
			s.fail(w, r, err)
			return
		}
		c, invoices, err := s.svc.Customers.Invoices(r.Context(), id)
		if err != nil {
			s.fail(w, r, err)
			return
		}
		s.render(w, http.StatusOK, "customer_invoices.html", pageData{"Title": c.Name, "Customer": c, "Invoices": invoices})
	}
}

// handleStatement shows a customer's statement.
func (s *Server) handleStatement() http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		id, err := idParam(r, "id")
		if err != nil {
			s.fail(w, r, err)
			return
		}
		st, err := s.svc.Statements.Cached(r.Context(), id)
		if err != nil {
			s.fail(w, r, err)
			return
		}
		s.render(w, http.StatusOK, "statement.html", pageData{"Title": "Statement", "Statement": st})
	}
}

// handleReminderPreview shows the reminder a customer would get.
func (s *Server) handleReminderPreview() http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		id, err := idParam(r, "id")
		if err != nil {
			s.fail(w, r, err)
			return
		}
		text, err := s.svc.Reminders.Preview(r.Context(), id)
		if err != nil {
			s.fail(w, r, err)
			return
		}
		s.render(w, http.StatusOK, "reminder.html", pageData{"Title": "Reminder", "Text": text})
	}
}

// handleReminders lists the reminders due today.
func (s *Server) handleReminders() http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		reminders, err := s.svc.Reminders.Due(r.Context())
		if err != nil {
			s.fail(w, r, err)
			return
		}
		s.render(w, http.StatusOK, "reminders.html", pageData{"Title": "Reminders", "Reminders": reminders})
	}
}
