// Package engine runs a provider for a prepared report. Around the provider
// it keeps a fingerprint-keyed LRU cache of successful explanations (the
// same bug is explained once), a throttle on model calls, one shared
// in-flight call for concurrent identical failures (whose followers receive
// the streamed text too), a timeout per explanation, and a cost estimate
// from a price table. The offline analyzer is free and fast: it is called
// directly, neither cached nor throttled. When a model call fails, times
// out or is throttled, the explanation is the fallback provider's (the
// offline analysis, which the caller gives in Config.Fallback), labelled
// with why (see fallback.go).
package engine

import (
	"context"
	"fmt"
	"sync"
	"time"

	"github.com/explainerr/explainerr/explainerr/provider"
	"github.com/explainerr/explainerr/explainerr/redact"
	"github.com/explainerr/explainerr/explainerr/report"
)

// Defaults of Config.
const (
	DefaultTimeout        = 20 * time.Second
	DefaultCacheSize      = 128
	DefaultThrottleCalls  = 5
	DefaultThrottleWindow = time.Minute
)

// Config configures an Engine.
type Config struct {
	// Provider makes the explanations. Required.
	Provider provider.Provider
	// Timeout bounds one explanation; 0 means 20 seconds.
	Timeout time.Duration
	// CacheSize is the number of explanations kept by fingerprint; 0 means
	// 128, negative turns the cache off.
	CacheSize int
	// ThrottleCalls model calls are allowed per ThrottleWindow; 0 means 5,
	// negative turns the throttle off. ThrottleWindow 0 means one minute.
	ThrottleCalls  int
	ThrottleWindow time.Duration
	// ListPrices prices calls with the built-in table of hosted models'
	// list prices (DefaultPrices). Set it only when Provider calls a hosted
	// service that charges them (see ListPriced): a model served locally
	// under the same name costs nothing.
	ListPrices bool
	// Prices are the prices configured by the developer, by model name;
	// with ListPrices they override entries of the built-in table. A model
	// in neither gets no cost estimate.
	Prices map[string]Price
	// Now returns the current time; nil means time.Now.
	Now func() time.Time
	// Fallback explains a failure when the model call fails, times out or
	// is throttled and produced no text; nil means none, and the
	// explanation keeps only the model's error. The middleware gives the
	// offline analyzer standing in for the model (offline.NewStandIn), so
	// that its text does not tell to configure the model that failed.
	Fallback provider.Provider
	// StandIn, when not "", says why Provider (the offline analysis)
	// stands in for a model that was asked for but cannot be used, such as
	// a model client that is not linked into the program. Every
	// explanation carries it as its Fallback, so that the page does not
	// tell the developer to configure a model they have configured.
	StandIn string
}

// Engine makes explanations for reports. It is safe for concurrent use.
type Engine struct {
	cfg    Config
	prices map[string]Price

	mu       sync.Mutex
	cache    *lru
	throttle *throttle
	flights  map[string]*flight
}

// New returns an Engine for cfg, with defaults filled in.
func New(cfg Config) *Engine {
	if cfg.Timeout <= 0 {
		cfg.Timeout = DefaultTimeout
	}
	if cfg.Now == nil {
		cfg.Now = time.Now
	}
	if cfg.CacheSize == 0 {
		cfg.CacheSize = DefaultCacheSize
	}
	if cfg.ThrottleCalls == 0 {
		cfg.ThrottleCalls = DefaultThrottleCalls
	}
	if cfg.ThrottleWindow <= 0 {
		cfg.ThrottleWindow = DefaultThrottleWindow
	}
	prices := map[string]Price{}
	if cfg.ListPrices {
		prices = DefaultPrices()
	}
	for model, p := range cfg.Prices {
		prices[normalizeModel(model)] = p
	}
	return &Engine{
		cfg:      cfg,
		prices:   prices,
		cache:    newLRU(cfg.CacheSize),
		throttle: newThrottle(cfg.ThrottleCalls, cfg.ThrottleWindow),
		flights:  map[string]*flight{},
	}
}

// Provider returns the engine's provider.
func (e *Engine) Provider() provider.Provider { return e.cfg.Provider }

// Explain makes the explanation for s (whose Prompt and Fingerprint are
// set) and returns s with it. onDelta, when not nil, receives the text in order as it is
// generated (a cached answer arrives as one piece); the pieces concatenate
// to the returned Text. Explain never fails: a failure is described in the
// returned Explanation's Error, next to any partial text.
//
// Model calls are cached by the fingerprint and the mode (an empty fingerprint
// is never cached nor shared), throttled, and shared between concurrent
// callers with the same key. Explain returns when the explanation is
// complete, when the timeout passes, or when ctx is done; a shared call
// goes on as long as at least one caller still waits for it.
//
// A model call that fails, times out or is throttled without producing any
// text is replaced by the fallback's (the offline analysis), with
// Explanation.Fallback saying why; Error still holds the model's failure.
func (e *Engine) Explain(ctx context.Context, s redact.Sealed, onDelta func(string)) redact.Sealed {
	ex := e.withFallback(ctx, s, e.explain(ctx, s, onDelta))
	if ex.Fallback == "" && e.cfg.StandIn != "" {
		ex.Fallback = e.cfg.StandIn
	}
	return s.WithExplanation(ex)
}

