package engine

import (
	"context"
	"fmt"
	"github.com/explainerr/explainerr/explainerr/provider/offline"
	"math"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/explainerr/explainerr/explainerr/provider"
	"github.com/explainerr/explainerr/explainerr/provider/openai"
	"github.com/explainerr/explainerr/explainerr/redact"
	"github.com/explainerr/explainerr/explainerr/report"
	"github.com/explainerr/explainerr/internal/fakeopenai"
	"github.com/explainerr/explainerr/internal/leakcheck"
)

func TestMain(m *testing.M) { leakcheck.VerifyTestMain(m) }

func testReport(fingerprint string) *report.Report {
	return &report.Report{
		Mode:        report.ModePlain,
		Fingerprint: fingerprint,
		Prompt:      report.Prompt{System: "Explain Go failures.", User: "panic: runtime error: index out of range [3] with length 3 (" + fingerprint + ")"},
	}
}

// newEngine starts a fake server with answers and an engine whose openai
// provider talks to it. The fake stands in for a hosted service: calls are
// priced from the built-in table.
func newEngine(t *testing.T, cfg Config, answers ...fakeopenai.Answer) (*Engine, *fakeopenai.Server) {
	t.Helper()
	srv := fakeopenai.New(answers...)
	t.Cleanup(srv.Close)
	p, err := openai.New(openai.Config{BaseURL: srv.URL, HTTPClient: srv.Client(), Model: "gpt-4o-mini", MaxRetries: -1, RetryBackoff: time.Millisecond})
	if err != nil {
		t.Fatal(err)
	}
	cfg.Provider = p
	cfg.ListPrices = true
	if cfg.Fallback == nil {
		cfg.Fallback = offline.NewStandIn()
	}
	return New(cfg), srv
}

func TestPlainAndStreamedExplanations(t *testing.T) {
	e, srv := newEngine(t, Config{}, fakeopenai.Reply("plain answer").WithUsage(1000, 100),
		fakeopenai.Reply("streamed answer here").WithPieces(4, time.Millisecond))
	ex := explainReport(e, context.Background(), testReport("a"), nil)
	if ex.Error != "" || ex.Text != "plain answer" || ex.Provider != "openai" || ex.Model != "gpt-4o-mini" || ex.Cached {
		t.Fatalf("plain: %+v", ex)
	}
	if want := (1000*0.15 + 100*0.60) / 1e6; math.Abs(ex.CostUSD-want) > 1e-12 {
		t.Fatalf("cost = %g, want %g", ex.CostUSD, want)
	}
	var deltas []string
	ex = explainReport(e, context.Background(), testReport("b"), func(s string) { deltas = append(deltas, s) })
	if ex.Error != "" || ex.Text != "streamed answer here" || len(deltas) != 4 || strings.Join(deltas, "") != ex.Text {
		t.Fatalf("streamed: %+v, deltas %q", ex, deltas)
	}
	if reqs := srv.Requests(); len(reqs) != 2 || reqs[0].Stream || !reqs[1].Stream {
		t.Fatalf("stream flags sent: %d requests", len(reqs))
	}
}

func TestCacheHitMakesNoCall(t *testing.T) {
	e, srv := newEngine(t, Config{}, fakeopenai.Reply("the answer").WithUsage(10, 10))
	first := explainReport(e, context.Background(), testReport("same"), nil)
	var got []string
	second := explainReport(e, context.Background(), testReport("same"), func(s string) { got = append(got, s) })
	if srv.Calls() != 1 {
		t.Fatalf("server got %d calls, want 1", srv.Calls())
	}
	if first.Cached || !second.Cached || second.Text != "the answer" || second.Error != "" {
		t.Fatalf("first %+v\nsecond %+v", first, second)
	}
	if second.Usage != nil || second.CostUSD != 0 || first.CostUSD == 0 {
		t.Fatalf("a cached answer costs nothing: first %g, second %g %+v", first.CostUSD, second.CostUSD, second.Usage)
	}
	if strings.Join(got, "") != "the answer" {
		t.Fatalf("cached answer not delivered to onDelta: %q", got)
	}
}

