package openai

import (
	"context"
	"errors"
	"net"
	"net/http"
	"runtime"
	"strings"
	"testing"
	"time"

	"github.com/explainerr/explainerr/explainerr/provider"
	"github.com/explainerr/explainerr/explainerr/redact"
	"github.com/explainerr/explainerr/explainerr/report"
	"github.com/explainerr/explainerr/internal/fakeopenai"
	"github.com/explainerr/explainerr/internal/leakcheck"
)

func TestMain(m *testing.M) { leakcheck.VerifyTestMain(m) }

const (
	testSystem = "You explain Go failures to a Go developer. Be concise."
	testUser   = "panic: assignment to entry in nil map\n\nmain.(*Cart).Add\n\t/app/cart.go:21"
)

func testReport() *report.Report {
	return &report.Report{
		Prompt:      report.Prompt{System: testSystem, User: testUser},
		Fingerprint: "fp-1",
	}
}

// newProvider starts a fake server with answers and a provider talking to
// it with small retry waits.
func newProvider(t *testing.T, cfg Config, answers ...fakeopenai.Answer) (*Provider, *fakeopenai.Server) {
	t.Helper()
	srv := fakeopenai.New(answers...)
	t.Cleanup(srv.Close)
	cfg.BaseURL = srv.URL
	cfg.HTTPClient = srv.Client()
	if cfg.RetryBackoff == 0 {
		cfg.RetryBackoff = 5 * time.Millisecond
	}
	p, err := New(cfg)
	if err != nil {
		t.Fatal(err)
	}
	return p, srv
}

// assertSent checks that the server received the report's prompt, the
// model and the stream flag.
func assertSent(t *testing.T, req fakeopenai.Request, model string, stream bool) {
	t.Helper()
	if req.Method != http.MethodPost || req.Path != "/v1/chat/completions" {
		t.Errorf("request went to %s %s", req.Method, req.Path)
	}
	if req.Model != model {
		t.Errorf("model sent = %q, want %q", req.Model, model)
	}
	if req.Stream != stream {
		t.Errorf("stream flag = %v, want %v", req.Stream, stream)
	}
	if len(req.Messages) != 2 || req.Messages[0].Role != "system" || req.Messages[1].Role != "user" {
		t.Fatalf("messages = %+v, want system then user", req.Messages)
	}
	if req.Messages[0].Content != testSystem || req.Messages[1].Content != testUser {
		t.Errorf("messages differ from the report's prompt: %+v", req.Messages)
	}
}

func TestPlainAnswer(t *testing.T) {
	p, srv := newProvider(t, Config{APIKey: "sk-test-key-0123456789abcdef", Model: "gpt-4o-mini"},
		fakeopenai.Reply("The map `items` is nil.").WithUsage(120, 30))
	res, err := p.Explain(context.Background(), provider.Request{Report: redact.Seal(testReport(), nil)}, nil)
	if err != nil {
		t.Fatal(err)
	}
	if res.Text != "The map `items` is nil." || res.Model != "gpt-4o-mini" || res.Truncated {
		t.Fatalf("result = %+v", res)
	}
	if res.Usage == nil || res.Usage.PromptTokens != 120 || res.Usage.CompletionTokens != 30 {
		t.Fatalf("usage = %+v", res.Usage)
	}
	reqs := srv.Requests()
	if len(reqs) != 1 {
		t.Fatalf("server got %d calls, want 1", len(reqs))
	}
	assertSent(t, reqs[0], "gpt-4o-mini", false)
	if got := reqs[0].Header.Get("Authorization"); got != "Bearer sk-test-key-0123456789abcdef" {
		t.Errorf("Authorization = %q", got)
	}
	if reqs[0].MaxTokens != DefaultMaxTokens {
		t.Errorf("max tokens = %d, want %d", reqs[0].MaxTokens, DefaultMaxTokens)
	}
}

