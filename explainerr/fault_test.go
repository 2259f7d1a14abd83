package explainerr_test

import (
	"encoding/json"
	"html"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/explainerr/explainerr/explainerr"
	"github.com/explainerr/explainerr/explainerr/report"
	"github.com/explainerr/explainerr/internal/fakeopenai"
	"github.com/explainerr/explainerr/internal/leakcheck"
)

// faultTimeout is the explanation timeout of the fault tests, and
// faultMargin what a page may take beyond it: a hang detector, not a speed
// limit (the slow fake answers after 5s; CI runs these tests under -race
// on a busy machine).
const (
	faultTimeout = 300 * time.Millisecond
	faultMargin  = 3 * time.Second
)

// modelExplainer returns an Explainer whose provider is the OpenAI-compatible
// server at baseURL, reached through client.
func modelExplainer(t *testing.T, baseURL string, client *http.Client, opts ...explainerr.Option) *explainerr.Explainer {
	t.Helper()
	base := []explainerr.Option{
		explainerr.WithProviderName("openai"),
		explainerr.WithBaseURL(baseURL),
		explainerr.WithAPIKey("test"),
		explainerr.WithTimeout(faultTimeout),
		explainerr.WithHTTPClient(client),
	}
	return newExplainer(t, append(base, opts...)...)
}

// panicsWith panics with a message that says which case it is.
func panicsWith(msg string) http.Handler {
	return http.HandlerFunc(func(http.ResponseWriter, *http.Request) { panic(msg) })
}

// timed serves one request and returns the recorder and how long it took.
func timed(h http.Handler, accept string) (body string, code int, took time.Duration) {
	start := time.Now()
	rec := get(h, "GET", "/posts/1", accept)
	return rec.Body.String(), rec.Code, time.Since(start)
}

