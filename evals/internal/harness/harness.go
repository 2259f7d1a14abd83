// Package harness runs the blog app wrapped in the real explainerr
// middleware, in-process on loopback, once per context mode (plain, static
// and rag), and triggers fixtures over HTTP. It takes the report and prompt the
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

	"github.com/explainerr/explainerr/blogapp/app"
	"github.com/explainerr/explainerr/blogapp/fixture"
	"github.com/explainerr/explainerr/explainerr"
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
	// IndexPath is the index built from the blog app's source.
	IndexPath string
	Generator Generator
	// Logger receives the middleware's and the app's logs; nil discards
	// them.
	Logger *slog.Logger
}

// instance is the blog app behind one Explainer.
type instance struct {
	ex  *explainerr.Explainer
	srv *httptest.Server
	db  interface{ Close() error }
}

// Harness is three running blog apps, one per context mode.
type Harness struct {
	plain, static, rag *instance
	retriever          *index.Retriever
	client             *http.Client
}

// Start opens the index and starts the three apps.
func Start(cfg Config) (*Harness, error) {
	if cfg.Logger == nil {
		cfg.Logger = slog.New(slog.NewTextHandler(io.Discard, nil))
	}
	ret, err := index.OpenRetriever(cfg.IndexPath, index.RetrieverOptions{})
	if err != nil {
		return nil, fmt.Errorf("opening the index: %w", err)
	}
	h := &Harness{retriever: ret, client: &http.Client{Timeout: 10 * time.Minute}}
	if h.plain, err = startInstance(cfg, explainerr.ContextPlain, nil); err != nil {
		h.Close()
		return nil, err
	}
	if h.static, err = startInstance(cfg, explainerr.ContextStatic, nil); err != nil {
		h.Close()
		return nil, err
	}
	if h.rag, err = startInstance(cfg, explainerr.ContextRAG, ret); err != nil {
		h.Close()
		return nil, err
	}
	return h, nil
}

func startInstance(cfg Config, mode explainerr.ContextMode, ret *index.Retriever) (*instance, error) {
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
	db, err := app.OpenDB("")
	if err != nil {
		ex.Close()
		return nil, err
	}
	handler := app.NewWithExplainer(db, ex, app.WithLogger(cfg.Logger))
	return &instance{ex: ex, srv: httptest.NewServer(handler), db: db}, nil
}

// Close stops the apps and closes the index.
func (h *Harness) Close() {
	for _, in := range []*instance{h.plain, h.static, h.rag} {
		if in == nil {
			continue
		}
		in.srv.Close()
		in.ex.Close()
		in.db.Close()
	}
	if h.retriever != nil {
		h.retriever.Close()
	}
}

// Provider names the generator's provider and model as the middleware
// configured them.
func (h *Harness) Provider() (name, model string) {
	p := h.plain.ex.Provider()
	return p.Name(), p.Model()
}

// Capture is what one failing request produced.
type Capture struct {
	// Report is the JSON report the middleware answered with.
	Report report.Report
	// RawReport is its body as received.
	RawReport []byte
	// Page is the HTML error page, when it was fetched.
	Page []byte
	// Status is the JSON answer's status.
	Status int
}

// Trigger sends the fixture's request to the app explained in mode
// ("plain", "static" or "rag") and returns the middleware's JSON report; with
// withPage it also fetches the HTML page for the same request.
func (h *Harness) Trigger(ctx context.Context, fx fixture.Fixture, mode string, withPage bool) (*Capture, error) {
	in := h.plain
	switch mode {
	case report.ModeStatic:
		in = h.static
	case report.ModeRAG:
		in = h.rag
	}
	body, status, err := h.do(ctx, in, fx, "application/json")
	if err != nil {
		return nil, err
	}
	c := &Capture{RawReport: body, Status: status}
	if err := json.Unmarshal(body, &c.Report); err != nil {
		return nil, fmt.Errorf("%s: the answer is not a JSON report (status %d): %w: %.200s", fx.ID, status, err, body)
	}
	if c.Report.Prompt.User == "" {
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