func TestWhatIsNotCached(t *testing.T) {
	e, srv := newEngine(t, Config{},
		fakeopenai.Status(500, "down"), fakeopenai.Reply("after failure"), // failed generations
		fakeopenai.Reply("no fp 1"), fakeopenai.Reply("no fp 2"), // no fingerprint
		fakeopenai.Reply("rag answer")) // another mode
	failed := explainReport(e, context.Background(), testReport("f"), nil)
	if failed.Error == "" || !strings.Contains(failed.Error, "500") || failed.Fallback == "" {
		t.Fatalf("failed: %+v", failed)
	}
	if ok := explainReport(e, context.Background(), testReport("f"), nil); ok.Cached || ok.Text != "after failure" {
		t.Fatalf("a failed generation was cached: %+v", ok)
	}
	for i := 1; i <= 2; i++ {
		ex := explainReport(e, context.Background(), testReport(""), nil)
		if ex.Cached || ex.Text != fmt.Sprintf("no fp %d", i) {
			t.Fatalf("no fingerprint, call %d: %+v", i, ex)
		}
	}
	rag := testReport("f")
	rag.Mode = report.ModeRAG
	if ex := explainReport(e, context.Background(), rag, nil); ex.Cached || ex.Text != "rag answer" {
		t.Fatalf("an answer without retrieval was reused for one with it: %+v", ex)
	}
	if srv.Calls() != 5 {
		t.Fatalf("server got %d calls, want 5", srv.Calls())
	}
}

func TestCacheEvictsLeastRecentlyUsed(t *testing.T) {
	e, srv := newEngine(t, Config{CacheSize: 2, ThrottleCalls: -1})
	srv.Handle(func(req fakeopenai.Request) fakeopenai.Answer {
		return fakeopenai.Reply("answer " + req.Messages[1].Content)
	})
	for _, fp := range []string{"a", "b", "a", "c", "a", "b"} {
		explainReport(e, context.Background(), testReport(fp), nil)
	}
	// a, b miss; a hits; c misses and evicts b; a hits; b misses again.
	if srv.Calls() != 4 {
		t.Fatalf("server got %d calls, want 4", srv.Calls())
	}
}

func TestConcurrentIdenticalFailuresShareOneCall(t *testing.T) {
	const text = "one two three four five six seven eight nine ten"
	e, srv := newEngine(t, Config{}, fakeopenai.Reply(text).WithPieces(10, 15*time.Millisecond))
	const n = 6
	var wg sync.WaitGroup
	results := make([]report.Explanation, n)
	streamed := make([]string, n)
	run := func(i int) {
		defer wg.Done()
		var sb strings.Builder
		results[i] = explainReport(e, context.Background(), testReport("shared"), func(s string) { sb.WriteString(s) })
		streamed[i] = sb.String()
	}
	wg.Add(1)
	go run(0)
	// Let the first call start streaming, then join midway.
	deadline := time.Now().Add(2 * time.Second)
	for srv.Calls() == 0 && time.Now().Before(deadline) {
		time.Sleep(time.Millisecond)
	}
	time.Sleep(40 * time.Millisecond)
	for i := 1; i < n; i++ {
		wg.Add(1)
		go run(i)
	}
	wg.Wait()
	if srv.Calls() != 1 {
		t.Fatalf("server got %d calls for %d identical failures, want 1", srv.Calls(), n)
	}
	paid := 0
	for i, ex := range results {
		if ex.Error != "" || ex.Text != text || streamed[i] != text {
			t.Fatalf("caller %d: %+v, streamed %q", i, ex, streamed[i])
		}
		if ex.CostUSD > 0 {
			paid++
		}
	}
	if paid != 1 {
		t.Fatalf("%d callers carry the cost of one call", paid)
	}
}

