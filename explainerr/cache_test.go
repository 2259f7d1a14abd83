package explainerr_test

import (
	"encoding/json"
	"net/http"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/explainerr/explainerr/explainerr"
	"github.com/explainerr/explainerr/internal/fakeopenai"
	"github.com/explainerr/explainerr/internal/leakcheck"
	"github.com/explainerr/explainerr/internal/reporttest"
)

// cachedFailure panics the same way on every request.
func cachedFailure(w http.ResponseWriter, r *http.Request) {
	var tags []string
	_ = tags[len(r.URL.Path)] // index out of range
}

func TestSameFailureIsExplainedOnce(t *testing.T) {
	defer leakcheck.VerifyNone(t, leakcheck.IgnoreCurrent())
	fake := fakeopenai.New()
	defer fake.Close()
	fake.Handle(func(fakeopenai.Request) fakeopenai.Answer {
		return fakeopenai.Reply("The slice `tags` is empty; check its length before indexing.").WithPieces(3, 5*time.Millisecond)
	})
	h := newModelExplainer(t, fake).Middleware(http.HandlerFunc(cachedFailure))

	first := decodeReport(t, get(h, "GET", "/tags/1", "application/json"))
	if first.Explanation.Error != "" || first.Explanation.Cached || first.Explanation.Usage == nil {
		t.Fatalf("first explanation %+v, want a fresh, paid answer", first.Explanation)
	}
	second := decodeReport(t, get(h, "GET", "/tags/2", "application/json"))
	if fake.Calls() != 1 {
		t.Fatalf("the same failure twice made %d model calls, want 1", fake.Calls())
	}
	ex := second.Explanation
	if !ex.Cached || ex.Text != first.Explanation.Text || ex.Error != "" || ex.Usage != nil || ex.CostUSD != 0 {
		t.Errorf("second explanation %+v, want the first one's text marked cached and free", ex)
	}
	if second.Fingerprint != first.Fingerprint {
		t.Errorf("fingerprints differ: %s and %s", first.Fingerprint, second.Fingerprint)
	}

	// A browser asking about the same bug gets the cached answer, marked.
	page := get(h, "GET", "/tags/3", "text/html").Body.String()
	final := reporttest.Between(page, `<div class="final">`, "</section>")
	if !strings.Contains(final, `<span class="tag">cached</span>`) || !strings.Contains(final, "<code>tags</code> is empty") {
		t.Errorf("the page does not show the cached answer:\n%s", final)
	}
	if fake.Calls() != 1 {
		t.Errorf("the page made a model call; %d calls in all, want 1", fake.Calls())
	}
}

func TestFailedExplanationsAreNotCached(t *testing.T) {
	defer leakcheck.VerifyNone(t, leakcheck.IgnoreCurrent())
	fake := fakeopenai.New(fakeopenai.Status(400, "bad request"), fakeopenai.Reply("Now it works."))
	defer fake.Close()
	h := newModelExplainer(t, fake).Middleware(http.HandlerFunc(cachedFailure))

	first := decodeReport(t, get(h, "GET", "/tags/1", "application/json"))
	second := decodeReport(t, get(h, "GET", "/tags/1", "application/json"))
	if first.Explanation.Error == "" || second.Explanation.Text != "Now it works." || second.Explanation.Cached {
		t.Errorf("explanations %+v then %+v, want a failure then a fresh answer", first.Explanation, second.Explanation)
	}
	if fake.Calls() != 2 {
		t.Errorf("%d model calls, want 2", fake.Calls())
	}
}

func TestConcurrentIdenticalFailuresShareOneCall(t *testing.T) {
	defer leakcheck.VerifyNone(t, leakcheck.IgnoreCurrent())
	const clients = 8
	const answer = "One call explains them all: `tags` is empty."
	fake := fakeopenai.New()
	defer fake.Close()
	fake.Handle(func(fakeopenai.Request) fakeopenai.Answer {
		return fakeopenai.Reply(answer).WithDelay(300*time.Millisecond).WithPieces(4, 20*time.Millisecond)
	})
	h := newModelExplainer(t, fake).Middleware(http.HandlerFunc(cachedFailure))

	var wg sync.WaitGroup
	ready := make(chan struct{})
	bodies := make([]string, clients)
	codes := make([]int, clients)
	for i := range clients {
		wg.Add(1)
		go func() {
			defer wg.Done()
			accept := "application/json"
			if i%2 == 1 {
				accept = "text/html"
			}
			<-ready
			rec := get(h, "GET", "/tags/9", accept)
			codes[i], bodies[i] = rec.Code, rec.Body.String()
		}()
	}
	close(ready)
	wg.Wait()

	if fake.Calls() != 1 {
		t.Fatalf("%d concurrent identical failures made %d model calls, want 1", clients, fake.Calls())
	}
	paid := 0
	for i := range clients {
		if codes[i] != http.StatusInternalServerError {
			t.Errorf("client %d: status %d", i, codes[i])
		}
		if i%2 == 1 {
			if !strings.Contains(bodies[i], "One call explains them all") || !strings.Contains(bodies[i], `<div class="final">`) {
				t.Errorf("client %d: the page lacks the shared answer", i)
			}
			continue
		}
		rep := decodeReportString(t, bodies[i])
		if rep.Explanation.Text != answer || rep.Explanation.Error != "" {
			t.Errorf("client %d: explanation %+v", i, rep.Explanation)
		}
		if rep.Explanation.Usage != nil {
			paid++
		}
	}
	if paid > 1 {
		t.Errorf("%d JSON clients were charged for the one call", paid)
	}
}

