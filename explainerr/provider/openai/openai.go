// Package openai is an explanation provider for any OpenAI-compatible chat
// completions server (OpenAI, OpenRouter, Ollama, vLLM, llama.cpp server),
// built on github.com/openai/openai-go/v3.
//
// The provider sends the report's prompt as a system and a user message,
// exactly as recorded in the report (after one more pass of redaction, so
// that nothing secret leaves the process even if an earlier step missed it),
// streams the answer when asked to, retries a bounded number of times on
// 408, 409, 429 and 5xx answers, and turns every failure into an error that
// says what happened: the server could not be reached, it answered with a
// status (and its message), the deadline passed, the stream was cut off,
// the answer was not valid JSON, or it was empty.
//
// The provider never reads the OPENAI_* environment variables itself: what
// it sends, and where, comes from its Config only, so an API key meant for
// one server is never sent to another.
package openai

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"net/url"
	"strings"
	"time"

	"github.com/openai/openai-go/v3"
	"github.com/openai/openai-go/v3/option"

	"github.com/explainerr/explainerr/explainerr/provider"
	"github.com/explainerr/explainerr/explainerr/redact"
)

// Defaults of Config.
const (
	DefaultBaseURL          = "https://api.openai.com/v1"
	DefaultModel            = "gpt-4o-mini"
	DefaultMaxRetries       = 2
	DefaultMaxTokens        = 700
	DefaultRetryBackoff     = 500 * time.Millisecond
	DefaultMaxRetryWait     = 10 * time.Second
	DefaultMaxTextBytes     = 64 << 10
	DefaultMaxResponseBytes = 4 << 20
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
	// MaxRetries bounds retries on 408, 409, 429 and 5xx answers; negative
	// means none, 0 means 2.
	MaxRetries int
	// MaxTokens bounds the answer's length; 0 means 700. It is sent as
	// max_completion_tokens to OpenAI's own API and as max_tokens to every
	// other server (the field all OpenAI-compatible servers understand).
	MaxTokens int
	// RetryBackoff is the first wait between retries; 0 means 500ms. Each
	// further wait doubles, up to 8 times the first. A Retry-After header
	// from the server takes precedence when it is not longer than
	// MaxRetryWait.
	RetryBackoff time.Duration
	// MaxRetryWait is the longest Retry-After the provider honours; a
	// server asking for a longer wait ends the retries. 0 means 10s.
	MaxRetryWait time.Duration
	// Temperature, when not nil, is sent as the sampling temperature;
	// nil leaves it to the server.
	Temperature *float64
	// MaxTextBytes caps the answer's text kept in memory; a longer answer
	// is cut there, marked as cut, and flagged Truncated. 0 means 64 KiB.
	MaxTextBytes int
	// MaxResponseBytes caps the bytes read from the server for one answer
	// (the whole JSON body, or the whole event stream); 0 means 4 MiB.
	MaxResponseBytes int64
	// HTTPClient is the client to use; nil means a default one.
	HTTPClient *http.Client
}

// Provider talks to an OpenAI-compatible server. It is safe for concurrent
// use.
type Provider struct {
	cfg  Config
	chat openai.ChatCompletionService
}