func TestStreamedAnswer(t *testing.T) {
	text := "The map `items` was never made.\n\nFix: `c.items = map[string]int{}` in NewCart."
	p, srv := newProvider(t, Config{Model: "llama3.2"}, fakeopenai.Reply(text).WithPieces(6, time.Millisecond))
	var deltas []string
	res, err := p.Explain(context.Background(), provider.Request{Report: redact.Seal(testReport(), nil)}, func(s string) { deltas = append(deltas, s) })
	if err != nil {
		t.Fatal(err)
	}
	if len(deltas) != 6 {
		t.Fatalf("got %d deltas, want 6: %q", len(deltas), deltas)
	}
	if strings.Join(deltas, "") != text || res.Text != text {
		t.Fatalf("deltas join to %q, text %q; want %q", strings.Join(deltas, ""), res.Text, text)
	}
	if res.Usage == nil || res.Usage.CompletionTokens == 0 {
		t.Fatalf("usage missing from stream: %+v", res.Usage)
	}
	req := srv.Requests()[0]
	assertSent(t, req, "llama3.2", true)
	if !req.IncludeUsage {
		t.Error("stream_options.include_usage not asked for")
	}
}

func TestNoKeySendsNoAuthorizationAndIgnoresEnvironment(t *testing.T) {
	t.Setenv("OPENAI_API_KEY", "sk-from-environment-0123456789")
	t.Setenv("OPENAI_BASE_URL", "http://127.0.0.1:1/v1")
	p, srv := newProvider(t, Config{Model: "llama3.2"}, fakeopenai.Reply("ok"))
	if _, err := p.Explain(context.Background(), provider.Request{Report: redact.Seal(testReport(), nil)}, nil); err != nil {
		t.Fatal(err)
	}
	if h := srv.Requests()[0].Header.Get("Authorization"); h != "" {
		t.Fatalf("Authorization sent without a configured key: %q", h)
	}
	if srv.Received("sk-from-environment") {
		t.Fatal("the key from the environment reached the server")
	}
}

func TestRedactsPromptOnceMore(t *testing.T) {
	srv := fakeopenai.New(fakeopenai.Reply("ok"))
	defer srv.Close()
	p, err := New(Config{BaseURL: srv.URL, HTTPClient: srv.Client()})
	if err != nil {
		t.Fatal(err)
	}
	r := testReport()
	r.Prompt.User += "\nAuthorization: Bearer abcdefghijklmnop1234\ndsn: postgres://blog:hunter2secret@db/blog"
	if _, err := p.Explain(context.Background(), provider.Request{Report: redact.Seal(r, nil)}, nil); err != nil {
		t.Fatal(err)
	}
	for _, secret := range []string{"abcdefghijklmnop1234", "hunter2secret"} {
		if srv.Received(secret) {
			t.Errorf("secret %q reached the server", secret)
		}
	}
	if !srv.Received("main.(*Cart).Add") {
		t.Error("the prompt's ordinary text did not reach the server")
	}
}

func TestRetriesAfter429ThenSucceeds(t *testing.T) {
	p, srv := newProvider(t, Config{},
		fakeopenai.Status(429, "Rate limit reached"),
		fakeopenai.Status(503, "overloaded"),
		fakeopenai.Reply("fine now"))
	res, err := p.Explain(context.Background(), provider.Request{Report: redact.Seal(testReport(), nil)}, nil)
	if err != nil {
		t.Fatal(err)
	}
	if res.Text != "fine now" || srv.Calls() != 3 {
		t.Fatalf("text %q after %d calls; want success on the third", res.Text, srv.Calls())
	}
}

func TestStreamingRetriesBeforeTheFirstDelta(t *testing.T) {
	p, srv := newProvider(t, Config{}, fakeopenai.Status(429, "slow down"), fakeopenai.Reply("streamed"))
	var got strings.Builder
	res, err := p.Explain(context.Background(), provider.Request{Report: redact.Seal(testReport(), nil)}, func(s string) { got.WriteString(s) })
	if err != nil || res.Text != "streamed" || got.String() != "streamed" || srv.Calls() != 2 {
		t.Fatalf("res %+v err %v deltas %q calls %d", res, err, got.String(), srv.Calls())
	}
}

func TestServerErrorsPastTheRetryBudget(t *testing.T) {
	p, srv := newProvider(t, Config{MaxRetries: 2},
		fakeopenai.Status(500, "boom one"), fakeopenai.Status(500, "boom two"),
		fakeopenai.Status(500, "boom three"), fakeopenai.Reply("never reached"))
	_, err := p.Explain(context.Background(), provider.Request{Report: redact.Seal(testReport(), nil)}, nil)
	var se *StatusError
	if !errors.As(err, &se) || se.StatusCode != 500 {
		t.Fatalf("want a StatusError 500, got %v", err)
	}
	for _, want := range []string{"status 500", "boom three", "after 3 attempts"} {
		if !strings.Contains(err.Error(), want) {
			t.Errorf("error %q does not say %q", err, want)
		}
	}
	if srv.Calls() != 3 {
		t.Fatalf("server got %d calls, want 3 (1 + 2 retries)", srv.Calls())
	}
}

