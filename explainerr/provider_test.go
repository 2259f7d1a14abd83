package explainerr_test

import (
	"html"
	"net/http"
	"net/http/httptest"
	"net/url"
	"strings"
	"testing"
	"time"

	"github.com/explainerr/explainerr/explainerr"
	"github.com/explainerr/explainerr/explainerr/report"
	"github.com/explainerr/explainerr/internal/fakeopenai"
	"github.com/explainerr/explainerr/internal/leakcheck"
	"github.com/explainerr/explainerr/internal/reporttest"
)

// modelName is the model every explainer of these tests asks for.
const modelName = "gpt-4o-mini"

// newModelExplainer returns an Explainer whose openai provider talks to
// fake, configured through options only (the environment is cleared).
func newModelExplainer(t *testing.T, fake *fakeopenai.Server, opts ...explainerr.Option) *explainerr.Explainer {
	t.Helper()
	base := []explainerr.Option{
		explainerr.WithBaseURL(fake.URL),
		explainerr.WithAPIKey("k"),
		explainerr.WithModel(modelName),
		explainerr.WithTimeout(5 * time.Second),
		explainerr.WithMaxRetries(1),
		explainerr.WithRAG(false),
	}
	ex := newExplainer(t, append(base, opts...)...)
	if got := ex.Provider().Name(); got != "openai" {
		t.Fatalf("provider = %q, want openai", got)
	}
	return ex
}

// modelCallSite panics with a nil map write; it is the failure every
// scripted answer below is asked to explain.
func modelCallSite(w http.ResponseWriter, r *http.Request) {
	var counts map[string]int
	counts[r.URL.Path]++ // assignment to entry in nil map
}

// promptOnPage returns the system and user messages the page shows in its
// prompt section (html/template escapes them; the parser drops the newline
// written right after <pre>).
func promptOnPage(t *testing.T, page string) report.Prompt {
	t.Helper()
	section := func(id string) string {
		start := `<pre id="` + id + `">` + "\n"
		i := strings.Index(page, start)
		if i < 0 {
			t.Fatalf("page has no %s block", id)
		}
		rest := page[i+len(start):]
		j := strings.Index(rest, "</pre>")
		if j < 0 {
			t.Fatalf("%s block is not closed", id)
		}
		return html.UnescapeString(rest[:j])
	}
	return report.Prompt{System: section("prompt-system"), User: section("prompt-user")}
}

// checkSent asserts that every chat call fake received asked for the model
// with the given stream flag and carried exactly want as its two messages.
func checkSent(t *testing.T, fake *fakeopenai.Server, want report.Prompt, stream bool, calls int) {
	t.Helper()
	reqs := fake.Requests()
	if len(reqs) != calls {
		t.Fatalf("the fake model got %d calls, want %d", len(reqs), calls)
	}
	for _, req := range reqs {
		if req.DecodeError != "" || req.Path != "/v1/chat/completions" {
			t.Errorf("call %d: %s %s: %s", req.Call, req.Method, req.Path, req.DecodeError)
		}
		if req.Model != modelName || req.Stream != stream {
			t.Errorf("call %d: model %q stream %v, want %q stream %v", req.Call, req.Model, req.Stream, modelName, stream)
		}
		if len(req.Messages) != 2 || req.Messages[0].Role != "system" || req.Messages[1].Role != "user" {
			t.Fatalf("call %d: messages %+v, want a system and a user message", req.Call, req.Messages)
		}
		if req.Messages[0].Content != want.System {
			t.Errorf("call %d: system message differs from the report's prompt.system:\nsent: %q\nreport: %q", req.Call, req.Messages[0].Content, want.System)
		}
		if req.Messages[1].Content != want.User {
			t.Errorf("call %d: user message differs from the report's prompt.user:\nsent: %q\nreport: %q", req.Call, req.Messages[1].Content, want.User)
		}
		if got := req.Header.Get("Authorization"); got != "Bearer k" {
			t.Errorf("call %d: Authorization %q", req.Call, got)
		}
	}
}

// modelCase is one scripted behaviour of the model server and what the
// explanation must say about it.
type modelCase struct {
	name    string
	answers []fakeopenai.Answer
	opts    []explainerr.Option
	// calls is how many calls the fake must receive, per format.
	calls int
	// text is what the explanation's text must equal ("" for none) for the
	// JSON report, and contain on the page.
	text string
	// streamedText is the text expected on a streamed page when it differs
	// from text (a stream that broke after some pieces); nil means text.
	streamedText *string
	// errHas lists what the explanation's error must contain ("" none).
	errHas []string
	// within bounds how long the whole response may take.
	within time.Duration
}

