// Command invoiceapp runs Breakable Invoices, a small invoicing app whose
// fixtures fail on purpose, wrapped in explainerr: open
// http://127.0.0.1:8001 and pick a failure from the home page.
//
// Usage:
//
//	go run ./invoiceapp
//
// The app reads its settings from the environment, each with a default:
// INVOICE_ADDR (127.0.0.1:8001), INVOICE_DB (empty: the database lives in
// memory and is seeded afresh on every start), INVOICE_PUBLIC_URL,
// INVOICE_PAGE_SIZE, INVOICE_MAX_EXPORT_ROWS, INVOICE_INSTALLMENTS,
// INVOICE_DUE_DAYS and INVOICE_GATEWAY_KEY. explainerr reads its own
// (OPENAI_API_KEY, OPENAI_BASE_URL, EXPLAINERR_MODEL, EXPLAINERR_PROVIDER,
// EXPLAINERR_CONTEXT, EXPLAINERR_INDEX); with none set, explanations come
// from the offline analyzer.
//
// Unlike the blog, the app is layered: HTTP handlers (package web) call
// services (package service), which reach SQLite only through repository
// interfaces that package store/sqlstore implements, over a schema built by
// embedded migrations.
package main

import (
	"context"
	_ "embed"
	"fmt"
	"log/slog"
	"net/http"
	"os"
	"time"

	"github.com/explainerr/explainerr/blogapp/fixture"
	"github.com/explainerr/explainerr/explainerr"
	_ "github.com/explainerr/explainerr/explainerr/provider/openai"
	_ "github.com/explainerr/explainerr/index/rag"
	"github.com/explainerr/explainerr/invoiceapp/app"
	"github.com/explainerr/explainerr/invoiceapp/config"
)

// fixturesJSON is the fixtures file, listed on the home page.
//
//go:embed fixtures.json
var fixturesJSON []byte

func main() {
	cfg, err := config.Load(os.Getenv)
	if err != nil {
		fmt.Fprintln(os.Stderr, "invoiceapp:", err)
		os.Exit(2)
	}
	handler, err := newHandler(context.Background(), cfg)
	if err != nil {
		fmt.Fprintln(os.Stderr, "invoiceapp:", err)
		os.Exit(1)
	}
	slog.Info("Breakable Invoices is listening", "url", "http://"+cfg.Addr+"/")
	srv := &http.Server{Addr: cfg.Addr, Handler: handler, ReadHeaderTimeout: 10 * time.Second}
	if err := srv.ListenAndServe(); err != nil {
		fmt.Fprintln(os.Stderr, "invoiceapp:", err)
		os.Exit(1)
	}
}

// newHandler builds the app from cfg, wrapped in explainerr configured from
// the environment and opts, with the fixtures listed on its home page.
func newHandler(ctx context.Context, cfg config.Config, opts ...explainerr.Option) (http.Handler, error) {
	fixtures, err := fixture.Parse(fixturesJSON)
	if err != nil {
		return nil, fmt.Errorf("embedded fixtures.json: %w", err)
	}
	ex, err := explainerr.New(opts...)
	if err != nil {
		return nil, fmt.Errorf("explainerr: %w", err)
	}
	a, err := app.New(ctx, cfg, app.WithExplainer(ex), app.WithFixtures(fixtures.Fixtures))
	if err != nil {
		return nil, err
	}
	return a.Handler, nil
}
