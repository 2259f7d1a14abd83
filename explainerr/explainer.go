package explainerr

import (
	"context"
	"errors"
	"fmt"
	"github.com/explainerr/explainerr/explainerr/internal/historyhttp"
	"github.com/explainerr/explainerr/explainerr/internal/respcapture"
	"log/slog"
	"os"
	"path/filepath"
	"strings"

	"github.com/explainerr/explainerr/explainerr/internal/appsource"
	"github.com/explainerr/explainerr/explainerr/internal/engine"
	"github.com/explainerr/explainerr/explainerr/internal/history"
	"github.com/explainerr/explainerr/explainerr/internal/logcapture"
	"github.com/explainerr/explainerr/explainerr/prompt"
	"github.com/explainerr/explainerr/explainerr/provider"
	"github.com/explainerr/explainerr/explainerr/provider/offline"
	"github.com/explainerr/explainerr/explainerr/redact"
	"github.com/explainerr/explainerr/explainerr/report"
	"github.com/explainerr/explainerr/explainerr/stack"
)

// Report is the failure report; see package report.
type Report = report.Report

// Explainer catches failing requests and explains them. Make one with New;
// it is safe for concurrent use.
type Explainer struct {
	cfg        config
	classifier *stack.Classifier
	sources    *stack.Sources
	engine     *engine.Engine
	log        *slog.Logger
	build      report.Build
	rag        *ragState
	logs       *logcapture.Use // nil when log capture is off
	notices    []string        // about the configuration, shown with every report
	history    *history.Store
	editor     *editorLinks  // nil: no editor links
	refused    *refusedQueue // refused clients' failures waiting to be reported
	// responses is what the response writers of its requests share: the
	// failure record of every request that did not fail, through which
	// calls made after a handler returned are logged.
	responses *respcapture.Owner
	// historyServer serves the failure history's pages.
	historyServer *historyhttp.Server
}

// New returns an Explainer configured from the environment and opts (which
// win). See the package documentation for the environment variables.
func New(opts ...Option) (*Explainer, error) {
	cfg := configFromEnv()
	for _, o := range opts {
		o(&cfg)
	}
	if err := cfg.guard.Err(); err != nil {
		return nil, err
	}
	editor, err := newEditorLinks(cfg.editor, cfg.editorPaths, moduleRoot())
	if err != nil {
		return nil, err
	}
	if cfg.valueDeadline < 0 {
		return nil, fmt.Errorf("explainerr: WithValueDeadline(%s): the deadline must not be negative (0 is the default, %s)", cfg.valueDeadline, DefaultValueDeadline)
	}
	if err := checkContext(cfg.context); err != nil {
		return nil, err
	}
	if err := checkPrices(cfg.prices); err != nil {
		return nil, err
	}
	p, notice, err := chooseProvider(&cfg)
	if err != nil {
		return nil, err
	}
	if cfg.logger == nil {
		cfg.logger = slog.Default()
	}
	var notices []string
	if notice != "" {
		notices = append(notices, notice)
	}
	if cfg.context == ContextRAG && cfg.retriever == nil && registeredIndexOpener() == nil {
		notices = append(notices, retrievalMissing())
	}
	for _, n := range notices {
		cfg.logger.Warn("explainerr: " + n)
	}
	logs, err := logcapture.Start(cfg.logCapture)
	if err != nil {
		return nil, err
	}
	installHandlerLogs()
	ex := &Explainer{
		logs:       logs,
		cfg:        cfg,
		classifier: stack.NewClassifier(stack.MainModule(), cfg.appModules...),
		sources:    stack.NewSources(),
		engine: engine.New(engine.Config{
			Provider:       p,
			Timeout:        cfg.timeout,
			CacheSize:      cfg.cacheSize,
			ThrottleCalls:  cfg.throttleCalls,
			ThrottleWindow: cfg.throttleWindow,
			ListPrices:     listPriced(&cfg, p),
			Prices:         cfg.prices,
			StandIn:        notice,
			Fallback:       offline.NewStandIn(),
		}),
		log:     cfg.logger,
		build:   buildInfo(),
		notices: notices,
		history: newHistory(&cfg),
		editor:  editor,
		refused: newRefusedQueue(),
	}
	ex.responses = respcapture.NewOwner(ex.classifier, ex.log)
	ex.historyServer = ex.newHistoryServer()
	appsource.SetLogger(cfg.logger)
	if cfg.context != ContextPlain && !cfg.noPreload {
		// The module understanding is built now, not at the first
		// failure; the page's trace does not wait for it either way.
		appsource.Preload(moduleRoot())
	}
	if cfg.context == ContextRAG || cfg.context == "" {
		ex.rag = newRAGState(cfg.retriever, cfg.indexPath)
	}
	return ex, nil
}