func textPtr(s string) *string { return &s }

const modelPlainAnswer = "The handler writes to `counts`, a **nil map**: make it with `make(map[string]int)` first."

func modelCases() []modelCase {
	streamed := "Writing to a nil map panics. Initialise `counts` with make before the increment in modelCallSite."
	cut := "The map counts is nil, and writing to it panics; the fix is to make the map"
	retryFast := func(a fakeopenai.Answer) fakeopenai.Answer { return a.WithHeader("Retry-After-Ms", "10") }
	return []modelCase{
		{
			name: "plain answer", answers: []fakeopenai.Answer{fakeopenai.Reply(modelPlainAnswer)},
			calls: 1, text: modelPlainAnswer, within: 3 * time.Second,
		},
		{
			name:    "streamed answer",
			answers: []fakeopenai.Answer{fakeopenai.Reply(streamed).WithPieces(6, 20*time.Millisecond)},
			calls:   1, text: streamed, within: 3 * time.Second,
		},
		{
			name:    "429 then success",
			answers: []fakeopenai.Answer{retryFast(fakeopenai.Status(429, "slow down")), fakeopenai.Reply(modelPlainAnswer)},
			calls:   2, text: modelPlainAnswer, within: 3 * time.Second,
		},
		{
			name: "500s past the retry budget",
			answers: []fakeopenai.Answer{
				retryFast(fakeopenai.Status(500, "the model is on fire")),
				retryFast(fakeopenai.Status(500, "the model is on fire")),
				fakeopenai.Reply("a third call must never be made"),
			},
			calls: 2, errHas: []string{"500", "the model is on fire", "after 2 attempts"}, within: 3 * time.Second,
		},
		{
			name:    "reply slower than the timeout",
			answers: []fakeopenai.Answer{fakeopenai.Reply("too late").WithDelay(10 * time.Second)},
			opts:    []explainerr.Option{explainerr.WithTimeout(300 * time.Millisecond)},
			calls:   1, errHas: []string{"timeout of 300ms"}, within: 2 * time.Second,
		},
		{
			name:    "malformed JSON",
			answers: []fakeopenai.Answer{fakeopenai.Malformed()},
			// A stream gets the first of the fake's three pieces, then a
			// broken event; a plain answer is broken JSON throughout.
			calls: 1, streamedText: textPtr("The ans"), errHas: []string{"not valid JSON"}, within: 3 * time.Second,
		},
		{
			name:    "stream cut off midway",
			answers: []fakeopenai.Answer{fakeopenai.Cut(cut, 2).WithPieces(4, 0)},
			// A stream gets two of the four pieces, then the connection
			// drops; a plain answer is cut in the middle of its JSON body.
			calls: 1, streamedText: textPtr("The map counts is nil, and writing t"), errHas: []string{"cut off"}, within: 3 * time.Second,
		},
	}
}

