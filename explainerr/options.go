package explainerr

import (
	"log/slog"
	"net/http"
	"time"

	"github.com/explainerr/explainerr/explainerr/internal/engine"
	"github.com/explainerr/explainerr/explainerr/internal/guard"
	"github.com/explainerr/explainerr/explainerr/provider"
	"github.com/explainerr/explainerr/explainerr/retrieval"
)

// Retriever finds the app source relevant to a failure (see package
// retrieval). The index package's Retriever implements it over the index
// built by "explainerr index".
type Retriever = retrieval.Retriever

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
	context        ContextMode
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
	logCapture     *bool // nil: EXPLAINERR_LOGS, else on
	guard          guard.Config
	prices         map[string]Price
	showRuntime    bool
	httpClient     *http.Client
	maxRetries     int
	valueDeadline  time.Duration
	noPreload      bool

	// The failure history and editor links (historyoptions.go).
	stateDir    string
	stateDirSet bool
	historyMax  int
	historyAge  time.Duration
	editor      string
	editorPaths []string
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

// WithRAG(true) is WithContext(ContextRAG): retrieval of the app's source
// from its index (EXPLAINERR_RAG=on). WithRAG(false) is
// WithContext(ContextStatic): the app's source without the index.
func WithRAG(on bool) Option {
	if on {
		return WithContext(ContextRAG)
	}
	return WithContext(ContextStatic)
}

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
// and user messages together (default 12000); retrieved source is cut to
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

// WithAllowedHosts adds Host names (and Origin hosts) that may see
// reports, besides loopback addresses, "localhost" and "*.localhost": a
// name the developer's browser uses for this machine, such as
// "myapp.test", or "*.example.dev" for every name under example.dev. A port
// is not part of the name. Anything else is refused, which stops DNS
// rebinding (a page on another site whose name resolves to 127.0.0.1).
func WithAllowedHosts(hosts ...string) Option {
	return func(c *config) { c.guard.AddHosts(hosts) }
}

// WithTrustedProxies names the reverse proxies between the developer's
// browser and the app, by address ("127.0.0.1") or CIDR ("10.0.0.0/8").
// Without it, a request that carries any forwarding header
// (X-Forwarded-For, Forwarded, X-Real-IP, True-Client-IP, ...) gets no
// report. With it, such a request gets one only when it came straight from
// a trusted proxy and every client address the headers name is loopback or
// an allowed peer. An entry that is neither an address nor a CIDR makes New
// fail.
func WithTrustedProxies(proxies ...string) Option {
	return func(c *config) { c.guard.AddTrustedProxies(proxies) }
}

// WithAllowedPeers names clients other than this machine that may see
// reports, by address ("172.17.0.1") or CIDR ("192.168.65.0/24"): the
// address a dev server in a container, devcontainer or WSL2 sees the
// developer's browser connect from. Nothing is allowed this way
// automatically. The Host and cross-site checks still apply. An entry that
// is neither an address nor a CIDR makes New fail.
func WithAllowedPeers(peers ...string) Option {
	return func(c *config) { c.guard.AddPeers(peers) }
}

// WithTrustForwardedFor(true) trusts a reverse proxy on this machine: it is
// WithTrustedProxies("127.0.0.0/8", "::1").
//
// Deprecated: name the proxies with WithTrustedProxies.
func WithTrustForwardedFor(trust bool) Option {
	if !trust {
		return func(*config) {}
	}
	return WithTrustedProxies("127.0.0.0/8", "::1")
}

// WithAllowRemote replaces the peer check: allow decides which clients may
// see reports, whatever address they connect from and whatever forwarding
// headers they send. The Host and cross-site checks still apply. Everyone
// allow refuses gets the app's own response or a plain 500.
func WithAllowRemote(allow func(*http.Request) bool) Option {
	return func(c *config) { c.guard.SetAllowRemote(allow) }
}

// WithPrices sets the prices of models, by name, for the cost estimate
// shown with each explanation. Without it, a call is priced only when it
// goes to a hosted service that charges the built-in table's list prices
// (OpenAI's API, the default, or OpenRouter, Anthropic, Google or DeepSeek
// at their https API hosts) and its model is in the table: a model served
// at another OPENAI_BASE_URL, such as Ollama on this machine, gets no
// estimate whatever its name. Entries of prices win over the table's. A
// price that is negative or not a number makes New fail.
func WithPrices(prices map[string]Price) Option { return func(c *config) { c.prices = prices } }

// WithRuntimeFrames shows the runtime's panic machinery frames, hidden by
// default.
func WithRuntimeFrames(show bool) Option { return func(c *config) { c.showRuntime = show } }

// WithValueDeadline sets how long the methods explainerr calls on one
// failure's values (the panic value's or returned error's Error, String,
// Format, Unwrap and Is, also of the values nested in it) may take in all;
// the default is DefaultValueDeadline (100ms). A call still running then
// is left to finish on its own, and what it would have given is shown as
// not shown, naming the type and method; the log names them too. It must
// not be negative; 0 is the default.
func WithValueDeadline(d time.Duration) Option { return func(c *config) { c.valueDeadline = d } }

// WithPreload sets whether New starts building the module understanding
// (and writing .explainerr/understanding.json) in the background, the
// default, or leaves it to the first failure that needs it. A program
// that usually never fails, such as explainerr run watching a child that
// exits cleanly, turns it off so that it writes nothing.
func WithPreload(on bool) Option { return func(c *config) { c.noPreload = !on } }