// Provider returns the provider that makes the explanations.
func (ex *Explainer) Provider() provider.Provider { return ex.engine.Provider() }

// RAG reports whether retrieval of the app's source from its index is on:
// the context mode is rag, or is not set and explanations use the index
// whenever one can be opened.
func (ex *Explainer) RAG() bool { return ex.rag != nil }

// Context returns the context mode set by WithContext or the environment,
// "" when none is: then each explanation uses the index when one can be
// opened and the static context otherwise.
func (ex *Explainer) Context() ContextMode { return ex.cfg.context }

// Close waits for the failures of refused clients already queued to be
// logged and kept (their retrieval cancelled; later ones are dropped),
// releases the index, if one was opened, and gives back the log and slog
// defaults that log capture wrapped (when no other Explainer captures and
// the app has not replaced them since).
func (ex *Explainer) Close() error {
	ex.refused.close()
	ex.logs.Stop()
	if ex.rag != nil {
		return ex.rag.close()
	}
	return nil
}

func configFromEnv() config {
	c := config{
		apiKey:       os.Getenv("OPENAI_API_KEY"),
		baseURL:      os.Getenv("OPENAI_BASE_URL"),
		model:        os.Getenv("EXPLAINERR_MODEL"),
		providerName: strings.ToLower(strings.TrimSpace(os.Getenv("EXPLAINERR_PROVIDER"))),
		indexPath:    os.Getenv("EXPLAINERR_INDEX"),
		editor:       os.Getenv("EXPLAINERR_EDITOR"),
		editorPaths:  editorPathsFromEnv(os.Getenv("EXPLAINERR_EDITOR_PATHS")),
		context:      contextFromEnv(),
	}
	return c
}

// DefaultIndexPath returns ".explainerr/index.db" at the root of the module
// that holds the working directory (or in the working directory when there
// is none).
func DefaultIndexPath() string {
	wd, err := os.Getwd()
	if err != nil {
		return filepath.Join(".explainerr", "index.db")
	}
	if _, root := stack.ModuleAt(wd); root != "" {
		wd = root
	}
	return filepath.Join(wd, ".explainerr", "index.db")
}

// chooseProvider returns the provider the configuration asks for. A
// registered provider that is not linked into the program gives way to the
// offline analyzer, with a notice that names the import line to add.
func chooseProvider(cfg *config) (p provider.Provider, notice string, err error) {
	if cfg.provider != nil {
		return cfg.provider, "", nil
	}
	name := cfg.providerName
	why := "EXPLAINERR_PROVIDER is \"openai\""
	if name == "" {
		name = "offline"
		if cfg.apiKey != "" || cfg.baseURL != "" {
			name = "openai"
			why = "an API key or base URL is set"
		}
	}
	if name == "offline" {
		return offline.New(), "", nil
	}
	p, ok, err := openRegisteredProvider(name, cfg)
	switch {
	case err != nil:
		return nil, "", err
	case ok:
		return p, "", nil
	case name == "openai":
		return offline.NewStandIn(), "The model client is not linked into this program, so the offline analysis stands in although " + why +
			". To ask the model, add this import to your main package: import " + ModelClientImport, nil
	}
	return nil, "", fmt.Errorf("explainerr: unknown provider %q (EXPLAINERR_PROVIDER): use \"openai\" or \"offline\"%s", name, registeredNote())
}