// Three distinct failures, each on its own line.
func throttledFailureA(w http.ResponseWriter, r *http.Request) { panic("first distinct failure") }
func throttledFailureB(w http.ResponseWriter, r *http.Request) { panic("second distinct failure") }
func throttledFailureC(w http.ResponseWriter, r *http.Request) { panic("third distinct failure") }

func TestThrottleStopsModelCalls(t *testing.T) {
	defer leakcheck.VerifyNone(t, leakcheck.IgnoreCurrent())
	fake := fakeopenai.New()
	defer fake.Close()
	fake.Handle(func(req fakeopenai.Request) fakeopenai.Answer {
		return fakeopenai.Reply("Explained.")
	})
	ex := newModelExplainer(t, fake, explainerr.WithThrottle(2, time.Minute))

	a := decodeReport(t, get(ex.Middleware(http.HandlerFunc(throttledFailureA)), "GET", "/a", "application/json"))
	b := decodeReport(t, get(ex.Middleware(http.HandlerFunc(throttledFailureB)), "GET", "/b", "application/json"))
	if a.Fingerprint == b.Fingerprint {
		t.Fatal("the failures share a fingerprint: the test would measure the cache")
	}
	for _, rep := range []explainerr.Report{a, b} {
		if rep.Explanation.Text != "Explained." || rep.Explanation.Throttled {
			t.Errorf("explanation within the limit: %+v", rep.Explanation)
		}
	}

	c := decodeReport(t, get(ex.Middleware(http.HandlerFunc(throttledFailureC)), "GET", "/c", "application/json"))
	if fake.Calls() != 2 {
		t.Fatalf("%d model calls with a throttle of 2 per minute, want 2", fake.Calls())
	}
	if !c.Explanation.Throttled || !strings.Contains(c.Explanation.Error, "limit of 2 model calls") {
		t.Errorf("third explanation %+v, want throttled with a note", c.Explanation)
	}
	checkFallback(t, c.Explanation, "was not called: the limit of 2 model calls per 1m0s was reached")
	if c.Prompt.User == "" || !strings.Contains(c.Prompt.User, "third distinct failure") {
		t.Errorf("a throttled report still shows the prompt it would send; got %q", c.Prompt.User)
	}

	rec := get(ex.Middleware(http.HandlerFunc(throttledFailureC)), "GET", "/c", "text/html")
	page := rec.Body.String()
	final := reporttest.Between(page, `<div class="final">`, "</section>")
	if rec.Code != http.StatusInternalServerError || !strings.Contains(page, `id="trace"`) {
		t.Fatalf("throttled page: status %d, trace shown %v", rec.Code, strings.Contains(page, `id="trace"`))
	}
	if !strings.Contains(final, `<span class="tag">throttled</span>`) || !strings.Contains(fallbackOnPage(t, final), "limit of 2 model calls per 1m0s") {
		t.Errorf("the page does not say the explanation was throttled:\n%s", final)
	}
	if fake.Calls() != 2 {
		t.Errorf("the throttled page made a model call: %d calls", fake.Calls())
	}

	// Cached answers are free: the first failure again is still explained.
	again := decodeReport(t, get(ex.Middleware(http.HandlerFunc(throttledFailureA)), "GET", "/a", "application/json"))
	if !again.Explanation.Cached || again.Explanation.Throttled || fake.Calls() != 2 {
		t.Errorf("a cached failure under the throttle: %+v after %d calls", again.Explanation, fake.Calls())
	}
}

// decodeReportString decodes a JSON report from a response body.
func decodeReportString(t *testing.T, body string) explainerr.Report {
	t.Helper()
	var rep explainerr.Report
	if err := json.Unmarshal([]byte(body), &rep); err != nil {
		t.Fatalf("decoding the JSON report: %v\n%s", err, body)
	}
	return rep
}
