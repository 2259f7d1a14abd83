package harness

import (
	"context"
	"io"
	"log/slog"
	"net/http"

	blog "github.com/explainerr/explainerr/blogapp/app"
	"github.com/explainerr/explainerr/explainerr"
	invoices "github.com/explainerr/explainerr/invoiceapp/app"
	"github.com/explainerr/explainerr/invoiceapp/config"
)

// App is a sample app the evaluation runs: where its code and fixtures
// are, and how to start it behind an Explainer.
type App struct {
	// Name is the app's folder at the repository root, such as "blogapp".
	Name string
	// FixturesFile is its fixtures file, relative to the repository root.
	FixturesFile string
	// Pattern is the package pattern its index is built from.
	Pattern string
	// start returns the app's handler with ex's middleware installed and
	// what to close when done.
	start func(ex *explainerr.Explainer, logger *slog.Logger) (http.Handler, io.Closer, error)
}

// BlogApp is the Breakable Blog.
var BlogApp = App{
	Name:         "blogapp",
	FixturesFile: "blogapp/fixtures.json",
	Pattern:      "./blogapp/...",
	start: func(ex *explainerr.Explainer, logger *slog.Logger) (http.Handler, io.Closer, error) {
		db, err := blog.OpenDB("")
		if err != nil {
			return nil, nil, err
		}
		return blog.NewWithExplainer(db, ex, blog.WithLogger(logger)), db, nil
	},
}

// InvoiceApp is Breakable Invoices, run with its default configuration
// (no INVOICE_* variable) and an in-memory database.
var InvoiceApp = App{
	Name:         "invoiceapp",
	FixturesFile: "invoiceapp/fixtures.json",
	Pattern:      "./invoiceapp/...",
	start: func(ex *explainerr.Explainer, logger *slog.Logger) (http.Handler, io.Closer, error) {
		cfg, err := config.Load(func(string) string { return "" })
		if err != nil {
			return nil, nil, err
		}
		a, err := invoices.New(context.Background(), cfg, invoices.WithExplainer(ex), invoices.WithLogger(logger))
		if err != nil {
			return nil, nil, err
		}
		return a.Handler, a.DB, nil
	},
}

// Apps are the sample apps of a default run, in report order.
func Apps() []App { return []App{BlogApp, InvoiceApp} }

// Patterns returns the package patterns of apps: what the evaluation
// loads to check claims about them, and nothing else of the repository.
func Patterns(apps []App) []string {
	out := make([]string, len(apps))
	for i, a := range apps {
		out[i] = a.Pattern
	}
	return out
}

// AppByName returns the sample app called name.
func AppByName(name string) (App, bool) {
	for _, a := range Apps() {
		if a.Name == name {
			return a, true
		}
	}
	return App{}, false
}
