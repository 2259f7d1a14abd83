package web

import (
	"net/http"
	"strconv"

	"github.com/go-chi/chi/v5"

	"github.com/explainerr/explainerr/explainerr"
	"github.com/explainerr/explainerr/invoiceapp/domain"
)

// pager is what the "pager" partial shows.
type pager struct {
	Path       string
	Page       int
	Prev, Next int
}

// newPager returns the pager of a page that holds n of at most size rows.
func newPager(path string, page, n, size int) pager {
	p := pager{Path: path, Page: page}
	if page > 1 {
		p.Prev = page - 1
	}
	if n == size {
		p.Next = page + 1
	}
	return p
}

// handleInvoices lists the invoices, a page at a time.
func (s *Server) handleInvoices() http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		page := pageParam(r)
		invoices, err := s.svc.Invoices.List(r.Context(), page, s.pageSize)
		if err != nil {
			s.fail(w, r, err)
			return
		}
		s.render(w, http.StatusOK, "invoices.html", pageData{
			"Title":    "Invoices",
			"Invoices": invoices,
			"Pager":    newPager("/invoices", page, len(invoices), s.pageSize),
		})
	}
}

// handleArchive lists the invoices in the archive's compact layout.
func (s *Server) handleArchive() http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		page := pageParam(r)
		invoices, err := s.svc.Invoices.List(r.Context(), page, s.pageSize)
		if err != nil {
			s.fail(w, r, err)
			return
		}
		s.render(w, http.StatusOK, "archive.html", pageData{
			"Title":    "Archive",
			"Invoices": invoices,
			"Pager":    newPager("/invoices/archive", page, len(invoices), s.pageSize),
		})
	}
}

// handleCreateInvoice opens a draft invoice from the form's customer and
// first line, and redirects to it.
func (s *Server) handleCreateInvoice() http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		customerID, err := strconv.ParseInt(r.FormValue("customer_id"), 10, 64)
		if err != nil {
			http.Error(w, "customer_id: want a number", http.StatusBadRequest)
			return
		}
		price, err := parseCents(r.FormValue("unit_price"))
		if err != nil {
			s.fail(w, r, err)
			return
		}
		line := domain.LineItem{Description: r.FormValue("description"), Quantity: 1, UnitPriceCents: price}
		inv, err := s.svc.Invoices.Create(r.Context(), customerID, line)
		if err != nil {
			s.fail(w, r, err)
			return
		}
		http.Redirect(w, r, "/invoices/"+strconv.FormatInt(inv.ID, 10), http.StatusSeeOther)
	}
}

// handleInvoiceByNumber redirects from an invoice's number to its page.
func (s *Server) handleInvoiceByNumber() explainerr.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) error {
		inv, err := s.svc.Invoices.ByNumber(r.Context(), chi.URLParam(r, "number"))
		if err != nil {
			return err
		}
		http.Redirect(w, r, "/invoices/"+strconv.FormatInt(inv.ID, 10), http.StatusFound)
		return nil
	}
}

// handleInvoice shows an invoice with its lines and payments.
func (s *Server) handleInvoice() explainerr.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) error {
		id, err := idParam(r, "id")
		if err != nil {
			s.fail(w, r, err)
			return nil
		}
		d, err := s.svc.Invoices.Detail(r.Context(), id)
		if err != nil {
			return err
		}
		s.render(w, http.StatusOK, "invoice.html", pageData{"Title": d.Invoice.Number, "D": d, "Methods": domain.PaymentMethods})
		return nil
	}
}

// handleLine shows one line of an invoice.
func (s *Server) handleLine() http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		id, err := idParam(r, "id")
		if err != nil {
			s.fail(w, r, err)
			return
		}
		n, err := strconv.Atoi(chi.URLParam(r, "n"))
		if err != nil || n < 1 {
			http.Error(w, "line number: want a positive integer", http.StatusBadRequest)
			return
		}
		line, err := s.svc.Invoices.Line(r.Context(), id, n)
		if err != nil {
			s.fail(w, r, err)
			return
		}
		s.render(w, http.StatusOK, "line.html", pageData{"Title": "Line", "Line": line})
	}
}

// handleSplit divides an invoice's total into equal shares (?ways=N).
func (s *Server) handleSplit() http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		id, err := idParam(r, "id")
		if err != nil {
			s.fail(w, r, err)
			return
		}
		ways, _ := strconv.Atoi(r.URL.Query().Get("ways"))
		shares, err := s.svc.Invoices.Split(r.Context(), id, ways)
		if err != nil {
			s.fail(w, r, err)
			return
		}
		s.render(w, http.StatusOK, "split.html", pageData{"Title": "Split", "Shares": shares})
	}
}

// handlePlan proposes a payment plan for an invoice.
func (s *Server) handlePlan() http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		id, err := idParam(r, "id")
		if err != nil {
			s.fail(w, r, err)
			return
		}
		plan, err := s.svc.Plans.Plan(r.Context(), id)
		if err != nil {
			s.fail(w, r, err)
			return
		}
		s.render(w, http.StatusOK, "plan.html", pageData{"Title": "Payment plan", "Plan": plan})
	}
}

// handleShare shows the link to send a customer for an invoice.
func (s *Server) handleShare() explainerr.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) error {
		id, err := idParam(r, "id")
		if err != nil {
			s.fail(w, r, err)
			return nil
		}
		link, err := s.svc.Share.Link(r.Context(), id)
		if err != nil {
			return err
		}
		s.render(w, http.StatusOK, "share.html", pageData{"Title": "Share", "Link": link})
		return nil
	}
}
