package browser_test

import (
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"github.com/explainerr/explainerr/blogapp/app"
	"github.com/explainerr/explainerr/explainerr"
	"github.com/explainerr/explainerr/internal/fakeopenai"
)

// followUpAnswer is the fake model's answer to the follow-up question.
const followUpAnswer = "Make it where the handler starts:\n\n" +
	"```go\ncounts := make(map[string]int)\n```\n\n" +
	"A **nil map** can be read but never written."

// followUpQuestion is what the developer asks about GET /stats.
const followUpQuestion = "Why can I read from the nil map but not write to it?"

// Questions the fake model fails to answer: with an error status, with a
// stream that breaks off, and with a stream that stalls (the test then
// drops the page's connection).
const (
	failingQuestion = "Does the model answer this one?"
	cutQuestion     = "And is this answer whole?"
	droppedQuestion = "Will the connection hold?"
)

// blogFailures are requests that fail in the blog, each in its own way
// (GET /stats twice), and historyRows the paths the history lists for them,
// newest first.
var (
	blogFailures = []string{"/stats", "/featured", "/archive?page=9", "/authors/nobody", "/stats"}
	historyRows  = []string{"/stats", "/authors/nobody", "/archive", "/featured"}
)

// newAskingExplainer is newExplainer with room in the throttle for the
// explanations and the follow-up questions of one test.
func newAskingExplainer(t *testing.T, fake *fakeopenai.Server) *explainerr.Explainer {
	t.Helper()
	return newExplainer(t, fake, explainerr.WithMaxRetries(-1), explainerr.WithThrottle(20, time.Minute))
}