func TestNoRetryOnClientErrors(t *testing.T) {
	p, srv := newProvider(t, Config{APIKey: "bad"}, fakeopenai.Status(401, "Incorrect API key provided"))
	_, err := p.Explain(context.Background(), provider.Request{Report: redact.Seal(testReport(), nil)}, nil)
	if err == nil || !strings.Contains(err.Error(), "401") || !strings.Contains(err.Error(), "Incorrect API key") || !strings.Contains(err.Error(), "credentials") {
		t.Fatalf("error = %v", err)
	}
	if srv.Calls() != 1 {
		t.Fatalf("a 401 was retried: %d calls", srv.Calls())
	}
}

func TestRetryAfterLongerThanAllowedStopsRetrying(t *testing.T) {
	p, srv := newProvider(t, Config{MaxRetryWait: 50 * time.Millisecond},
		fakeopenai.Status(429, "wait a minute").WithHeader("Retry-After", "60"), fakeopenai.Reply("no"))
	start := time.Now()
	_, err := p.Explain(context.Background(), provider.Request{Report: redact.Seal(testReport(), nil)}, nil)
	// Waiting as asked would take 60s; 10s only detects that it waited.
	if err == nil || srv.Calls() != 1 || time.Since(start) > 10*time.Second {
		t.Fatalf("err %v, %d calls after %s", err, srv.Calls(), time.Since(start))
	}
}

func TestOllamaStyleErrorMessage(t *testing.T) {
	p, _ := newProvider(t, Config{Model: "nope"}, fakeopenai.Answer{StatusCode: 404, Body: `{"error":"model \"nope\" not found, try pulling it first"}`})
	_, err := p.Explain(context.Background(), provider.Request{Report: redact.Seal(testReport(), nil)}, nil)
	if err == nil || !strings.Contains(err.Error(), `model "nope" not found`) || !strings.Contains(err.Error(), "base URL") {
		t.Fatalf("error = %v", err)
	}
}

func TestReplySlowerThanTheTimeout(t *testing.T) {
	for _, stream := range []bool{false, true} {
		p, srv := newProvider(t, Config{}, fakeopenai.Reply("late").WithDelay(5*time.Second))
		ctx, cancel := context.WithTimeout(context.Background(), 80*time.Millisecond)
		start := time.Now()
		var onDelta func(string)
		if stream {
			onDelta = func(string) {}
		}
		_, err := p.Explain(ctx, provider.Request{Report: redact.Seal(testReport(), nil)}, onDelta)
		cancel()
		elapsed := time.Since(start)
		if !errors.Is(err, context.DeadlineExceeded) || !strings.Contains(err.Error(), "deadline") {
			t.Fatalf("stream=%v: want a deadline error, got %v", stream, err)
		}
		if elapsed > 3*time.Second { // a hang detector, not a speed limit
			t.Fatalf("stream=%v: returned after %s, timeout was 80ms", stream, elapsed)
		}
		if srv.Calls() != 1 {
			t.Fatalf("stream=%v: %d calls", stream, srv.Calls())
		}
	}
}

func TestStalledStreamEndsAtTheDeadline(t *testing.T) {
	p, _ := newProvider(t, Config{}, fakeopenai.Answer{Text: "partial answer", Pieces: 2, Stall: true, StallAfter: 1})
	ctx, cancel := context.WithTimeout(context.Background(), 80*time.Millisecond)
	defer cancel()
	var got strings.Builder
	res, err := p.Explain(ctx, provider.Request{Report: redact.Seal(testReport(), nil)}, func(s string) { got.WriteString(s) })
	if !errors.Is(err, context.DeadlineExceeded) {
		t.Fatalf("want a deadline error, got %v", err)
	}
	if got.String() == "" || res.Text != got.String() {
		t.Fatalf("partial text lost: deltas %q, text %q", got.String(), res.Text)
	}
}