func TestSharedCallSurvivesTheFirstCallerLeaving(t *testing.T) {
	e, srv := newEngine(t, Config{}, fakeopenai.Reply("still here for the others").WithPieces(5, 20*time.Millisecond))
	ctx, cancel := context.WithCancel(context.Background())
	leaderDone := make(chan report.Explanation)
	go func() { leaderDone <- explainReport(e, ctx, testReport("x"), func(string) {}) }()
	for srv.Calls() == 0 {
		time.Sleep(time.Millisecond)
	}
	followerDone := make(chan report.Explanation)
	go func() { followerDone <- explainReport(e, context.Background(), testReport("x"), nil) }()
	for e.waiting() < 2 {
		time.Sleep(time.Millisecond)
	}
	cancel()
	if ex := <-leaderDone; !strings.Contains(ex.Error, "abandoned") {
		t.Fatalf("the caller that left got %+v", ex)
	}
	if ex := <-followerDone; ex.Error != "" || ex.Text != "still here for the others" {
		t.Fatalf("the remaining caller got %+v", ex)
	}
	if srv.Calls() != 1 {
		t.Fatalf("%d calls", srv.Calls())
	}
}

func TestLastCallerLeavingCancelsTheCall(t *testing.T) {
	e, srv := newEngine(t, Config{}, fakeopenai.Stall(), fakeopenai.Reply("fresh"))
	ctx, cancel := context.WithTimeout(context.Background(), 50*time.Millisecond)
	defer cancel()
	start := time.Now()
	ex := explainReport(e, ctx, testReport("gone"), nil)
	if !strings.Contains(ex.Error, "abandoned") || time.Since(start) > time.Second {
		t.Fatalf("after %s: %+v", time.Since(start), ex)
	}
	// The abandoned call is not reused: a later caller starts afresh.
	if ex := explainReport(e, context.Background(), testReport("gone"), nil); ex.Text != "fresh" || srv.Calls() != 2 {
		t.Fatalf("later caller: %+v after %d calls", ex, srv.Calls())
	}
}

func TestThrottleSkipsTheCall(t *testing.T) {
	now := time.Date(2025, 1, 1, 12, 0, 0, 0, time.UTC)
	var mu sync.Mutex
	clock := func() time.Time { mu.Lock(); defer mu.Unlock(); return now }
	e, srv := newEngine(t, Config{ThrottleCalls: 2, ThrottleWindow: time.Minute, Now: clock})
	srv.Handle(func(fakeopenai.Request) fakeopenai.Answer { return fakeopenai.Reply("ok") })
	for _, fp := range []string{"t1", "t2"} {
		if ex := explainReport(e, context.Background(), testReport(fp), nil); ex.Throttled || ex.Error != "" {
			t.Fatalf("%s: %+v", fp, ex)
		}
	}
	called := false
	ex := explainReport(e, context.Background(), testReport("t3"), func(string) { called = true })
	if !ex.Throttled || !strings.Contains(ex.Error, "limit of 2 model calls per 1m0s") || called {
		t.Fatalf("third call: %+v", ex)
	}
	checkFallback(t, ex, "The model gpt-4o-mini was not called: the limit of 2 model calls per 1m0s was reached")
	if srv.Calls() != 2 {
		t.Fatalf("the throttled call reached the server: %d calls", srv.Calls())
	}
	// A cached answer is no call and is not throttled.
	if ex := explainReport(e, context.Background(), testReport("t1"), nil); !ex.Cached || ex.Throttled {
		t.Fatalf("cached answer: %+v", ex)
	}
	mu.Lock()
	now = now.Add(61 * time.Second)
	mu.Unlock()
	if ex := explainReport(e, context.Background(), testReport("t3"), nil); ex.Throttled || ex.Text != "ok" || srv.Calls() != 3 {
		t.Fatalf("after the window: %+v, %d calls", ex, srv.Calls())
	}
}

func TestTimeout(t *testing.T) {
	e, srv := newEngine(t, Config{Timeout: 80 * time.Millisecond}, fakeopenai.Reply("too late").WithDelay(5*time.Second), fakeopenai.Reply("in time"))
	start := time.Now()
	ex := explainReport(e, context.Background(), testReport("slow"), func(string) {})
	elapsed := time.Since(start)
	// A hang detector, not a speed limit: the answer would take 5s.
	if elapsed > 3*time.Second {
		t.Fatalf("returned after %s with an 80ms timeout", elapsed)
	}
	if !strings.Contains(ex.Error, "did not answer within the explanation timeout of 80ms") {
		t.Fatalf("timeout explanation: %+v", ex)
	}
	checkFallback(t, ex, "The model call to gpt-4o-mini failed: the model did not answer within the explanation timeout of 80ms")
	if ex := explainReport(e, context.Background(), testReport("slow"), nil); ex.Cached || ex.Text != "in time" || srv.Calls() != 2 {
		t.Fatalf("a timed out call was cached: %+v", ex)
	}
}

