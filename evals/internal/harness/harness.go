// Package harness runs the sample apps (the blog, and the invoicing app)
// wrapped in the real explainerr middleware, in-process on loopback, once
// per app and context mode (plain, static and rag), and triggers fixtures
// over HTTP. It takes the report and prompt the
// middleware built; it never builds a prompt itself.
package harness

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"strings"
	"time"

	"github.com/explainerr/explainerr/blogapp/fixture"
	"github.com/explainerr/explainerr/explainerr"
	"github.com/explainerr/explainerr/explainerr/redact"
	"github.com/explainerr/explainerr/explainerr/report"
	"github.com/explainerr/explainerr/index"
)

// Generator configures the model behind the middleware. With Offline set,
// or no BaseURL and APIKey, the offline analyzer explains.
type Generator struct {
	Offline bool
	BaseURL string
	APIKey  string
	Model   string
	// Timeout bounds one explanation; 0 means 2 minutes.
	Timeout time.Duration
}

// Config configures a Harness.
type Config struct {
	// IndexPath is the index built from the blog app's source, used when
	// Apps is empty (the blog alone).
	IndexPath string
	// Apps are the apps to run, each with the index built from its own
	// source; empty means the blog over IndexPath.
	Apps      []AppIndex
	Generator Generator
	// Logger receives the middleware's and the app's logs; nil discards
	// them.
	Logger *slog.Logger
}

// AppIndex is an app to run and the index built from its source.
type AppIndex struct {
	App       App
	IndexPath string
}

// instance is one app behind one Explainer.
type instance struct {
	ex  *explainerr.Explainer
	srv *httptest.Server
	db  io.Closer
}

// appSet is one app running three times, once per context mode, and the
// retriever of its index.
type appSet struct {
	plain, static, rag *instance
	retriever          *index.Retriever
}

// Harness is the running apps, each three times, once per context mode.
type Harness struct {
	apps   map[string]*appSet
	first  string
	client *http.Client
}

// Start opens the indexes and starts each app in each mode.
func Start(cfg Config) (*Harness, error) {
	if cfg.Logger == nil {
		cfg.Logger = slog.New(slog.NewTextHandler(io.Discard, nil))
	}
	apps := cfg.Apps
	if len(apps) == 0 {
		apps = []AppIndex{{App: BlogApp, IndexPath: cfg.IndexPath}}
	}
	h := &Harness{apps: map[string]*appSet{}, first: apps[0].App.Name, client: &http.Client{Timeout: 10 * time.Minute}}
	for _, a := range apps {
		set, err := startApp(cfg, a)
		if set != nil {
			h.apps[a.App.Name] = set
		}
		if err != nil {
			h.Close()
			return nil, err
		}
	}
	return h, nil
}

// startApp starts one app in the three modes; on error it returns what it
// started, for Close.
func startApp(cfg Config, a AppIndex) (*appSet, error) {
	ret, err := index.OpenRetriever(a.IndexPath, index.RetrieverOptions{})
	if err != nil {
		return nil, fmt.Errorf("%s: opening the index: %w", a.App.Name, err)
	}
	// Every instance is given the app's index, as an app configured for
	// retrieval is: the context mode alone must decide whether it is
	// used (the evaluation's provenance checks hold each mode to that).
	set := &appSet{retriever: ret}
	if set.plain, err = startInstance(cfg, a.App, explainerr.ContextPlain, ret); err != nil {
		return set, err
	}
	if set.static, err = startInstance(cfg, a.App, explainerr.ContextStatic, ret); err != nil {
		return set, err
	}
	if set.rag, err = startInstance(cfg, a.App, explainerr.ContextRAG, ret); err != nil {
		return set, err
	}
	return set, nil
}

func startInstance(cfg Config, app App, mode explainerr.ContextMode, ret *index.Retriever) (*instance, error) {
	g := cfg.Generator
	timeout := g.Timeout
	if timeout <= 0 {
		timeout = 2 * time.Minute
	}
	opts := []explainerr.Option{
		explainerr.WithLogger(cfg.Logger),
		explainerr.WithThrottle(1<<20, time.Minute),
		explainerr.WithTimeout(timeout),
		explainerr.WithContext(mode),
	}
	if ret != nil {
		opts = append(opts, explainerr.WithRetriever(ret))
	}
	if g.Offline || g.BaseURL == "" && g.APIKey == "" {
		opts = append(opts, explainerr.WithProviderName("offline"))
	} else {
		opts = append(opts, explainerr.WithProviderName("openai"), explainerr.WithBaseURL(g.BaseURL),
			explainerr.WithAPIKey(g.APIKey), explainerr.WithModel(g.Model))
	}
	ex, err := explainerr.New(opts...)
	if err != nil {
		return nil, err
	}
	handler, db, err := app.start(ex, cfg.Logger)
	if err != nil {
		ex.Close()
		return nil, fmt.Errorf("%s: %w", app.Name, err)
	}
	return &instance{ex: ex, srv: httptest.NewServer(handler), db: db}, nil
}