// TestModelAnswersThroughTheMiddleware runs every scripted behaviour of the
// model server through the middleware, for a browser (HTML, streamed) and
// for a script (JSON, one plain call).
func TestModelAnswersThroughTheMiddleware(t *testing.T) {
	for _, tc := range modelCases() {
		t.Run(tc.name+"/json", func(t *testing.T) {
			defer leakcheck.VerifyNone(t, leakcheck.IgnoreCurrent())
			fake := fakeopenai.New(tc.answers...)
			defer fake.Close()
			h := newModelExplainer(t, fake, tc.opts...).Middleware(http.HandlerFunc(modelCallSite))

			start := time.Now()
			rec := get(h, "GET", "/counts/7", "application/json")
			if took := time.Since(start); took > tc.within {
				t.Errorf("the report took %s, want at most %s", took, tc.within)
			}
			if rec.Code != http.StatusInternalServerError {
				t.Fatalf("status %d, want 500", rec.Code)
			}
			rep := decodeReport(t, rec)
			if f := rep.InnermostApp(); f == nil || !strings.HasSuffix(f.Function, ".modelCallSite") {
				t.Errorf("innermost app frame %+v, want modelCallSite", f)
			}
			ex := rep.Explanation
			if len(tc.errHas) > 0 {
				// A failed call leaves no text: the offline analysis stands in.
				checkFallback(t, ex, tc.errHas...)
			} else if ex.Provider != "openai" || ex.Model != modelName || ex.Cached || ex.Throttled {
				t.Errorf("explanation %+v", ex)
			}
			checkExplanation(t, ex.Text, ex.Error, tc.text, tc.errHas)
			if tc.text != "" && (ex.Usage == nil || ex.Usage.PromptTokens == 0) {
				t.Errorf("usage %+v, want the fake's token counts", ex.Usage)
			}
			checkSent(t, fake, rep.Prompt, false, tc.calls)
		})

		t.Run(tc.name+"/html", func(t *testing.T) {
			defer leakcheck.VerifyNone(t, leakcheck.IgnoreCurrent())
			fake := fakeopenai.New(tc.answers...)
			defer fake.Close()
			h := newModelExplainer(t, fake, tc.opts...).Middleware(http.HandlerFunc(modelCallSite))

			start := time.Now()
			rec := get(h, "GET", "/counts/7", "text/html")
			if took := time.Since(start); took > tc.within {
				t.Errorf("the page took %s, want at most %s", took, tc.within)
			}
			if rec.Code != http.StatusInternalServerError {
				t.Fatalf("status %d, want 500", rec.Code)
			}
			page := rec.Body.String()
			for _, want := range []string{`id="trace"`, "modelCallSite", "assignment to entry in nil map", `<div class="final">`, "</html>"} {
				if !strings.Contains(page, want) {
					t.Errorf("page lacks %q", want)
				}
			}
			final := page[strings.Index(page, `<div class="final">`):]
			// A stream that broke after some text keeps the model's partial
			// answer; one that produced none shows the offline analysis.
			fallback := len(tc.errHas) > 0 && tc.streamedText == nil
			if fallback {
				label := fallbackOnPage(t, final)
				for _, want := range append([]string{"The model call to " + modelName + " failed"}, tc.errHas...) {
					if !strings.Contains(label, want) {
						t.Errorf("the fallback label %q lacks %q", label, want)
					}
				}
			} else if !strings.Contains(final, "Explained by "+modelName) {
				t.Errorf("the explanation block does not name the model:\n%s", final)
			}
			text := tc.text
			if tc.streamedText != nil {
				text = *tc.streamedText
			}
			// The streamed block holds the text as it arrived, escaped.
			streamed := reporttest.Between(page, `<div class="stream-text">`, `</div></div>`)
			if html.UnescapeString(streamed) != text {
				t.Errorf("streamed text %q, want %q", html.UnescapeString(streamed), text)
			}
			if len(tc.errHas) == 0 {
				if strings.Contains(final, "ex-error") {
					t.Errorf("the page shows an error for a good answer:\n%s", final)
				}
				if !strings.Contains(final, "<strong>") && strings.Contains(text, "**") {
					t.Errorf("the answer's Markdown is not rendered:\n%s", final)
				}
			} else if !fallback {
				errBlock := reporttest.Between(final, `<div class="ex-error" role="alert">`, "</div>")
				if errBlock == "" {
					t.Fatalf("the page does not say the model failed:\n%s", final)
				}
				errHas := tc.errHas
				if tc.streamedText != nil {
					errHas = append(errHas, "the answer above is incomplete")
				}
				for _, want := range errHas {
					if !strings.Contains(html.UnescapeString(errBlock), want) {
						t.Errorf("the error on the page %q lacks %q", errBlock, want)
					}
				}
			}
			checkSent(t, fake, promptOnPage(t, page), true, tc.calls)
		})
	}
}

// checkExplanation asserts on the text and error of a JSON explanation.
func checkExplanation(t *testing.T, text, errText, wantText string, errHas []string) {
	t.Helper()
	if len(errHas) == 0 {
		if errText != "" || text != wantText {
			t.Errorf("explanation text %q error %q, want text %q and no error", text, errText, wantText)
		}
		return
	}
	if errText == "" {
		t.Fatalf("the explanation has no error (text %q)", text)
	}
	for _, want := range errHas {
		if !strings.Contains(errText, want) {
			t.Errorf("explanation error %q lacks %q", errText, want)
		}
	}
}

// plantedConn is a connection that is never opened.
type plantedConn struct{ dsn, client string }

// dialWithPlantedSecrets fails on a line that holds secret-looking
// literals: a DSN with a password and an API key.
func dialWithPlantedSecrets(conn *plantedConn) {
	conn.dsn, conn.client = "postgres://blog:srcdsnpw-1q3w5e7r@db.internal/blog", "sk-proj-srcsecret8g6h4j2k0000" // conn is nil
}

