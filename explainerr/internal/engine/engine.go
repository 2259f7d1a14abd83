// Package engine runs a provider for a prepared report: it applies the
// explanation timeout, and (to be completed) the fingerprint-keyed cache,
// the throttle, in-flight sharing of identical failures, and cost estimates.
package engine

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/explainerr/explainerr/explainerr/provider"
	"github.com/explainerr/explainerr/explainerr/report"
)

// Price is the cost of a model's tokens in US dollars per million.
type Price struct {
	InputPerMTok  float64
	OutputPerMTok float64
}

// Config configures an Engine.
type Config struct {
	// Provider makes the explanations. Required.
	Provider provider.Provider
	// Timeout bounds one explanation; 0 means 20 seconds.
	Timeout time.Duration
	// CacheSize is the number of explanations kept by fingerprint; 0 means 128.
	CacheSize int
	// ThrottleCalls model calls are allowed per ThrottleWindow; 0 means 5 per minute.
	ThrottleCalls  int
	ThrottleWindow time.Duration
	// Prices overrides the built-in price table, by model name.
	Prices map[string]Price
	// Now returns the current time; nil means time.Now.
	Now func() time.Time
}

// Engine makes explanations for reports. It is safe for concurrent use.
type Engine struct {
	cfg Config
}

// New returns an Engine for cfg.
func New(cfg Config) *Engine {
	if cfg.Timeout <= 0 {
		cfg.Timeout = 20 * time.Second
	}
	if cfg.Now == nil {
		cfg.Now = time.Now
	}
	return &Engine{cfg: cfg}
}

// Provider returns the engine's provider.
func (e *Engine) Provider() provider.Provider { return e.cfg.Provider }

// Explain makes the explanation for r (whose Prompt and Fingerprint are set).
// onDelta, when not nil, receives streamed text in order. Explain never
// fails: a failure is described in the returned Explanation's Error.
func (e *Engine) Explain(ctx context.Context, r *report.Report, onDelta func(string)) report.Explanation {
	p := e.cfg.Provider
	start := e.cfg.Now()
	ctx, cancel := context.WithTimeout(ctx, e.cfg.Timeout)
	defer cancel()
	res, err := p.Explain(ctx, provider.Request{Report: r}, onDelta)
	ex := report.Explanation{
		Provider:   p.Name(),
		Model:      res.Model,
		Text:       res.Text,
		Usage:      res.Usage,
		Truncated:  res.Truncated,
		DurationMS: e.cfg.Now().Sub(start).Milliseconds(),
	}
	if ex.Model == "" {
		ex.Model = p.Model()
	}
	if err != nil {
		if errors.Is(err, context.DeadlineExceeded) {
			err = fmt.Errorf("the model did not answer within %s", e.cfg.Timeout)
		}
		ex.Error = err.Error()
	}
	return ex
}