// TestHistoryAndFollowUpInChromium makes the blog fail a few ways, opens
// the failure history in Chromium, clicks through to the report of one
// failure and asks the model a follow-up question there, which streams in
// and stays with the report.
func TestHistoryAndFollowUpInChromium(t *testing.T) {
	browserCtx := startBrowser(t)
	fake := fakeopenai.New()
	fake.Handle(func(req fakeopenai.Request) fakeopenai.Answer {
		system, _ := req.Message("system")
		user, _ := req.Message("user")
		switch question := strings.TrimSpace(user); {
		case !strings.Contains(system, "follow-up question"):
			return fakeopenai.Reply(blogAnswer)
		case strings.HasSuffix(question, failingQuestion):
			return fakeopenai.Status(401, "invalid api key")
		case strings.HasSuffix(question, cutQuestion):
			return fakeopenai.Cut("The map is declared but never made, so", 2)
		case strings.HasSuffix(question, droppedQuestion):
			return fakeopenai.Answer{Text: "The first half arrives, the second never does.", Stall: true, StallAfter: 1, Pieces: 2}
		}
		return fakeopenai.Reply(followUpAnswer).WithPieces(6, 250*time.Millisecond)
	})
	db, err := app.OpenDB("")
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { db.Close() })
	srv := httptest.NewServer(blogHandler(db, newAskingExplainer(t, fake)))
	t.Cleanup(srv.Close)
	t.Cleanup(fake.Close)

	for _, path := range blogFailures {
		req, _ := http.NewRequest(http.MethodGet, srv.URL+path, nil)
		req.Header.Set("Accept", "application/json")
		res, err := srv.Client().Do(req)
		if err != nil {
			t.Fatal(err)
		}
		io.Copy(io.Discard, res.Body)
		res.Body.Close()
		if res.StatusCode < 500 || res.Header.Get("X-Explainerr-Report") == "" {
			t.Fatalf("GET %s: status %d, report %q: want a failure with a report", path, res.StatusCode, res.Header.Get("X-Explainerr-Report"))
		}
	}
	explanations := fake.Calls()

	tab := newTab(t, browserCtx, 60*time.Second)
	dialogs := watchDialogs(tab)

	t.Run("the history lists every failure", func(t *testing.T) {
		if err := chromedp.Do(tab, chromedp.Navigate(srv.URL+"/_explainerr/")); err != nil {
			t.Fatalf("opening the history: %v", err)
		}
		rows, err := chromedp.Run(tab, chromedp.Evaluate[[]string](
			`[...document.querySelectorAll('tr.failure')].map(r => r.querySelector('code').textContent + ' ×' + r.querySelector('.count').textContent)`))
		if err != nil {
			t.Fatal(err)
		}
		want := make([]string, len(historyRows))
		for i, path := range historyRows {
			want[i] = path + " ×1"
		}
		want[0] = historyRows[0] + " ×2"
		if strings.Join(rows, ", ") != strings.Join(want, ", ") {
			t.Fatalf("the history lists %q, want %q", rows, want)
		}
		saveScreenshot(t, tab, "history.png")
	})

	t.Run("a click opens the report", func(t *testing.T) {
		link := `//tr[contains(@class, "failure")][.//code[text()="/stats"]]//td[contains(@class, "msg")]/a`
		if err := chromedp.Do(tab, chromedp.Click(chromedp.Search(link))); err != nil {
			t.Fatalf("clicking the /stats failure: %v", err)
		}
		// The old document may answer the first polls, or none while the
		// new one loads.
		var opened bool
		for deadline := time.Now().Add(10 * time.Second); !opened && time.Now().Before(deadline); time.Sleep(40 * time.Millisecond) {
			opened, _ = chromedp.Run(tab, chromedp.Evaluate[bool](
				`location.pathname.startsWith('/_explainerr/reports/') && !!document.querySelector('.final .md') && document.readyState === 'complete'`))
		}
		if !opened {
			t.Fatal("the report page did not open")
		}
		type reportState struct {
			URL         string `json:"url"`
			Explanation string `json:"explanation"`
			BoxShown    bool   `json:"boxShown"`
		}
		st, err := chromedp.Run(tab, chromedp.Evaluate[reportState](`(() => {
			const form = document.querySelector('form.ask');
			return {
				url: document.querySelector('.req .url').textContent,
				explanation: document.querySelector('.final .md').textContent,
				boxShown: !!form && form.checkVisibility() && document.querySelector('#ask-question').checkVisibility(),
			};
		})()`))
		if err != nil {
			t.Fatal(err)
		}
		if st.URL != "/stats" || !strings.Contains(st.Explanation, "increments a counter in a nil map") || !st.BoxShown {
			t.Fatalf("the report page shows %+v: want the /stats failure, its explanation and the question box", st)
		}
	})

	t.Run("a follow-up streams in and stays", func(t *testing.T) {
		if err := chromedp.Do(tab,
			chromedp.SendKeys(chromedp.CSS("#ask-question"), followUpQuestion),
			chromedp.Click(chromedp.CSS("form.ask button[type=submit]")),
		); err != nil {
			t.Fatalf("asking: %v", err)
		}
		type askState struct {
			Streamed string `json:"streamed"`
			Rendered string `json:"rendered"`
			Question string `json:"question"`
			Error    string `json:"error"`
			Disabled bool   `json:"disabled"`
			Box      string `json:"box"`
		}
		const read = `(() => {
			const qa = [...document.querySelectorAll('.followups .qa')].pop();
			const live = qa && qa.querySelector('.stream-text');
			const md = qa && qa.querySelector('.md');
			const err = qa && qa.querySelector('.ex-error');
			return {
				streamed: live ? live.textContent : '',
				rendered: md ? md.textContent : '',
				question: qa ? qa.querySelector('.q').textContent : '',
				error: err ? err.textContent : '',
				disabled: document.querySelector('form.ask button[type=submit]').disabled,
				box: document.querySelector('#ask-question').value,
			};
		})()`
		var partial, disabled bool
		var last askState
		deadline := time.Now().Add(20 * time.Second)
		for time.Now().Before(deadline) {
			st, err := chromedp.Run(tab, chromedp.Evaluate[askState](read))
			if err != nil {
				t.Fatal(err)
			}
			last = st
			if st.Rendered == "" && st.Streamed != "" && len(st.Streamed) < len(followUpAnswer) {
				partial = true
			}
			if st.Rendered == "" && st.Disabled {
				disabled = true
			}
			if st.Rendered != "" || st.Error != "" {
				break
			}
			time.Sleep(40 * time.Millisecond)
		}
		if last.Error != "" || !strings.Contains(last.Rendered, "A nil map can be read but never written.") {
			t.Fatalf("the answer did not arrive: %+v", last)
		}
		if !partial {
			t.Error("no part of the answer was seen while it streamed")
		}
		if !disabled {
			t.Error("the Ask button was not disabled while the answer streamed")
		}
		if !strings.Contains(last.Question, followUpQuestion) || last.Disabled || last.Box != "" {
			t.Errorf("after the answer: %+v, want the question shown, the button enabled and the box empty", last)
		}
		code, err := chromedp.Run(tab, chromedp.Evaluate[string](`[...document.querySelectorAll('.followups .qa')].pop().querySelector('pre code').textContent`))
		if err != nil || code != "counts := make(map[string]int)\n" {
			t.Errorf("the answer's code block is %q (%v)", code, err)
		}

		reqs := fake.Requests()
		if len(reqs) != explanations+1 {
			t.Fatalf("the model got %d calls after the %d explanations, want one follow-up", len(reqs)-explanations, explanations)
		}
		sent, _ := reqs[len(reqs)-1].Message("user")
		for _, want := range []string{followUpQuestion, "increments a counter in a **nil map**", "GET /stats"} {
			if !strings.Contains(sent, want) {
				t.Errorf("the follow-up sent to the model lacks %q:\n%s", want, sent)
			}
		}
		saveScreenshot(t, tab, "report-follow-up.png")

		// The question and its answer are kept with the report.
		if err := chromedp.Do(tab, chromedp.Reload()); err != nil {
			t.Fatalf("reloading: %v", err)
		}
		kept, err := chromedp.Run(tab, chromedp.Poll[string](
			`(() => { const md = document.querySelector('.followups .qa .md'); return md && md.textContent; })()`,
			chromedp.WithPollingTimeout(10*time.Second)))
		if err != nil || !strings.Contains(kept, "A nil map can be read but never written.") {
			t.Fatalf("after a reload the answer is %q (%v)", kept, err)
		}
	})

	t.Run("model failures end with a message in the page", func(t *testing.T) {
		type failState struct {
			Count    int    `json:"count"`
			Streamed string `json:"streamed"`
			Error    string `json:"error"`
			Rendered string `json:"rendered"`
			Disabled bool   `json:"disabled"`
		}
		const read = `(() => {
			const qa = [...document.querySelectorAll('.followups .qa')].pop();
			const err = qa.querySelector('.ex-error'), md = qa.querySelector('.md'), live = qa.querySelector('.stream-text');
			return {
				count: document.querySelectorAll('.followups .qa').length,
				streamed: live ? live.textContent : '',
				error: err ? err.textContent : '',
				rendered: md ? md.textContent : '',
				disabled: document.querySelector('form.ask button[type=submit]').disabled,
			};
		})()`
		// askAndWait asks question and waits for the message that ends it;
		// whileStreaming, when not nil, runs once the first piece of the
		// answer is on the page.
		askAndWait := func(question string, whileStreaming func()) failState {
			t.Helper()
			before, err := chromedp.Run(tab, chromedp.Evaluate[failState](read))
			if err != nil {
				t.Fatal(err)
			}
			// A failed question stays in the box: empty it first.
			if _, err := chromedp.Run(tab, chromedp.Evaluate[string](`document.querySelector('#ask-question').value = ''`)); err != nil {
				t.Fatal(err)
			}
			if err := chromedp.Do(tab,
				chromedp.SendKeys(chromedp.CSS("#ask-question"), question),
				chromedp.Click(chromedp.CSS("form.ask button[type=submit]")),
			); err != nil {
				t.Fatalf("asking: %v", err)
			}
			for deadline := time.Now().Add(15 * time.Second); time.Now().Before(deadline); time.Sleep(40 * time.Millisecond) {
				st, err := chromedp.Run(tab, chromedp.Evaluate[failState](read))
				if err != nil {
					t.Fatal(err)
				}
				if st.Count > before.Count && st.Error != "" && !st.Disabled {
					return st
				}
				if whileStreaming != nil && st.Count > before.Count && st.Streamed != "" {
					whileStreaming()
					whileStreaming = nil
				}
			}
			t.Fatalf("no message in the page after asking %q", question)
			return failState{}
		}
		st := askAndWait(failingQuestion, nil)
		if !strings.Contains(st.Error, "The model could not answer") || !strings.Contains(st.Error, "invalid api key") || st.Rendered != "" {
			t.Errorf("after an error status the page shows %+v", st)
		}
		st = askAndWait(cutQuestion, nil)
		if !strings.Contains(st.Error, "The answer is incomplete") || !strings.Contains(st.Error, "cut off") || !strings.Contains(st.Rendered, "The map is declared") {
			t.Errorf("after a broken stream the page shows %+v", st)
		}
		st = askAndWait(droppedQuestion, srv.CloseClientConnections)
		if !strings.Contains(st.Error, "cut off") || st.Streamed != "The first half arrives," {
			t.Errorf("after the connection dropped the page shows %+v", st)
		}
		saveScreenshot(t, tab, "report-follow-up-failures.png")
		if got := dialogs.opened(); len(got) > 0 {
			t.Errorf("dialogs opened: %q", got)
		}
	})
}