// explain makes the explanation with the configured provider alone.
func (e *Engine) explain(ctx context.Context, s redact.Sealed, onDelta func(string)) report.Explanation {
	start := e.cfg.Now()
	p := e.cfg.Provider
	switch {
	case p == nil:
		return report.Explanation{Error: "no explanation provider is configured"}
	case s.IsZero():
		return report.Explanation{Provider: p.Name(), Model: p.Model(), Error: "no report to explain"}
	case p.Name() == "offline":
		return e.direct(ctx, s, onDelta, start)
	}

	key := cacheKey(s)
	e.mu.Lock()
	if ex, ok := e.cache.get(key); ok {
		e.mu.Unlock()
		ex.Cached, ex.Usage, ex.CostUSD = true, nil, 0
		ex.DurationMS = e.since(start)
		if onDelta != nil && ex.Text != "" {
			onDelta(ex.Text)
		}
		return ex
	}
	f, leader := e.flights[key], false
	if f == nil || key == "" {
		now := e.cfg.Now()
		if ok, next := e.throttle.allow(now); !ok {
			e.mu.Unlock()
			return report.Explanation{
				Provider: p.Name(), Model: p.Model(), Throttled: true, DurationMS: e.since(start),
				Error: fmt.Sprintf("not explained: the limit of %d model calls per %s was reached, so no call was made (the next is possible in %s)",
					e.cfg.ThrottleCalls, e.cfg.ThrottleWindow, (next + time.Second - 1).Truncate(time.Second)),
			}
		}
		f, leader = e.start(ctx, key, s, onDelta != nil), true
	}
	f.waiters++
	e.mu.Unlock()

	ex := e.wait(ctx, f, onDelta)
	if !leader {
		// The call was paid for once, by the caller that started it.
		ex.Usage, ex.CostUSD = nil, 0
	}
	ex.DurationMS = e.since(start)
	return ex
}

// direct calls the provider without cache, throttle or sharing.
func (e *Engine) direct(ctx context.Context, s redact.Sealed, onDelta func(string), start time.Time) report.Explanation {
	ctx, cancel := context.WithTimeout(ctx, e.cfg.Timeout)
	defer cancel()
	ex := e.call(ctx, s, onDelta)
	ex.DurationMS = e.since(start)
	return ex
}

// call runs the provider once and turns its result into an Explanation.
func (e *Engine) call(ctx context.Context, s redact.Sealed, onDelta func(string)) (ex report.Explanation) {
	p := e.cfg.Provider
	ex = report.Explanation{Provider: p.Name(), Model: p.Model()}
	defer func() {
		if v := recover(); v != nil {
			ex.Error = fmt.Sprintf("the %s provider failed unexpectedly: %v", p.Name(), v)
		}
	}()
	res, err := p.Explain(ctx, provider.Request{Report: s}, onDelta)
	if res.Model != "" {
		ex.Model = res.Model
	}
	// The answer is redacted before anything keeps or shares it (the
	// cache, the callers waiting for the same call): a model may quote
	// what it was not shown whole.
	ex.Text, ex.Usage, ex.Truncated = s.Hide(res.Text), res.Usage, res.Truncated
	ex.CostUSD, _ = EstimateCost(e.prices, ex.Model, res.Usage)
	if err != nil {
		ex.Error = s.Hide(e.errorText(ctx, err, ex.Text != ""))
	}
	return ex
}

// errorText is the message shown for a failed explanation.
func (e *Engine) errorText(ctx context.Context, err error, partial bool) string {
	if ctx.Err() == context.DeadlineExceeded {
		msg := fmt.Sprintf("the model did not answer within the explanation timeout of %s", e.cfg.Timeout)
		if partial {
			msg = fmt.Sprintf("the model did not finish within the explanation timeout of %s; the answer above is incomplete", e.cfg.Timeout)
		}
		return msg + " (" + err.Error() + ")"
	}
	if partial {
		return err.Error() + "; the answer above is incomplete"
	}
	return err.Error()
}

// since returns the milliseconds elapsed since start.
func (e *Engine) since(start time.Time) int64 { return e.cfg.Now().Sub(start).Milliseconds() }

// cacheKey keys the cache and the shared calls: the failure's fingerprint
// and the prompt's mode (an answer made with retrieved source is not
// reused for one made without). "" when the report has no fingerprint.
func cacheKey(s redact.Sealed) string {
	if s.Fingerprint() == "" {
		return ""
	}
	return s.Fingerprint() + "\x00" + s.Mode()
}