func TestPartialStreamKeepsTextAndSaysSo(t *testing.T) {
	e, _ := newEngine(t, Config{}, fakeopenai.Cut("first second third fourth", 2), fakeopenai.Reply("whole"))
	var got strings.Builder
	ex := explainReport(e, context.Background(), testReport("cut"), func(s string) { got.WriteString(s) })
	if ex.Text == "" || ex.Text != got.String() || !strings.Contains(ex.Error, "cut off") || !strings.Contains(ex.Error, "incomplete") {
		t.Fatalf("cut stream: %+v (streamed %q)", ex, got.String())
	}
	if ex := explainReport(e, context.Background(), testReport("cut"), nil); ex.Cached || ex.Text != "whole" {
		t.Fatalf("a cut answer was cached: %+v", ex)
	}
}

func TestServedModelAndTruncation(t *testing.T) {
	e, _ := newEngine(t, Config{}, fakeopenai.Reply("short").WithModel("gpt-4o-mini-2024-07-18").WithFinishReason("length").WithUsage(2_000_000, 1_000_000))
	ex := explainReport(e, context.Background(), testReport("m"), nil)
	if ex.Model != "gpt-4o-mini-2024-07-18" || !ex.Truncated || ex.Error != "" {
		t.Fatalf("%+v", ex)
	}
	if math.Abs(ex.CostUSD-(2*0.15+0.60)) > 1e-9 {
		t.Fatalf("cost of a dated model = %g, want 0.90", ex.CostUSD)
	}
}

// countingProvider is a provider that counts its calls.
type countingProvider struct {
	name  string
	calls atomic.Int32
	panic bool
}

func (p *countingProvider) Name() string  { return p.name }
func (p *countingProvider) Model() string { return "" }
func (p *countingProvider) Explain(ctx context.Context, req provider.Request, onDelta func(string)) (provider.Result, error) {
	p.calls.Add(1)
	if p.panic {
		panic("broken provider")
	}
	if onDelta != nil {
		onDelta("offline text")
	}
	return provider.Result{Text: "offline text"}, nil
}

func TestOfflineIsNeitherThrottledNorCached(t *testing.T) {
	p := &countingProvider{name: "offline"}
	e := New(Config{Provider: p, ThrottleCalls: 1})
	for i := 0; i < 4; i++ {
		var got string
		ex := explainReport(e, context.Background(), testReport("same"), func(s string) { got += s })
		if ex.Throttled || ex.Cached || ex.Text != "offline text" || got != "offline text" || ex.Provider != "offline" {
			t.Fatalf("call %d: %+v", i, ex)
		}
	}
	if p.calls.Load() != 4 {
		t.Fatalf("offline provider called %d times, want 4", p.calls.Load())
	}
}

func TestProviderPanicBecomesAnError(t *testing.T) {
	e := New(Config{Provider: &countingProvider{name: "broken", panic: true}})
	ex := explainReport(e, context.Background(), testReport("p"), nil)
	if !strings.Contains(ex.Error, "broken provider") {
		t.Fatalf("%+v", ex)
	}
}

func TestBadInput(t *testing.T) {
	if ex := explainReport(New(Config{}), context.Background(), testReport("x"), nil); !strings.Contains(ex.Error, "no explanation provider") {
		t.Fatalf("no provider: %+v", ex)
	}
	e := New(Config{Provider: &countingProvider{name: "offline"}})
	if ex := explainReport(e, context.Background(), nil, nil); ex.Error == "" {
		t.Fatal("nil report accepted")
	}
}