// listPriced reports whether p's calls are priced at the built-in table's
// list prices: p is the model client chosen by the settings (not one given
// with WithProvider) and it calls a hosted service that charges them.
// Calls to any other server are priced only by WithPrices.
func listPriced(cfg *config, p provider.Provider) bool {
	if cfg.provider != nil || p.Name() != "openai" {
		return false
	}
	baseURL := cfg.baseURL
	if server, ok := p.(interface{ BaseURL() string }); ok {
		baseURL = server.BaseURL() // with the client's default filled in
	}
	return engine.ListPriced(baseURL)
}

// registeredNote lists the providers registered besides the built-in ones.
func registeredNote() string {
	var extra []string
	for _, n := range provider.Registered() {
		if n != "openai" {
			extra = append(extra, fmt.Sprintf("%q", n))
		}
	}
	if len(extra) == 0 {
		return ""
	}
	return ", or one registered: " + strings.Join(extra, ", ")
}

// Seal completes r as the middleware completes the report of a failing
// request (the source windows of its app frames, the build, the
// configuration's notices) and seals it: the returned value is r redacted,
// the only form in which a report reaches a provider, a page, the log or
// the history (see redact.Sealed). The CLI seals the report of a crash
// dump with it. r is not used afterwards.
func (ex *Explainer) Seal(r *report.Report) redact.Sealed { return ex.seal(r, nil) }

// seal is Seal with the failing request's own secrets (its password
// field, its session cookie), hidden wherever else they appear.
func (ex *Explainer) seal(r *report.Report, known *redact.Known) redact.Sealed {
	ex.sources.Attach(r.Frames, stack.DefaultRadius)
	if r.Build.GoVersion == "" {
		r.Build = ex.build
	}
	r.Notices = append(r.Notices, ex.notices...)
	return redact.Seal(r, known)
}

// Prepare returns s made ready for a provider, without calling one: the
// app's source the context mode asks for (see addContext), then the
// prompt and the fingerprint. It redacts nothing itself: what it adds
// enters the sealed report through redact.Sealed, which redacts it (the
// app's source as it is read, before the prompt cuts it to its budget).
func (ex *Explainer) Prepare(ctx context.Context, s redact.Sealed) redact.Sealed {
	return s.Amend(func(r *report.Report) {
		chunks := ex.addContext(ctx, r)
		for i := range chunks {
			chunks[i].Text = s.Hide(chunks[i].Text)
		}
		r.Prompt, r.Context = prompt.Build(r, chunks, prompt.Options{
			TraceBudget: ex.cfg.traceBudget,
			Budget:      ex.cfg.promptBudget,
			Language:    ex.cfg.language,
		})
		if r.Context == nil {
			r.Context = []report.Chunk{}
		}
		r.Fingerprint = Fingerprint(r)
	})
}

// ErrNotPrepared is Explain's error for a report Prepare has not made
// ready: Explain does not prepare.
var ErrNotPrepared = errors.New("explainerr: the report has no prompt: Prepare it before Explain")

// Explain asks the provider to explain s, which Prepare made ready, and
// returns s with the explanation (redacted on its way in). onDelta, when
// not nil, receives the explanation's text as it streams. A provider
// failure is recorded in the explanation's Error, not returned; the
// error is ErrNotPrepared for a report with no prompt.
func (ex *Explainer) Explain(ctx context.Context, s redact.Sealed, onDelta func(string)) (redact.Sealed, error) {
	if s.Prompt().User == "" {
		return s, ErrNotPrepared
	}
	return ex.engine.Explain(ctx, s, onDelta), nil
}
