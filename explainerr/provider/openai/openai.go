// Package openai is an explanation provider for any OpenAI-compatible chat
// completions server (OpenAI, OpenRouter, Ollama, vLLM, llama.cpp server),
// built on github.com/openai/openai-go/v3.
package openai

import (
	"context"
	"errors"
	"net/http"
	"time"

	"github.com/explainerr/explainerr/explainerr/provider"
)

// Config configures a Provider.
type Config struct {
	// APIKey is sent as a bearer token; may be empty for local servers.
	APIKey string
	// BaseURL is the server's API root, such as "http://localhost:11434/v1";
	// empty means OpenAI's.
	BaseURL string
	// Model is the model to ask for; empty means "gpt-4o-mini".
	Model string
	// MaxRetries bounds retries on 429 and 5xx answers; negative means none,
	// 0 means 2.
	MaxRetries int
	// MaxTokens bounds the answer's length; 0 means 700.
	MaxTokens int
	// RetryBackoff is the first wait between retries; 0 means 500ms.
	RetryBackoff time.Duration
	// HTTPClient is the client to use; nil means a default one.
	HTTPClient *http.Client
}

// Provider talks to an OpenAI-compatible server.
type Provider struct{ cfg Config }

// New returns a provider for cfg.
func New(cfg Config) (*Provider, error) {
	if cfg.Model == "" {
		cfg.Model = "gpt-4o-mini"
	}
	return &Provider{cfg: cfg}, nil
}

// Name returns "openai".
func (*Provider) Name() string { return "openai" }

// Model returns the model asked for.
func (p *Provider) Model() string { return p.cfg.Model }

// Explain sends the report's prompt to the server.
func (p *Provider) Explain(ctx context.Context, req provider.Request, onDelta func(string)) (provider.Result, error) {
	return provider.Result{}, errors.New("openai provider: not available yet")
}