func TestPricesAndCost(t *testing.T) {
	table := DefaultPrices()
	for model, want := range map[string]float64{
		"gpt-4o-mini":                 0.15,
		"gpt-4o-mini-2024-07-18":      0.15,
		"GPT-4o":                      2.50,
		"gpt-4o-2024-08-06":           2.50,
		"openai/gpt-4.1-mini":         0.40,
		"anthropic/claude-3.5-sonnet": 3.00,
		"claude-3-5-sonnet-20241022":  3.00,
	} {
		p, ok := LookupPrice(table, model)
		if !ok || p.InputPerMTok != want {
			t.Errorf("price of %q = %+v %v, want input %g", model, p, ok, want)
		}
	}
	if _, ok := LookupPrice(table, "llama3.2"); ok {
		t.Error("a local model has a price")
	}
	cost, ok := EstimateCost(table, "gpt-4.1", &report.Usage{PromptTokens: 500_000, CompletionTokens: 250_000})
	if !ok || math.Abs(cost-(1.0+2.0)) > 1e-9 {
		t.Errorf("gpt-4.1 cost = %g %v, want 3", cost, ok)
	}
	e := New(Config{Provider: &countingProvider{name: "offline"}, Prices: map[string]Price{"My-Local": {InputPerMTok: 1, OutputPerMTok: 2}, "gpt-4o-mini": {InputPerMTok: 9}}})
	if p, ok := LookupPrice(e.Prices(), "my-local"); !ok || p.OutputPerMTok != 2 {
		t.Errorf("override not applied: %+v", p)
	}
	if p, _ := LookupPrice(e.Prices(), "gpt-4o-mini-2024-07-18"); p.InputPerMTok != 9 {
		t.Errorf("override of a built-in price not applied: %+v", p)
	}
}

// TestLookupPriceMatchesVersionsOnly checks that a dated or pinned version
// of a model finds the model's price, and that another model whose name
// starts the same does not.
func TestLookupPriceMatchesVersionsOnly(t *testing.T) {
	table := map[string]Price{"gpt-4o": {InputPerMTok: 1}, "gpt-4o-mini": {InputPerMTok: 2}, "llama3.2": {InputPerMTok: 3}, "claude-3-5-sonnet": {InputPerMTok: 4}}
	for model, want := range map[string]float64{
		"gpt-4o":                     1,
		"GPT-4o":                     1,
		"gpt-4o-2024-08-06":          1,
		"gpt-4o-mini":                2,
		"gpt-4o-mini-2024-07-18":     2,
		"openai/gpt-4o-mini-latest":  2,
		"gpt-4o-mini-0125":           2,
		"llama3.2:latest":            3,
		"claude-3-5-sonnet-20241022": 4,
		"gpt-4o-minimal":             0,
		"gpt-4o-mini-preview":        0,
		"llama3.1":                   0,
		"":                           0,
	} {
		p, ok := LookupPrice(table, model)
		if ok != (want != 0) || p.InputPerMTok != want {
			t.Errorf("LookupPrice(%q) = %+v %v, want input %g", model, p, ok, want)
		}
	}
}

// seal seals r as the middleware does before explaining it; nil gives
// the zero Sealed.
func seal(r *report.Report) redact.Sealed {
	if r == nil {
		return redact.Sealed{}
	}
	return redact.Seal(r, nil)
}

// explainReport seals r, explains it with e and returns the explanation.
func explainReport(e *Engine, ctx context.Context, r *report.Report, onDelta func(string)) report.Explanation {
	return e.Explain(ctx, seal(r), onDelta).Explanation()
}

// TestCacheKeepsOnlyRedactedAnswers checks that a model's answer is
// redacted before the cache keeps it: one that quotes a secret (of a
// known format, or the failing request's own) is kept without it.
func TestCacheKeepsOnlyRedactedAnswers(t *testing.T) {
	const token = "sk-proj-Zq3vT8mW1xR5nB7kL2pD9fH4jC6gY0sA1eU3iO5rT7wQ9zX"
	e, _ := newEngine(t, Config{}, fakeopenai.Reply("Rotate "+token+" and hunter2-request-only."))
	known := new(redact.Known)
	known.Add("hunter2-request-only")
	s := redact.Seal(testReport("quoted"), known)
	got := e.Explain(context.Background(), s, nil).Explanation()
	cached, ok := e.cache.get(cacheKey(s))
	if !ok {
		t.Fatal("the answer was not cached")
	}
	for _, text := range []string{got.Text, cached.Text} {
		if strings.Contains(text, token) || strings.Contains(text, "hunter2-request-only") || !strings.Contains(text, "Rotate") {
			t.Errorf("kept %q: the secrets must be hidden, the rest kept", text)
		}
	}
}