// New returns a provider for cfg, with defaults filled in. It fails when
// the base URL is not an absolute http or https URL or a limit is negative.
func New(cfg Config) (*Provider, error) {
	if cfg.Model == "" {
		cfg.Model = DefaultModel
	}
	if cfg.BaseURL == "" {
		cfg.BaseURL = DefaultBaseURL
	}
	u, err := url.Parse(cfg.BaseURL)
	if err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" {
		return nil, fmt.Errorf("openai provider: base URL %q is not an absolute http(s) URL such as http://localhost:11434/v1", redact.String(cfg.BaseURL))
	}
	if cfg.MaxTokens < 0 || cfg.MaxTextBytes < 0 || cfg.MaxResponseBytes < 0 || cfg.RetryBackoff < 0 || cfg.MaxRetryWait < 0 {
		return nil, errors.New("openai provider: MaxTokens, MaxTextBytes, MaxResponseBytes, RetryBackoff and MaxRetryWait must not be negative")
	}
	switch {
	case cfg.MaxRetries == 0:
		cfg.MaxRetries = DefaultMaxRetries
	case cfg.MaxRetries < 0:
		cfg.MaxRetries = 0
	}
	if cfg.MaxTokens == 0 {
		cfg.MaxTokens = DefaultMaxTokens
	}
	if cfg.RetryBackoff == 0 {
		cfg.RetryBackoff = DefaultRetryBackoff
	}
	if cfg.MaxRetryWait == 0 {
		cfg.MaxRetryWait = DefaultMaxRetryWait
	}
	if cfg.MaxTextBytes == 0 {
		cfg.MaxTextBytes = DefaultMaxTextBytes
	}
	if cfg.MaxResponseBytes == 0 {
		cfg.MaxResponseBytes = DefaultMaxResponseBytes
	}
	if cfg.HTTPClient == nil {
		cfg.HTTPClient = &http.Client{}
	}
	// The SDK's own retries are off: the provider retries itself, so that
	// its waits are bounded by the deadline and its errors say how many
	// attempts were made.
	opts := []option.RequestOption{
		option.WithBaseURL(strings.TrimSuffix(cfg.BaseURL, "/") + "/"),
		option.WithAPIKey(cfg.APIKey),
		option.WithHTTPClient(cfg.HTTPClient),
		option.WithMaxRetries(0),
		option.WithMiddleware(inspectResponse(cfg.MaxResponseBytes)),
	}
	p := &Provider{cfg: cfg, chat: openai.NewChatCompletionService(opts...)}
	return p, nil
}

// Name returns "openai".
func (*Provider) Name() string { return "openai" }

// Model returns the model asked for.
func (p *Provider) Model() string { return p.cfg.Model }

// BaseURL returns the API root the provider talks to.
func (p *Provider) BaseURL() string { return p.cfg.BaseURL }

// Explain sends the report's prompt to the server and returns its answer.
// When onDelta is not nil the answer is streamed and onDelta receives each
// piece in order. On a failure after part of a streamed answer arrived,
// the partial text is returned together with the error.
func (p *Provider) Explain(ctx context.Context, req provider.Request, onDelta func(string)) (provider.Result, error) {
	if req.Report.IsZero() {
		return provider.Result{}, errors.New("openai provider: no report to explain")
	}
	// The prompt was redacted when it was added to the sealed report.
	prompt := req.Report.Prompt()
	system, user := prompt.System, prompt.User
	if strings.TrimSpace(system+user) == "" {
		return provider.Result{}, errors.New("openai provider: the report's prompt is empty; nothing to send")
	}
	params := p.params(system, user)

	for attempt := 1; ; attempt++ {
		var res provider.Result
		var started bool
		var err error
		if onDelta != nil {
			res, started, err = p.stream(ctx, params, onDelta)
		} else {
			res, err = p.complete(ctx, params)
		}
		if err == nil {
			return res, nil
		}
		wait, retry := p.retryWait(ctx, err, attempt)
		if started || !retry {
			return res, p.describe(ctx, err, attempt)
		}
		t := time.NewTimer(wait)
		select {
		case <-ctx.Done():
			t.Stop()
			return res, p.describe(ctx, err, attempt)
		case <-t.C:
		}
	}
}

// params builds the chat completions request for the two messages.
func (p *Provider) params(system, user string) openai.ChatCompletionNewParams {
	var msgs []openai.ChatCompletionMessageParamUnion
	if system != "" {
		msgs = append(msgs, openai.SystemMessage(system))
	}
	msgs = append(msgs, openai.UserMessage(user))
	params := openai.ChatCompletionNewParams{Model: p.cfg.Model, Messages: msgs}
	if p.isOpenAI() {
		params.MaxCompletionTokens = openai.Int(int64(p.cfg.MaxTokens))
	} else {
		params.MaxTokens = openai.Int(int64(p.cfg.MaxTokens))
	}
	if p.cfg.Temperature != nil {
		params.Temperature = openai.Float(*p.cfg.Temperature)
	}
	return params
}

// isOpenAI reports whether the provider talks to OpenAI's own API.
func (p *Provider) isOpenAI() bool {
	u, err := url.Parse(p.cfg.BaseURL)
	return err == nil && strings.EqualFold(u.Hostname(), "api.openai.com")
}