func TestModelFaultsThroughTheMiddleware(t *testing.T) {
	retryNow := func(a fakeopenai.Answer) fakeopenai.Answer { return a.WithHeader("Retry-After-Ms", "5") }
	repeat := func(n int, a fakeopenai.Answer) []fakeopenai.Answer {
		out := make([]fakeopenai.Answer, n)
		for i := range out {
			out[i] = a
		}
		return out
	}
	cases := []struct {
		name    string
		answers []fakeopenai.Answer
		closed  bool // the server is gone before the request: connection refused
		retries int
		// says is in explanation.error (and, escaped, in the page).
		says []string
		// maxCalls bounds the calls the server may receive per request.
		maxCalls int
		// partial: a streamed page gets some of the model's text before
		// the failure; it is kept, marked incomplete, instead of the
		// offline analysis.
		partial bool
	}{
		{name: "connection refused", closed: true, says: []string{"cannot reach the model server", "refused"}},
		{name: "429 storm", answers: repeat(20, retryNow(fakeopenai.Status(429, "slow down"))), retries: 2, says: []string{"429", "slow down", "after 3 attempts"}, maxCalls: 3},
		{name: "500s", answers: repeat(20, retryNow(fakeopenai.Status(500, "the model crashed"))), retries: 1, says: []string{"500", "the model crashed"}, maxCalls: 2},
		{name: "slower than the timeout", answers: []fakeopenai.Answer{fakeopenai.Reply("too late").WithDelay(5 * time.Second)}, retries: -1, says: []string{"timeout of 300ms"}, maxCalls: 1},
		{name: "stream stalls forever", answers: []fakeopenai.Answer{{Stall: true, Text: "It starts", StallAfter: 1}}, retries: -1, says: []string{"timeout of 300ms"}, maxCalls: 1, partial: true},
		{name: "malformed JSON", answers: []fakeopenai.Answer{fakeopenai.Malformed()}, retries: -1, says: []string{"not valid JSON"}, maxCalls: 1, partial: true},
		{name: "enormous reply", answers: []fakeopenai.Answer{fakeopenai.Huge(8 << 20)}, retries: -1, maxCalls: 1},
	}
	for _, c := range cases {
		for _, accept := range []string{"text/html", "application/json"} {
			t.Run(c.name+"/"+accept, func(t *testing.T) {
				defer leakcheck.VerifyNone(t, leakcheck.IgnoreCurrent())
				fake := fakeopenai.New(c.answers...)
				defer fake.Close()
				if c.closed {
					fake.Close()
				}
				ex := modelExplainer(t, fake.URL, fake.Client(), explainerr.WithMaxRetries(c.retries))
				h := ex.Middleware(panicsWith("fault case: " + c.name))

				body, code, took := timed(h, accept)
				if code != 500 {
					t.Fatalf("status %d", code)
				}
				if took > faultTimeout+faultMargin {
					t.Errorf("the response took %s, want at most the timeout %s plus %s", took, faultTimeout, faultMargin)
				}
				if c.maxCalls > 0 && fake.Calls() > c.maxCalls {
					t.Errorf("the model server got %d calls, want at most %d", fake.Calls(), c.maxCalls)
				}

				var ex2 report.Explanation
				if accept == "application/json" {
					rep := decodeJSON(t, body)
					if rep.Error.Message != "fault case: "+c.name {
						t.Errorf("error = %+v", rep.Error)
					}
					ex2 = rep.Explanation
				} else {
					if !strings.HasSuffix(strings.TrimSpace(body), "</html>") || !strings.Contains(body, "fault case: "+html.EscapeString(c.name)) {
						t.Fatalf("incomplete page:\n%.2000s", body)
					}
					if len(body) > 2<<20 {
						t.Errorf("page of %d bytes", len(body))
					}
				}

				if c.name == "enormous reply" {
					// Either the answer is refused as too large (an error) or
					// it is cut and flagged; never kept whole.
					if accept == "application/json" {
						if ex2.Error == "" && !ex2.Truncated {
							t.Errorf("an 8 MB answer was neither refused nor cut: %d bytes of text", len(ex2.Text))
						}
						if len(ex2.Text) > 1<<20 {
							t.Errorf("kept %d bytes of the answer", len(ex2.Text))
						}
					}
					return
				}
				if accept == "application/json" {
					for _, s := range c.says {
						if !strings.Contains(ex2.Error, s) {
							t.Errorf("explanation.error %q does not say %q", ex2.Error, s)
						}
					}
					// No answer came: the offline analysis stands in, saying why.
					checkFallback(t, ex2, c.says...)
					return
				}
				area := body[strings.LastIndex(body, `class="final"`):]
				if c.partial {
					// The model's first words arrived: they stay, marked incomplete.
					if !strings.Contains(area, "The model could not explain this failure") {
						t.Errorf("the explanation area does not report the failure:\n%s", tail(body, 3000))
					}
				} else if fallbackOnPage(t, area) == "" {
					t.Errorf("the explanation area does not show the offline analysis with why:\n%s", tail(body, 3000))
				}
				for _, s := range c.says {
					if !strings.Contains(html.UnescapeString(area), s) {
						t.Errorf("the explanation area does not say %q:\n%s", s, area)
					}
				}
			})
		}
	}
}

// TestModelFaultThenRecovery checks that a failed explanation is not cached:
// after the model server failed once, the same failure is explained when it
// works again.
func TestModelFaultThenRecovery(t *testing.T) {
	defer leakcheck.VerifyNone(t, leakcheck.IgnoreCurrent())
	fake := fakeopenai.New(fakeopenai.Status(500, "down for a moment"), fakeopenai.Reply("The map was never made."))
	defer fake.Close()
	ex := modelExplainer(t, fake.URL, fake.Client(), explainerr.WithMaxRetries(-1))
	h := ex.Middleware(panicsWith("assignment to entry in nil map"))

	first := decodeJSON(t, get(h, "GET", "/", "application/json").Body.String())
	if !strings.Contains(first.Explanation.Error, "down for a moment") {
		t.Fatalf("first explanation = %+v", first.Explanation)
	}
	second := decodeJSON(t, get(h, "GET", "/", "application/json").Body.String())
	if second.Explanation.Error != "" || second.Explanation.Text != "The map was never made." || second.Explanation.Cached {
		t.Errorf("second explanation = %+v", second.Explanation)
	}
	if fake.Calls() != 2 {
		t.Errorf("%d calls, want 2", fake.Calls())
	}
}

func decodeJSON(t *testing.T, body string) report.Report {
	t.Helper()
	var rep report.Report
	if err := jsonUnmarshal(body, &rep); err != nil {
		t.Fatalf("decoding the JSON report: %v\n%.2000s", err, body)
	}
	return rep
}

func tail(s string, n int) string {
	if len(s) > n {
		return s[len(s)-n:]
	}
	return s
}

func jsonUnmarshal(s string, v any) error { return json.Unmarshal([]byte(s), v) }
