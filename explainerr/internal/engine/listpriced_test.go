package engine

import (
	"context"
	"math"
	"testing"
	"time"

	"github.com/explainerr/explainerr/explainerr/provider/openai"
	"github.com/explainerr/explainerr/internal/fakeopenai"
)

func TestListPriced(t *testing.T) {
	for baseURL, want := range map[string]bool{
		"":                                   true,
		"https://api.openai.com/v1":          true,
		"https://API.OpenAI.com:443/v1":      true,
		"https://openrouter.ai/api/v1":       true,
		"http://localhost:11434/v1":          false,
		"http://127.0.0.1:8080/v1":           false,
		"http://api.openai.com/v1":           false, // not the hosted API, which is https only
		"https://models.internal.example/v1": false,
		"https://api.openai.com.evil.test":   false,
		"::not a url":                        false,
	} {
		if got := ListPriced(baseURL); got != want {
			t.Errorf("ListPriced(%q) = %v, want %v", baseURL, got, want)
		}
	}
}

// unpricedEngine returns an engine whose model client talks to a fake
// server the way it would to a local one: without the list prices.
func unpricedEngine(t *testing.T, prices map[string]Price, answers ...fakeopenai.Answer) *Engine {
	t.Helper()
	srv := fakeopenai.New(answers...)
	t.Cleanup(srv.Close)
	p, err := openai.New(openai.Config{BaseURL: srv.URL, HTTPClient: srv.Client(), Model: "gpt-4o-mini", MaxRetries: -1, RetryBackoff: time.Millisecond})
	if err != nil {
		t.Fatal(err)
	}
	return New(Config{Provider: p, Prices: prices})
}

func TestWithoutListPricesOnlyConfiguredPricesCount(t *testing.T) {
	e := unpricedEngine(t, nil, fakeopenai.Reply("local answer").WithUsage(1000, 100))
	ex := explainReport(e, context.Background(), testReport("local"), nil)
	if ex.Error != "" || ex.Usage == nil || ex.Usage.PromptTokens != 1000 {
		t.Fatalf("explanation: %+v", ex)
	}
	if ex.CostUSD != 0 {
		t.Errorf("a model on a local server was priced at %g, want no estimate", ex.CostUSD)
	}
	if _, ok := LookupPrice(e.Prices(), "gpt-4o-mini"); ok {
		t.Error("the price table holds a list price without ListPrices")
	}

	e = unpricedEngine(t, map[string]Price{"gpt-4o-mini": {InputPerMTok: 1, OutputPerMTok: 10}}, fakeopenai.Reply("priced answer").WithUsage(1000, 100))
	ex = explainReport(e, context.Background(), testReport("configured"), nil)
	if want := (1000*1.0 + 100*10.0) / 1e6; math.Abs(ex.CostUSD-want) > 1e-12 {
		t.Errorf("cost with a configured price = %g, want %g", ex.CostUSD, want)
	}
}