// TestHistoryForAnotherSiteInChromium loads a page of another origin that
// tries to read the failure history and to post a question: the browser
// gets nothing, and the model is never called.
func TestHistoryForAnotherSiteInChromium(t *testing.T) {
	browserCtx := startBrowser(t)
	blog := startBlog(t, fakeopenai.Reply(blogAnswer))
	req, _ := http.NewRequest(http.MethodGet, blog.srv.URL+"/stats", nil)
	req.Header.Set("Accept", "application/json")
	res, err := blog.srv.Client().Do(req)
	if err != nil {
		t.Fatal(err)
	}
	res.Body.Close()
	report := res.Header.Get("X-Explainerr-Report")
	if report == "" {
		t.Fatal("the failure has no report header")
	}
	calls := blog.fake.Calls()

	// The attacker's page is on another origin (localhost instead of
	// 127.0.0.1 is another site to the browser).
	attacker := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		io.WriteString(w, "<!doctype html><title>elsewhere</title><p>another site</p>")
	}))
	t.Cleanup(attacker.Close)
	tab := newTab(t, browserCtx, 30*time.Second)
	if err := chromedp.Do(tab, chromedp.Navigate(strings.Replace(attacker.URL, "127.0.0.1", "localhost", 1))); err != nil {
		t.Fatalf("opening the other site: %v", err)
	}
	target := blog.srv.URL + report
	got, err := chromedp.Run(tab, chromedp.Evaluate[[]string](`(async () => {
		const out = [];
		for (const [url, init] of [
			['`+target+`', {}],
			['`+target+`/ask', {method: 'POST', headers: {'Content-Type': 'application/json'}, body: JSON.stringify({question: 'leak?'})}],
			['`+target+`/ask', {method: 'POST', mode: 'no-cors', headers: {'Content-Type': 'text/plain'}, body: JSON.stringify({question: 'leak?'})}],
		]) {
			try {
				const res = await fetch(url, init);
				out.push(res.type + ' ' + res.status + ' ' + (await res.text()).slice(0, 200));
			} catch (e) {
				out.push('blocked');
			}
		}
		return out;
	})()`, chromedp.EvalAwaitPromise))
	if err != nil {
		t.Fatal(err)
	}
	for i, r := range got {
		if strings.Contains(r, "nil map") || strings.Contains(r, "answer") || strings.Contains(r, "stats") {
			t.Errorf("request %d from another site read %q", i, r)
		}
	}
	if blog.fake.Calls() != calls {
		t.Errorf("requests from another site caused %d model calls", blog.fake.Calls()-calls)
	}
}
