package explainerr

import (
	"context"
	"log/slog"
	"net/http"
	"time"

	"github.com/explainerr/explainerr/explainerr/internal/engine"
	"github.com/explainerr/explainerr/explainerr/provider"
	"github.com/explainerr/explainerr/explainerr/report"
)

// Retriever finds the app source relevant to a failure. The index package's
// Retriever implements it over the index built by "explainerr index".
type Retriever interface {
	// Retrieve returns the chunks to show the model for r, most relevant
	// first. An error makes the explanation fall back to no retrieval, with
	// a notice on the page.
	Retrieve(ctx context.Context, r *report.Report) ([]report.Chunk, error)
}

// Price is the cost of a model's tokens in US dollars per million tokens.
type Price = engine.Price

// Option configures an Explainer. Options override the environment.
type Option func(*config)

type config struct {
	provider       provider.Provider
	providerName   string
	apiKey         string
	baseURL        string
	model          string
	rag            bool
	indexPath      string
	retriever      Retriever
	appModules     []string
	traceBudget    int
	promptBudget   int
	timeout        time.Duration
	language       string
	throttleCalls  int
	throttleWindow time.Duration
	cacheSize      int
	logger         *slog.Logger
	trustForwarded bool
	allowRemote    func(*http.Request) bool
	prices         map[string]Price
	showRuntime    bool
	httpClient     *http.Client
	maxRetries     int
}

// WithProvider sets the explanation provider, replacing the one chosen from
// the environment.
func WithProvider(p provider.Provider) Option { return func(c *config) { c.provider = p } }

// WithProviderName chooses the provider by name: "openai" or "offline"
// (EXPLAINERR_PROVIDER).
func WithProviderName(name string) Option { return func(c *config) { c.providerName = name } }

// WithAPIKey sets the model server's API key (OPENAI_API_KEY).
func WithAPIKey(key string) Option { return func(c *config) { c.apiKey = key } }

// WithBaseURL sets the OpenAI-compatible server's API root (OPENAI_BASE_URL),
// such as "http://localhost:11434/v1" for Ollama.
func WithBaseURL(url string) Option { return func(c *config) { c.baseURL = url } }

// WithModel sets the model name (EXPLAINERR_MODEL; default "gpt-4o-mini").
func WithModel(model string) Option { return func(c *config) { c.model = model } }

// WithHTTPClient sets the HTTP client used to reach the model server.
func WithHTTPClient(hc *http.Client) Option { return func(c *config) { c.httpClient = hc } }

// WithMaxRetries bounds retries of a model call on 429 and 5xx answers.
func WithMaxRetries(n int) Option { return func(c *config) { c.maxRetries = n } }

// WithRAG turns retrieval of the app's source on or off (EXPLAINERR_RAG).
func WithRAG(on bool) Option { return func(c *config) { c.rag = on } }

// WithIndexPath sets the index file (EXPLAINERR_INDEX; default
// ".explainerr/index.db" at the module root).
func WithIndexPath(path string) Option { return func(c *config) { c.indexPath = path } }

// WithRetriever sets the retriever used when retrieval is on, instead of
// the index file.
func WithRetriever(r Retriever) Option { return func(c *config) { c.retriever = r } }

// WithAppModules adds import path prefixes whose frames count as app frames,
// besides the main module.
func WithAppModules(prefixes ...string) Option {
	return func(c *config) { c.appModules = append(c.appModules, prefixes...) }
}

// WithTraceBudget sets the character budget of the trace in the prompt
// (default 3000).
func WithTraceBudget(chars int) Option { return func(c *config) { c.traceBudget = chars } }

// WithPromptBudget sets the character budget of the whole prompt, system
// and user messages together (default 6000); retrieved source is cut to
// fit it.
func WithPromptBudget(chars int) Option { return func(c *config) { c.promptBudget = chars } }

// WithTimeout bounds one explanation (default 20s).
func WithTimeout(d time.Duration) Option { return func(c *config) { c.timeout = d } }

// WithLanguage asks for explanations in a natural language other than
// English, such as "German"; identifiers and traces stay as they are.
func WithLanguage(lang string) Option { return func(c *config) { c.language = lang } }

// WithThrottle allows at most calls model calls per window (default 5 per
// minute). Failures beyond it get the page with a note and no call.
func WithThrottle(calls int, window time.Duration) Option {
	return func(c *config) { c.throttleCalls, c.throttleWindow = calls, window }
}

// WithCacheSize sets how many explanations are kept by failure fingerprint
// (default 128).
func WithCacheSize(n int) Option { return func(c *config) { c.cacheSize = n } }

// WithLogger sets the logger that gets one record per failure (default
// slog.Default()).
func WithLogger(l *slog.Logger) Option { return func(c *config) { c.logger = l } }

// WithTrustForwardedFor makes the loopback guard believe X-Forwarded-For and
// X-Real-IP: every address they name must be loopback too. Use it only
// behind a local reverse proxy.
func WithTrustForwardedFor(trust bool) Option { return func(c *config) { c.trustForwarded = trust } }

// WithAllowRemote replaces the loopback guard: allow decides which requests
// may see pages and reports. Everyone else gets a plain 500.
func WithAllowRemote(allow func(*http.Request) bool) Option {
	return func(c *config) { c.allowRemote = allow }
}

// WithPrices overrides entries of the price table used for cost estimates.
func WithPrices(prices map[string]Price) Option { return func(c *config) { c.prices = prices } }

// WithRuntimeFrames shows the runtime's panic machinery frames, hidden by
// default.
func WithRuntimeFrames(show bool) Option { return func(c *config) { c.showRuntime = show } }
