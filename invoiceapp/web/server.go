package web

import (
	"log/slog"
	"net/http"

	"github.com/go-chi/chi/v5"

	"github.com/explainerr/explainerr/blogapp/fixture"
	"github.com/explainerr/explainerr/invoiceapp/service"
)

// Services are the use cases the handlers call.
type Services struct {
	Invoices   *service.InvoiceService
	Customers  *service.CustomerService
	Payments   *service.PaymentService
	Reports    *service.ReportService
	Reminders  *service.ReminderService
	Statements *service.StatementService
	Plans      *service.PlanService
	Share      *service.ShareService
}

// Server is the invoicing app's HTTP handler.
type Server struct {
	svc      Services
	log      *slog.Logger
	fixtures []fixture.Fixture
	mw       []func(http.Handler) http.Handler
	pageSize int
}

// Option configures the server.
type Option func(*Server)

// WithFixtures lists the fixtures on the home page.
func WithFixtures(fixtures []fixture.Fixture) Option {
	return func(s *Server) { s.fixtures = fixtures }
}

// WithMiddleware installs middleware on the router, outermost first, before
// any route, so that it sees the chi route pattern.
func WithMiddleware(mw ...func(http.Handler) http.Handler) Option {
	return func(s *Server) { s.mw = append(s.mw, mw...) }
}

// WithLogger sets the logger (default slog.Default()).
func WithLogger(l *slog.Logger) Option {
	return func(s *Server) { s.log = l }
}

// WithPageSize sets the number of invoices on a listing page (default 10).
func WithPageSize(n int) Option {
	return func(s *Server) { s.pageSize = n }
}

// New returns the app's handler over its services.
func New(svc Services, opts ...Option) http.Handler {
	s := &Server{svc: svc, log: slog.Default(), pageSize: 10}
	for _, opt := range opts {
		opt(s)
	}
	return s.routes()
}

// routes builds the router.
func (s *Server) routes() http.Handler {
	r := chi.NewRouter()
	r.Use(s.mw...)
	r.NotFound(s.handleNotFound())

	r.Method(http.MethodGet, "/", s.handleHome())
	r.Get("/dashboard", s.handleDashboard())

	r.Get("/invoices", s.handleInvoices())
	r.Get("/invoices/archive", s.handleArchive())
	r.Post("/invoices", s.handleCreateInvoice())
	r.Method(http.MethodGet, "/invoices/number/{number}", s.handleInvoiceByNumber())
	r.Method(http.MethodGet, "/invoices/{id}", s.handleInvoice())
	r.Get("/invoices/{id}/lines/{n}", s.handleLine())
	r.Get("/invoices/{id}/split", s.handleSplit())
	r.Get("/invoices/{id}/plan", s.handlePlan())
	r.Method(http.MethodGet, "/invoices/{id}/share", s.handleShare())
	r.Post("/invoices/{id}/payments", s.handleRecordPayment())
	r.Method(http.MethodGet, "/receipts/{invoiceID}", s.handleReceipts())

	r.Get("/customers", s.handleCustomers())
	r.Get("/customers/contacts", s.handleContacts())
	r.Get("/customers/{id}", s.handleCustomer())
	r.Get("/customers/{id}/invoices", s.handleCustomerInvoices())
	r.Get("/customers/{id}/statement", s.handleStatement())
	r.Get("/customers/{id}/reminder", s.handleReminderPreview())
	r.Get("/reminders", s.handleReminders())

	r.Method(http.MethodGet, "/payments/recent", s.handleRecentPayments())
	r.Method(http.MethodGet, "/reports/customers.csv", s.handleCustomerExport())
	return r
}