func TestMalformedJSON(t *testing.T) {
	for _, stream := range []bool{false, true} {
		p, srv := newProvider(t, Config{}, fakeopenai.Malformed())
		var onDelta func(string)
		if stream {
			onDelta = func(string) {}
		}
		_, err := p.Explain(context.Background(), provider.Request{Report: redact.Seal(testReport(), nil)}, onDelta)
		if err == nil || !strings.Contains(err.Error(), "not valid JSON") {
			t.Fatalf("stream=%v: error = %v", stream, err)
		}
		if srv.Calls() != 1 {
			t.Fatalf("stream=%v: malformed answer retried (%d calls)", stream, srv.Calls())
		}
	}
}

func TestStreamCutOffMidway(t *testing.T) {
	for _, cleanly := range []bool{false, true} {
		a := fakeopenai.Cut("first second third fourth", 2)
		a.CutCleanly = cleanly
		p, srv := newProvider(t, Config{}, a)
		var got strings.Builder
		res, err := p.Explain(context.Background(), provider.Request{Report: redact.Seal(testReport(), nil)}, func(s string) { got.WriteString(s) })
		if !errors.Is(err, ErrStreamCut) || !strings.Contains(err.Error(), "cut off") {
			t.Fatalf("cleanly=%v: want ErrStreamCut, got %v", cleanly, err)
		}
		if res.Text == "" || res.Text != got.String() || srv.Calls() != 1 {
			t.Fatalf("cleanly=%v: partial text %q, deltas %q, calls %d", cleanly, res.Text, got.String(), srv.Calls())
		}
	}
}

func TestPlainAnswerCutOffMidway(t *testing.T) {
	p, _ := newProvider(t, Config{}, fakeopenai.Answer{Text: "whole answer", Cut: true})
	_, err := p.Explain(context.Background(), provider.Request{Report: redact.Seal(testReport(), nil)}, nil)
	if !errors.Is(err, ErrStreamCut) {
		t.Fatalf("want ErrStreamCut for a body that ends early, got %v", err)
	}
}

func TestEnormousReplyIsCapped(t *testing.T) {
	const size = 1 << 20
	for _, stream := range []bool{false, true} {
		p, _ := newProvider(t, Config{}, fakeopenai.Huge(size))
		var streamed strings.Builder
		var onDelta func(string)
		if stream {
			onDelta = func(s string) { streamed.WriteString(s) }
		}
		res, err := p.Explain(context.Background(), provider.Request{Report: redact.Seal(testReport(), nil)}, onDelta)
		if err != nil {
			t.Fatalf("stream=%v: %v", stream, err)
		}
		if len(res.Text) > DefaultMaxTextBytes+200 || len(res.Text) < DefaultMaxTextBytes-100 {
			t.Fatalf("stream=%v: kept %d bytes, want about %d", stream, len(res.Text), DefaultMaxTextBytes)
		}
		if !res.Truncated || !strings.Contains(res.Text, "was cut here") {
			t.Fatalf("stream=%v: cut not reported (truncated=%v, tail %q)", stream, res.Truncated, res.Text[len(res.Text)-80:])
		}
		if stream && streamed.String() != res.Text {
			t.Fatalf("streamed text differs from the result")
		}
	}
}

func TestResponseLargerThanTheByteLimit(t *testing.T) {
	p, _ := newProvider(t, Config{MaxResponseBytes: 64 << 10}, fakeopenai.Huge(256<<10))
	_, err := p.Explain(context.Background(), provider.Request{Report: redact.Seal(testReport(), nil)}, nil)
	if !errors.Is(err, ErrResponseTooLarge) {
		t.Fatalf("want ErrResponseTooLarge, got %v", err)
	}
}

func TestFinishReasonLengthIsTruncated(t *testing.T) {
	for _, stream := range []bool{false, true} {
		p, _ := newProvider(t, Config{}, fakeopenai.Reply("The cause is").WithFinishReason("length"))
		var onDelta func(string)
		if stream {
			onDelta = func(string) {}
		}
		res, err := p.Explain(context.Background(), provider.Request{Report: redact.Seal(testReport(), nil)}, onDelta)
		if err != nil || !res.Truncated || res.Text != "The cause is" {
			t.Fatalf("stream=%v: res %+v err %v", stream, res, err)
		}
	}
}