// Close stops the apps and closes the indexes.
func (h *Harness) Close() {
	for _, set := range h.apps {
		for _, in := range []*instance{set.plain, set.static, set.rag} {
			if in == nil {
				continue
			}
			in.srv.Close()
			in.ex.Close()
			in.db.Close()
		}
		if set.retriever != nil {
			set.retriever.Close()
		}
	}
}

// Provider names the generator's provider and model as the middleware
// configured them.
func (h *Harness) Provider() (name, model string) {
	p := h.apps[h.first].plain.ex.Provider()
	return p.Name(), p.Model()
}

// Capture is what one failing request produced.
type Capture struct {
	// Report is the JSON report the middleware answered with, sealed
	// again as it was read (redact.Sealed.UnmarshalJSON): the traces are
	// written from it.
	Report redact.Sealed
	// RawReport is its body as received.
	RawReport []byte
	// Page is the HTML error page, when it was fetched.
	Page []byte
	// Status is the JSON answer's status.
	Status int
}

// Trigger sends the fixture's request to the first app (the blog, unless
// Config.Apps says otherwise) explained in mode; see TriggerApp.
func (h *Harness) Trigger(ctx context.Context, fx fixture.Fixture, mode string, withPage bool) (*Capture, error) {
	return h.TriggerApp(ctx, h.first, fx, mode, withPage)
}

// TriggerApp sends the fixture's request to the named app explained in
// mode ("plain", "static" or "rag") and returns the middleware's JSON
// report; with withPage it also fetches the HTML page for the same request.
func (h *Harness) TriggerApp(ctx context.Context, app string, fx fixture.Fixture, mode string, withPage bool) (*Capture, error) {
	set := h.apps[app]
	if set == nil {
		return nil, fmt.Errorf("%s: the app %q is not running", fx.ID, app)
	}
	in := set.plain
	switch mode {
	case report.ModeStatic:
		in = set.static
	case report.ModeRAG:
		in = set.rag
	}
	body, status, err := h.do(ctx, in, fx, "application/json")
	if err != nil {
		return nil, err
	}
	c := &Capture{RawReport: body, Status: status}
	if err := json.Unmarshal(body, &c.Report); err != nil {
		return nil, fmt.Errorf("%s: the answer is not a JSON report (status %d): %w: %.200s", fx.ID, status, err, body)
	}
	if c.Report.Prompt().User == "" {
		return nil, fmt.Errorf("%s: the report has no prompt (status %d)", fx.ID, status)
	}
	if withPage {
		page, _, err := h.do(ctx, in, fx, "text/html")
		if err != nil {
			return nil, fmt.Errorf("%s: fetching the page: %w", fx.ID, err)
		}
		c.Page = page
	}
	return c, nil
}

func (h *Harness) do(ctx context.Context, in *instance, fx fixture.Fixture, accept string) ([]byte, int, error) {
	var body io.Reader
	if fx.Body != "" {
		body = strings.NewReader(fx.Body)
	}
	req, err := http.NewRequestWithContext(ctx, fx.Method, in.srv.URL+fx.Path, body)
	if err != nil {
		return nil, 0, err
	}
	if fx.Body != "" {
		req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
	}
	req.Header.Set("Accept", accept)
	resp, err := h.client.Do(req)
	if err != nil {
		return nil, 0, err
	}
	defer resp.Body.Close()
	data, err := io.ReadAll(resp.Body)
	if err != nil {
		return nil, resp.StatusCode, err
	}
	if resp.StatusCode < 400 {
		return data, resp.StatusCode, errors.New(fx.ID + ": the request did not fail (status " + fmt.Sprint(resp.StatusCode) + ")")
	}
	return bytes.TrimSpace(data), resp.StatusCode, nil
}
