package explainerr

import (
	"context"
	"fmt"
	"log/slog"
	"os"
	"path/filepath"
	"strings"
	"sync"

	"github.com/explainerr/explainerr/explainerr/internal/engine"
	"github.com/explainerr/explainerr/explainerr/prompt"
	"github.com/explainerr/explainerr/explainerr/provider"
	"github.com/explainerr/explainerr/explainerr/provider/offline"
	"github.com/explainerr/explainerr/explainerr/provider/openai"
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
	writers    sync.Pool
}

// New returns an Explainer configured from the environment and opts (which
// win). See the package documentation for the environment variables.
func New(opts ...Option) (*Explainer, error) {
	cfg := configFromEnv()
	for _, o := range opts {
		o(&cfg)
	}
	p, err := chooseProvider(&cfg)
	if err != nil {
		return nil, err
	}
	if cfg.logger == nil {
		cfg.logger = slog.Default()
	}
	ex := &Explainer{
		cfg:        cfg,
		classifier: stack.NewClassifier(stack.MainModule(), cfg.appModules...),
		sources:    stack.NewSources(),
		engine: engine.New(engine.Config{
			Provider:       p,
			Timeout:        cfg.timeout,
			CacheSize:      cfg.cacheSize,
			ThrottleCalls:  cfg.throttleCalls,
			ThrottleWindow: cfg.throttleWindow,
			Prices:         cfg.prices,
		}),
		log:   cfg.logger,
		build: buildInfo(),
	}
	if cfg.rag {
		ex.rag = newRAGState(cfg.retriever, cfg.indexPath)
	}
	return ex, nil
}

// Provider returns the provider that makes the explanations.
func (ex *Explainer) Provider() provider.Provider { return ex.engine.Provider() }

// RAG reports whether retrieval of the app's source is on.
func (ex *Explainer) RAG() bool { return ex.rag != nil }

// Close releases the index, if one was opened.
func (ex *Explainer) Close() error {
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
	}
	switch strings.ToLower(strings.TrimSpace(os.Getenv("EXPLAINERR_RAG"))) {
	case "on", "1", "true", "yes":
		c.rag = true
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

func chooseProvider(cfg *config) (provider.Provider, error) {
	if cfg.provider != nil {
		return cfg.provider, nil
	}
	name := cfg.providerName
	if name == "" {
		name = "offline"
		if cfg.apiKey != "" || cfg.baseURL != "" {
			name = "openai"
		}
	}
	switch name {
	case "offline":
		return offline.New(), nil
	case "openai":
		return openai.New(openai.Config{
			APIKey:     cfg.apiKey,
			BaseURL:    cfg.baseURL,
			Model:      cfg.model,
			MaxRetries: cfg.maxRetries,
			HTTPClient: cfg.httpClient,
		})
	default:
		return nil, fmt.Errorf("explainerr: unknown provider %q (EXPLAINERR_PROVIDER): use \"openai\" or \"offline\"", name)
	}
}

// Prepare makes r ready for a provider without calling one: it attaches
// source windows to app frames, retrieves the app's source when retrieval is
// on (falling back to none, with a notice, on any failure), and builds the
// prompt and the fingerprint. Prepare is what the middleware does before
// explaining; the CLI calls it for crash dumps.
func (ex *Explainer) Prepare(ctx context.Context, r *report.Report) error {
	ex.sources.Attach(r.Frames, stack.DefaultRadius)
	redactReport(r)
	if r.Build.GoVersion == "" {
		r.Build = ex.build
	}
	r.Mode = report.ModePlain
	var chunks []report.Chunk
	if ex.rag != nil {
		var err error
		chunks, err = ex.rag.retrieve(ctx, r)
		if err != nil {
			r.Notices = append(r.Notices, "Retrieval is on but failed, so the explanation was made without the app's source: "+err.Error())
		} else {
			r.Mode = report.ModeRAG
		}
	}
	r.Prompt, r.Context = prompt.Build(r, chunks, prompt.Options{
		TraceBudget: ex.cfg.traceBudget,
		Budget:      ex.cfg.promptBudget,
		Language:    ex.cfg.language,
	})
	if r.Context == nil {
		r.Context = []report.Chunk{}
	}
	for i := range r.Context {
		r.Context[i].Text = redact.String(r.Context[i].Text)
	}
	r.Fingerprint = Fingerprint(r)
	return nil
}

// Explain prepares r if it has no prompt yet, then asks the provider for an
// explanation and stores it in r.Explanation. onDelta, when not nil,
// receives the explanation's text as it streams. A provider failure is
// recorded in r.Explanation.Error, not returned.
func (ex *Explainer) Explain(ctx context.Context, r *report.Report, onDelta func(string)) error {
	if r.Prompt.User == "" {
		if err := ex.Prepare(ctx, r); err != nil {
			return err
		}
	}
	r.Explanation = ex.engine.Explain(ctx, r, onDelta)
	return nil
}

// redactReport hides secrets in the parts of r that came from the program:
// the error message and chain, and the source windows of frames (which are
// replaced by redacted copies, since the source cache shares its lines).
func redactReport(r *report.Report) {
	r.Error.Message = redact.String(r.Error.Message)
	for i, c := range r.Error.Chain {
		r.Error.Chain[i] = redact.String(c)
	}
	for i := range r.Frames {
		src := r.Frames[i].Source
		if src == nil {
			continue
		}
		lines := make([]string, len(src.Lines))
		for j, l := range src.Lines {
			lines[j] = redact.String(l)
		}
		r.Frames[i].Source = &report.Source{StartLine: src.StartLine, Lines: lines, Line: src.Line}
	}
}
