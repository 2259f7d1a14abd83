package explainerr_test

import (
	"math"
	"net/http"
	"net/url"
	"strings"
	"sync"
	"testing"

	"github.com/explainerr/explainerr/explainerr"
	"github.com/explainerr/explainerr/internal/fakeopenai"
)

// pricedCall serves one failing request through an explainer whose model
// client talks to fake with opts, for a script (JSON) and for a browser,
// and returns the JSON report's cost and the page. The cache is off, so
// that the page's call is made and paid for too.
func pricedCall(t *testing.T, fake *fakeopenai.Server, opts ...explainerr.Option) (cost float64, page string) {
	t.Helper()
	opts = append([]explainerr.Option{explainerr.WithCacheSize(-1)}, opts...)
	h := newModelExplainer(t, fake, opts...).Middleware(http.HandlerFunc(modelCallSite))
	rep := decodeReport(t, get(h, "GET", "/counts/1", "application/json"))
	if ex := rep.Explanation; ex.Error != "" || ex.Usage == nil || ex.Usage.PromptTokens != 1000 || ex.Usage.CompletionTokens != 100 {
		t.Fatalf("explanation %+v, want the model's answer with its usage", ex)
	}
	return rep.Explanation.CostUSD, get(h, "GET", "/counts/2", "text/html").Body.String()
}

func TestLocalModelIsNotPricedAtListPrices(t *testing.T) {
	// The fake listens on 127.0.0.1, as Ollama or llama.cpp would, and
	// serves a model named like a hosted one.
	fake := fakeopenai.New(fakeopenai.Reply("a").WithUsage(1000, 100), fakeopenai.Reply("b").WithUsage(1000, 100))
	defer fake.Close()
	cost, page := pricedCall(t, fake)
	if cost != 0 {
		t.Errorf("a model on a local server costs %g in the JSON report, want no estimate", cost)
	}
	if !strings.Contains(page, "1000 &#43; 100 tokens") {
		t.Error("the page does not show the token counts")
	}
	if strings.Contains(page, "≈ $") {
		t.Error("the page shows a cost for a model on a local server")
	}
}

func TestWithPricesPricesAnyServer(t *testing.T) {
	fake := fakeopenai.New(fakeopenai.Reply("a").WithUsage(1000, 100), fakeopenai.Reply("b").WithUsage(1000, 100))
	defer fake.Close()
	cost, page := pricedCall(t, fake, explainerr.WithPrices(map[string]explainerr.Price{
		modelName: {InputPerMTok: 20, OutputPerMTok: 100},
	}))
	if want := (1000*20.0 + 100*100.0) / 1e6; math.Abs(cost-want) > 1e-12 {
		t.Errorf("cost %g, want %g from the configured price", cost, want)
	}
	if !strings.Contains(page, "≈ $0.03") {
		t.Error("the page does not show the configured price's estimate, ≈ $0.03")
	}
}

// hostedTransport sends every request to the fake instead of the host its
// URL names, and records the hosts asked for.
type hostedTransport struct {
	fake  *url.URL
	mu    sync.Mutex
	hosts []string
}

func (h *hostedTransport) RoundTrip(req *http.Request) (*http.Response, error) {
	h.mu.Lock()
	h.hosts = append(h.hosts, req.URL.Scheme+"://"+req.URL.Host)
	h.mu.Unlock()
	out := req.Clone(req.Context())
	out.URL.Scheme, out.URL.Host = h.fake.Scheme, h.fake.Host
	return http.DefaultTransport.RoundTrip(out)
}

func TestHostedModelIsPricedAtListPrices(t *testing.T) {
	fake := fakeopenai.New(fakeopenai.Reply("a").WithUsage(1000, 100), fakeopenai.Reply("b").WithUsage(1000, 100))
	defer fake.Close()
	u, err := url.Parse(fake.URL)
	if err != nil {
		t.Fatal(err)
	}
	tr := &hostedTransport{fake: u}
	cost, _ := pricedCall(t, fake, explainerr.WithBaseURL("https://api.openai.com/v1"), explainerr.WithHTTPClient(&http.Client{Transport: tr}))
	// gpt-4o-mini's list price: $0.15 in, $0.60 out per million tokens.
	if want := (1000*0.15 + 100*0.60) / 1e6; math.Abs(cost-want) > 1e-12 {
		t.Errorf("cost %g, want %g at the list price", cost, want)
	}
	tr.mu.Lock()
	defer tr.mu.Unlock()
	if len(tr.hosts) != 2 || tr.hosts[0] != "https://api.openai.com" {
		t.Errorf("the client asked %q, want https://api.openai.com twice", tr.hosts)
	}
}

func TestWithPricesRejectsWhatPricesNothing(t *testing.T) {
	for _, c := range []struct {
		prices map[string]explainerr.Price
		want   string
	}{
		{map[string]explainerr.Price{"llama3.2": {InputPerMTok: -1}}, `the price of "llama3.2" (-1 in, 0 out per million tokens)`},
		{map[string]explainerr.Price{"llama3.2": {OutputPerMTok: math.NaN()}}, `the price of "llama3.2"`},
		{map[string]explainerr.Price{"llama3.2": {OutputPerMTok: math.Inf(1)}}, `the price of "llama3.2"`},
		{map[string]explainerr.Price{" ": {InputPerMTok: 1}}, "a price without a model name"},
	} {
		_, err := explainerr.New(explainerr.WithPrices(c.prices))
		if err == nil || !strings.Contains(err.Error(), "WithPrices: "+c.want) {
			t.Errorf("New(WithPrices(%v)) = %v, want an error saying %q", c.prices, err, c.want)
		}
	}
	ex, err := explainerr.New(explainerr.WithPrices(map[string]explainerr.Price{"free-model": {}}), explainerr.WithProviderName("offline"))
	if err != nil {
		t.Fatalf("a price of 0 is refused: %v", err)
	}
	ex.Close()
}
