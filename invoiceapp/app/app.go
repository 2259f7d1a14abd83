package app

import (
	"context"
	"database/sql"
	"fmt"
	"log/slog"
	"net/http"
	"time"

	"github.com/explainerr/explainerr/blogapp/fixture"
	"github.com/explainerr/explainerr/explainerr"
	"github.com/explainerr/explainerr/invoiceapp/config"
	"github.com/explainerr/explainerr/invoiceapp/service"
	"github.com/explainerr/explainerr/invoiceapp/store/sqlstore"
	"github.com/explainerr/explainerr/invoiceapp/web"
)

// App is the running invoicing app: its database and HTTP handler.
type App struct {
	DB      *sql.DB
	Handler http.Handler
}

// Option configures New.
type Option func(*options)

// options are New's settings beyond the configuration.
type options struct {
	explainer *explainerr.Explainer
	fixtures  []fixture.Fixture
	logger    *slog.Logger
	clock     service.Clock
}

// WithExplainer installs ex's middleware on the router, so that every
// failing request gets explained.
func WithExplainer(ex *explainerr.Explainer) Option {
	return func(o *options) { o.explainer = ex }
}

// WithFixtures lists the fixtures on the home page.
func WithFixtures(fixtures []fixture.Fixture) Option {
	return func(o *options) { o.fixtures = fixtures }
}

// WithLogger sets the logger (default slog.Default()).
func WithLogger(l *slog.Logger) Option {
	return func(o *options) { o.logger = l }
}

// WithClock replaces the wall clock.
func WithClock(c service.Clock) Option {
	return func(o *options) { o.clock = c }
}

// New opens the database named by cfg, seeds it when empty, runs the
// start-up jobs and returns the app. Close the app's DB when done.
func New(ctx context.Context, cfg config.Config, opts ...Option) (*App, error) {
	o := options{logger: slog.Default(), clock: time.Now}
	for _, opt := range opts {
		opt(&o)
	}
	db, err := sqlstore.Open(ctx, cfg.DBPath)
	if err != nil {
		return nil, err
	}
	invoices := sqlstore.NewInvoiceStore(db)
	customers := sqlstore.NewCustomerStore(db)
	payments := sqlstore.NewPaymentStore(db)

	seeded, err := sqlstore.SeedIfEmpty(ctx, db)
	if err != nil {
		db.Close()
		return nil, fmt.Errorf("seed database: %w", err)
	}
	if seeded {
		if err := service.NewImportService(invoices).Import(ctx, legacyInvoices); err != nil {
			db.Close()
			return nil, fmt.Errorf("import legacy invoices: %w", err)
		}
	}
	if _, err := service.NewOverdueJob(invoices, o.clock).Run(ctx); err != nil {
		db.Close()
		return nil, err
	}

	invoiceSvc := service.NewInvoiceService(invoices, customers, payments, service.NewCountingNumbers(invoices), o.clock, cfg.DueDays)
	cache := service.NewStatementCache()
	statements := service.NewStatementService(customers, invoices, payments, cache, o.clock)
	if err := service.WarmStatements(ctx, customers, statements, cache, cfg.PageSize); err != nil {
		db.Close()
		return nil, err
	}
	svc := web.Services{
		Invoices:   invoiceSvc,
		Customers:  service.NewCustomerService(customers, invoices, cfg.PageSize),
		Payments:   service.NewPaymentService(invoices, payments, o.clock),
		Reports:    service.NewReportService(invoices, customers, cfg.MaxExportRows, cfg.PageSize),
		Reminders:  service.NewReminderService(customers, o.clock),
		Statements: statements,
		Plans:      service.NewPlanService(invoiceSvc, cfg.Installments),
		Share:      service.NewShareService(invoices, cfg.PublicURL),
	}
	webOpts := []web.Option{web.WithFixtures(o.fixtures), web.WithLogger(o.logger), web.WithPageSize(cfg.PageSize)}
	if o.explainer != nil {
		webOpts = append(webOpts, web.WithMiddleware(o.explainer.Middleware))
	}
	return &App{DB: db, Handler: web.New(svc, webOpts...)}, nil
}
