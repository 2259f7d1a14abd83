// Package provider defines how an explanation is made for a failure report.
//
// A Provider turns a prepared report (its Prompt already built and redacted)
// into an explanation. The openai sub-package talks to any
// OpenAI-compatible chat completions server; the offline sub-package is a
// deterministic analyzer that needs no network and is the default when no
// model is configured.
//
// Providers other than the offline one are linked into a program by a
// blank import of their package, whose init function calls Register; the
// explainerr package opens them by name (EXPLAINERR_PROVIDER).
//
// The providertest sub-package checks a provider against the contract of
// Provider; a provider's tests call providertest.TestProvider.
package provider

import (
	"context"

	"github.com/explainerr/explainerr/explainerr/redact"
	"github.com/explainerr/explainerr/explainerr/report"
)

// Request is the input of one explanation.
type Request struct {
	// Report is the failure, redacted and sealed, with Prompt, Context
	// and Fingerprint filled in: a provider reads it (Report.Report gives
	// a copy) and never sees a text the redactor has not.
	Report redact.Sealed
}

// Result is what a provider produced.
type Result struct {
	// Text is the explanation in Markdown.
	Text string
	// Model is the model the server says it served ("" for offline).
	Model string
	// Usage is the token usage, when the server reported it.
	Usage *report.Usage
	// Truncated is true when the model stopped at its token limit.
	Truncated bool
}

// Provider makes explanations.
//
// Explain must honour ctx (a deadline is the explanation timeout) and must
// return once ctx is done. When onDelta is not nil, a streaming provider
// calls it with each piece of text as it arrives, in order; the pieces
// concatenate to Result.Text. Explain is called from many goroutines at once.
type Provider interface {
	// Name is "openai", "offline", or another short provider name.
	Name() string
	// Model is the model asked for ("" when the provider has none).
	Model() string
	Explain(ctx context.Context, req Request, onDelta func(string)) (Result, error)
}