func TestServedModelIsReported(t *testing.T) {
	for _, stream := range []bool{false, true} {
		p, srv := newProvider(t, Config{Model: "gpt-4o"}, fakeopenai.Reply("ok").WithModel("gpt-4o-mini-2024-07-18"))
		var onDelta func(string)
		if stream {
			onDelta = func(string) {}
		}
		res, err := p.Explain(context.Background(), provider.Request{Report: redact.Seal(testReport(), nil)}, onDelta)
		if err != nil || res.Model != "gpt-4o-mini-2024-07-18" || srv.Requests()[0].Model != "gpt-4o" {
			t.Fatalf("stream=%v: served model %q (asked %q), err %v", stream, res.Model, srv.Requests()[0].Model, err)
		}
	}
}

func TestEmptyAnswer(t *testing.T) {
	for _, stream := range []bool{false, true} {
		p, _ := newProvider(t, Config{}, fakeopenai.Reply(""))
		var onDelta func(string)
		if stream {
			onDelta = func(string) {}
		}
		_, err := p.Explain(context.Background(), provider.Request{Report: redact.Seal(testReport(), nil)}, onDelta)
		if !errors.Is(err, ErrEmptyAnswer) {
			t.Fatalf("stream=%v: want ErrEmptyAnswer, got %v", stream, err)
		}
	}
}

func TestConnectionRefused(t *testing.T) {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	addr := ln.Addr().String()
	ln.Close()
	client := &http.Client{Transport: &http.Transport{}}
	defer client.CloseIdleConnections()
	p, err := New(Config{BaseURL: "http://" + addr + "/v1", HTTPClient: client, RetryBackoff: time.Millisecond})
	if err != nil {
		t.Fatal(err)
	}
	_, err = p.Explain(context.Background(), provider.Request{Report: redact.Seal(testReport(), nil)}, nil)
	if err == nil || !strings.Contains(err.Error(), "connection refused") || !strings.Contains(err.Error(), addr) {
		if runtime.GOOS != "windows" {
			t.Fatalf("error = %v", err)
		}
	}
}

func TestBadInput(t *testing.T) {
	for _, base := range []string{"localhost:11434", "ftp://x/v1", "::"} {
		if _, err := New(Config{BaseURL: base}); err == nil || !strings.Contains(err.Error(), "base URL") {
			t.Errorf("base URL %q accepted (err %v)", base, err)
		}
	}
	if _, err := New(Config{MaxTokens: -1}); err == nil {
		t.Error("negative MaxTokens accepted")
	}
	p, err := New(Config{BaseURL: "http://127.0.0.1:1/v1"})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := p.Explain(context.Background(), provider.Request{}, nil); err == nil {
		t.Error("a nil report was accepted")
	}
	if _, err := p.Explain(context.Background(), provider.Request{Report: redact.Seal(&report.Report{}, nil)}, nil); err == nil || !strings.Contains(err.Error(), "empty") {
		t.Errorf("an empty prompt was accepted: %v", err)
	}
}

func TestMaxCompletionTokensForOpenAI(t *testing.T) {
	p, err := New(Config{MaxTokens: 321})
	if err != nil {
		t.Fatal(err)
	}
	params := p.params("s", "u")
	if !params.MaxCompletionTokens.Valid() || params.MaxTokens.Valid() || params.MaxCompletionTokens.Value != 321 {
		t.Fatalf("OpenAI's API should get max_completion_tokens only: %+v %+v", params.MaxCompletionTokens, params.MaxTokens)
	}
	if p.BaseURL() != DefaultBaseURL || p.Model() != DefaultModel || p.Name() != "openai" {
		t.Fatalf("defaults: %q %q %q", p.BaseURL(), p.Model(), p.Name())
	}
}

func TestCanceledByTheCaller(t *testing.T) {
	p, _ := newProvider(t, Config{}, fakeopenai.Stall())
	ctx, cancel := context.WithCancel(context.Background())
	time.AfterFunc(30*time.Millisecond, cancel)
	_, err := p.Explain(ctx, provider.Request{Report: redact.Seal(testReport(), nil)}, func(string) {})
	if !errors.Is(err, context.Canceled) || !strings.Contains(err.Error(), "canceled") {
		t.Fatalf("want a cancellation error, got %v", err)
	}
}