func TestSecretsNeverReachTheModel(t *testing.T) {
	defer leakcheck.VerifyNone(t, leakcheck.IgnoreCurrent())
	fake := fakeopenai.New()
	defer fake.Close()
	fake.Handle(func(fakeopenai.Request) fakeopenai.Answer { return fakeopenai.Reply(modelPlainAnswer) })
	ex := newModelExplainer(t, fake, explainerr.WithCacheSize(-1))

	handlers := map[string]http.HandlerFunc{
		"panic message": func(w http.ResponseWriter, r *http.Request) {
			r.ParseForm()
			panic("login failed with api_key=" + modelPanicSecret + " via postgres://blog:" + modelDSNSecret + "@db/blog")
		},
		"source line": func(w http.ResponseWriter, r *http.Request) {
			r.ParseForm()
			dialWithPlantedSecrets(nil)
		},
	}
	secrets := []string{modelHeaderSecret, modelBearerSecret, modelCookieSecret, modelQuerySecret,
		modelFormSecret, modelPanicSecret, modelDSNSecret, modelSourceSecret, modelSourceDSN}
	calls := 0
	for name, handler := range handlers {
		h := ex.Middleware(handler)
		for _, accept := range []string{"text/html", "application/json"} {
			form := url.Values{"password": {modelFormSecret}, "title": {"hello"}}
			req := httptest.NewRequest("POST", "/login?access_token="+modelQuerySecret+"&page=1", strings.NewReader(form.Encode()))
			req.RemoteAddr = "127.0.0.1:4321"
			req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
			req.Header.Set("Accept", accept)
			req.Header.Set("Authorization", "Bearer "+modelBearerSecret)
			req.Header.Set("X-Api-Key", modelHeaderSecret)
			req.AddCookie(&http.Cookie{Name: "session", Value: modelCookieSecret})
			rec := httptest.NewRecorder()
			h.ServeHTTP(rec, req)
			calls++
			if rec.Code != http.StatusInternalServerError || fake.Calls() != calls {
				t.Fatalf("%s, %s: status %d, %d model calls, want 500 and %d", name, accept, rec.Code, fake.Calls(), calls)
			}
			if !strings.Contains(rec.Body.String(), "The handler writes to") {
				t.Errorf("%s, %s: the model's answer is missing: the test would prove nothing", name, accept)
			}
		}
	}

	// The calls carried the request and the failing line, with the secrets
	// masked: what was sent is real, only the secrets are missing.
	for _, want := range []string{"/login", "page", "title", "hello", "dialWithPlantedSecrets", "conn.dsn, conn.client", "postgres://blog:", "login failed with"} {
		if !fake.Received(want) {
			t.Errorf("the model never received %q", want)
		}
	}
	masked := map[string]bool{}
	for _, req := range fake.Requests() {
		user, _ := req.Message("user")
		for _, want := range []string{`conn.dsn, conn.client = "postgres://blog:[REDACTED]@db.internal/blog", "[REDACTED]"`, "api_key=[REDACTED]", "postgres://blog:[REDACTED]@db/blog", "access_token=[REDACTED]"} {
			if strings.Contains(user, want) {
				masked[want] = true
			}
		}
	}
	if len(masked) != 4 {
		t.Errorf("the model did not get the planted places masked, only %v", masked)
	}
	for _, s := range secrets {
		if fake.Received(s) {
			t.Errorf("secret %q reached the model server", s)
		}
	}
	for _, req := range fake.Requests() {
		raw := strings.ToLower(string(req.Body))
		for _, s := range secrets {
			if strings.Contains(raw, strings.ToLower(s)) {
				t.Errorf("call %d: body holds secret %q (any case)", req.Call, s)
			}
		}
	}
}

// Secrets planted in every part of a failing request and in the failing
// source; none may reach the model server.
const (
	modelHeaderSecret = "hdrsecret-4f8a1c9e2d"
	modelBearerSecret = "bearersecret-7c2e9a1f"
	modelCookieSecret = "cookiesecret-3b6d8f0a"
	modelQuerySecret  = "querysecret-9e1c5a7b"
	modelFormSecret   = "formsecret-2a4c6e8f"
	modelPanicSecret  = "sk-live-panicsecret0a1b2c3d4e"
	modelDSNSecret    = "dsnsecret-5d7f9b1c"
	modelSourceSecret = "srcsecret8g6h4j2k"
	modelSourceDSN    = "srcdsnpw-1q3w5e7r"
)
