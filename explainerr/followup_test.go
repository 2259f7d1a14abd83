package explainerr_test

import (
	"bufio"
	"encoding/json"
	"html"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/explainerr/explainerr/explainerr"
	"github.com/explainerr/explainerr/explainerr/prompt"
	"github.com/explainerr/explainerr/internal/fakeopenai"
)

// The fake model's first explanation, and a secret a developer pastes into
// a question by mistake.
const (
	firstAnswer    = "The map `counts` is nil: make it with `make(map[string]int)` before writing to it."
	pastedSecret   = "sk_live_4eC39HqLyjWDarjtT1zdp7dc"
	urlSecret      = "ghp_abcdefghijklmnopqrstuvwxyz0123"
	followUpMarker = "asks a follow-up question"
)

// isFollowUp reports whether the fake model was sent a follow-up question.
func isFollowUp(req fakeopenai.Request) bool {
	system, _ := req.Message("system")
	return strings.Contains(system, followUpMarker)
}

// askRig is an app that fails at /boom, wrapped in an Explainer and served
// over loopback, with its fake model.
type askRig struct {
	base string
	fake *fakeopenai.Server
}

// newAskRig serves modelCallSite at /boom and a 404 elsewhere. The fake
// model explains with firstAnswer and answers follow-ups with followUp.
func newAskRig(t *testing.T, followUp func(fakeopenai.Request) fakeopenai.Answer, opts ...explainerr.Option) *askRig {
	t.Helper()
	fake := fakeopenai.New()
	t.Cleanup(fake.Close)
	fake.Handle(func(req fakeopenai.Request) fakeopenai.Answer {
		if isFollowUp(req) {
			return followUp(req)
		}
		return fakeopenai.Reply(firstAnswer)
	})
	ex := newModelExplainer(t, fake, opts...)
	return &askRig{base: serveAskApp(t, ex), fake: fake}
}

// serveAskApp serves an app that fails at /boom, wrapped in ex, over
// loopback, and returns its URL.
func serveAskApp(t *testing.T, ex *explainerr.Explainer) string {
	t.Helper()
	mux := http.NewServeMux()
	mux.HandleFunc("/boom", modelCallSite)
	mux.HandleFunc("/", func(w http.ResponseWriter, r *http.Request) { http.Error(w, "app: not found", http.StatusNotFound) })
	srv := httptest.NewServer(ex.Middleware(mux))
	t.Cleanup(srv.Close)
	return srv.URL
}

// failAt makes the app fail at base+"/boom" (with a token in the query)
// for a local client and returns the path of the report (its
// X-Explainerr-Report header).
func failAt(t *testing.T, base string) string {
	t.Helper()
	res := sendTo(t, http.MethodGet, base+"/boom?access="+urlSecret, "", map[string]string{"Accept": "application/json"})
	link := res.header.Get("X-Explainerr-Report")
	if res.status != http.StatusInternalServerError || !reportLinkPattern.MatchString(link) {
		t.Fatalf("failure: status %d, report header %q", res.status, link)
	}
	return link
}

// sendTo makes one request with body and headers and reads the whole
// answer.
func sendTo(t *testing.T, method, url, body string, header map[string]string) reply {
	t.Helper()
	req, err := http.NewRequest(method, url, strings.NewReader(body))
	if err != nil {
		t.Fatal(err)
	}
	for k, v := range header {
		req.Header.Set(k, v)
	}
	res, err := client.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer res.Body.Close()
	b, err := io.ReadAll(res.Body)
	if err != nil {
		t.Fatalf("reading %s: %v", url, err)
	}
	return reply{status: res.StatusCode, header: res.Header, body: string(b)}
}

// pageHeaders are the headers a report page's fetch sends.
func pageHeaders(base string) map[string]string {
	return map[string]string{"Content-Type": "application/json", "Origin": base, "Sec-Fetch-Site": "same-origin", "Accept": "application/x-ndjson"}
}

// askBody is the JSON body of a question.
func askBody(question string) string {
	b, _ := json.Marshal(map[string]string{"question": question})
	return string(b)
}

// askEvent is one line of a streamed answer.
type askEvent struct {
	Delta  string `json:"delta"`
	Done   bool   `json:"done"`
	Answer string `json:"answer"`
	Error  string `json:"error"`
	Model  string `json:"model"`
	HTML   string `json:"html"`
}

// askFromPage posts question to the report at link as its page does.
func askFromPage(t *testing.T, base, link, question string) reply {
	t.Helper()
	return sendTo(t, http.MethodPost, base+link+"/ask", askBody(question), pageHeaders(base))
}

// events parses a streamed answer.
func events(t *testing.T, r reply) []askEvent {
	t.Helper()
	if r.status != http.StatusOK || !strings.HasPrefix(r.header.Get("Content-Type"), "application/x-ndjson") {
		t.Fatalf("answer: status %d, type %q: %s", r.status, r.header.Get("Content-Type"), r.body)
	}
	var out []askEvent
	sc := bufio.NewScanner(strings.NewReader(r.body))
	for sc.Scan() {
		var e askEvent
		if err := json.Unmarshal(sc.Bytes(), &e); err != nil {
			t.Fatalf("line %q is not JSON: %v", sc.Text(), err)
		}
		out = append(out, e)
	}
	if len(out) == 0 || !out[len(out)-1].Done {
		t.Fatalf("the answer does not end with a done event: %+v", out)
	}
	return out
}

// deltas joins the streamed pieces of an answer.
func deltas(evs []askEvent) (string, int) {
	var b strings.Builder
	n := 0
	for _, e := range evs {
		if e.Delta != "" {
			b.WriteString(e.Delta)
			n++
		}
	}
	return b.String(), n
}

// errorOf reads the {"error": ...} body of a refused question.
func errorOf(t *testing.T, r reply) string {
	t.Helper()
	var v struct {
		Error string `json:"error"`
	}
	if err := json.Unmarshal([]byte(r.body), &v); err != nil || v.Error == "" {
		t.Fatalf("status %d with no JSON error: %q", r.status, r.body)
	}
	return v.Error
}

func TestFollowUpStreamsAnAnswerAboutTheFailure(t *testing.T) {
	answers := []string{"Make it in `NewCounter`, so every caller gets a usable map.", "Yes: **lazily** in `Add` works too."}
	rig := newAskRig(t, func(req fakeopenai.Request) fakeopenai.Answer {
		user, _ := req.Message("user")
		if strings.Contains(user, "lazily") {
			return fakeopenai.Reply(answers[1]).WithPieces(2, time.Millisecond)
		}
		return fakeopenai.Reply(answers[0]).WithPieces(4, 5*time.Millisecond)
	})
	link := failAt(t, rig.base)

	page := sendTo(t, http.MethodGet, rig.base+link, "", map[string]string{"Accept": "text/html"})
	if !strings.Contains(page.body, `data-ask="`+link+`/ask"`) || !strings.Contains(page.body, `<textarea id="ask-question"`) {
		t.Fatalf("the report page offers no question box:\n%s", page.body)
	}

	question := "Where should I make the map? My key " + pastedSecret + " is in the env, is that related?"
	evs := events(t, askFromPage(t, rig.base, link, question))
	streamed, pieces := deltas(evs)
	done := evs[len(evs)-1]
	if streamed != answers[0] || pieces != 4 || done.Answer != answers[0] || done.Error != "" || done.Model != modelName {
		t.Fatalf("streamed %q in %d pieces; done %+v", streamed, pieces, done)
	}
	if !strings.Contains(done.HTML, "<code>NewCounter</code>") || strings.Contains(done.HTML, pastedSecret) || !strings.Contains(done.HTML, "[REDACTED]") {
		t.Fatalf("the answer's markup:\n%s", done.HTML)
	}

	reqs := rig.fake.Requests()
	if len(reqs) != 2 || !isFollowUp(reqs[1]) || !reqs[1].Stream {
		t.Fatalf("the model got %d calls; the second a follow-up: %v", len(reqs), len(reqs) == 2 && isFollowUp(reqs[1]))
	}
	if rig.fake.Received(pastedSecret) || rig.fake.Received(urlSecret) {
		t.Fatal("a secret of the question or of the failed request reached the model")
	}
	first, _ := reqs[0].Message("user")
	sent, _ := reqs[1].Message("user")
	for _, want := range []string{first, firstAnswer, "Where should I make the map? My key [REDACTED]"} {
		if !strings.Contains(sent, strings.TrimSpace(want)) {
			t.Errorf("the follow-up sent lacks %q:\n%s", want, sent)
		}
	}
	if system, _ := reqs[1].Message("system"); system != prompt.FollowUpSystem("") {
		t.Errorf("follow-up system message: %q", system)
	}

	// A second question carries the first and its answer.
	evs = events(t, askFromPage(t, rig.base, link, "Could I make it lazily in Add instead?"))
	if evs[len(evs)-1].Answer != answers[1] {
		t.Fatalf("second answer: %+v", evs[len(evs)-1])
	}
	sent, _ = rig.fake.Requests()[2].Message("user")
	for _, want := range []string{firstAnswer, "Where should I make the map?", answers[0], "Could I make it lazily in Add instead?"} {
		if !strings.Contains(sent, want) {
			t.Errorf("the second follow-up sent lacks %q:\n%s", want, sent)
		}
	}

	// Both are kept with the report, in order, and shown on its page.
	page = sendTo(t, http.MethodGet, rig.base+link, "", map[string]string{"Accept": "text/html"})
	text := html.UnescapeString(page.body)
	i, j := strings.Index(text, "Where should I make the map?"), strings.Index(text, "Could I make it lazily in Add instead?")
	if i < 0 || j < i || !strings.Contains(page.body, "<code>NewCounter</code>") || !strings.Contains(page.body, "<strong>lazily</strong>") {
		t.Fatalf("the kept questions are not on the report page in order:\n%s", page.body)
	}
	if strings.Contains(page.body, pastedSecret) {
		t.Fatal("the secret in the question was kept")
	}
}

func TestFollowUpModelFailuresEndWithAClearMessage(t *testing.T) {
	tests := []struct {
		name   string
		answer fakeopenai.Answer
		status int
		// streamed is the text that arrived before a broken stream.
		streamed string
		errHas   string
	}{
		{name: "status", answer: fakeopenai.Status(401, "invalid api key"), status: http.StatusBadGateway, errHas: "invalid api key"},
		{name: "timeout", answer: fakeopenai.Stall(), status: http.StatusGatewayTimeout, errHas: "did not answer within"},
		{name: "broken stream", answer: fakeopenai.Cut("The map is nil and then", 2), status: http.StatusOK, streamed: "The map is nil", errHas: "incomplete"},
		{name: "stalled stream", answer: fakeopenai.Answer{Text: "Half an answer", Stall: true, StallAfter: 1, Pieces: 2}, status: http.StatusOK, streamed: "Half an", errHas: "did not finish within"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			rig := newAskRig(t, func(fakeopenai.Request) fakeopenai.Answer { return tt.answer }, explainerr.WithTimeout(time.Second), explainerr.WithMaxRetries(-1))
			link := failAt(t, rig.base)
			res := askFromPage(t, rig.base, link, "why?")
			if res.status != tt.status {
				t.Fatalf("status %d, want %d: %s", res.status, tt.status, res.body)
			}
			var msg string
			if tt.status == http.StatusOK {
				evs := events(t, res)
				streamed, _ := deltas(evs)
				done := evs[len(evs)-1]
				if streamed != tt.streamed || done.Answer != tt.streamed || !strings.Contains(done.HTML, "The answer is incomplete") {
					t.Fatalf("streamed %q; done %+v", streamed, done)
				}
				msg = done.Error
			} else {
				msg = errorOf(t, res)
			}
			if !strings.Contains(msg, tt.errHas) {
				t.Fatalf("message %q does not say %q", msg, tt.errHas)
			}
		})
	}
}

func TestFollowUpIsThrottledWithExplanations(t *testing.T) {
	rig := newAskRig(t, func(fakeopenai.Request) fakeopenai.Answer { return fakeopenai.Reply("never sent") }, explainerr.WithThrottle(1, time.Hour))
	link := failAt(t, rig.base)
	res := askFromPage(t, rig.base, link, "why?")
	if res.status != http.StatusTooManyRequests || !strings.Contains(errorOf(t, res), "limit of 1 model calls") {
		t.Fatalf("status %d: %s", res.status, res.body)
	}
	if rig.fake.Calls() != 1 {
		t.Fatalf("the model got %d calls, want the explanation's only", rig.fake.Calls())
	}
}

func TestFollowUpIsForTheReportPageOnly(t *testing.T) {
	rig := newAskRig(t, func(fakeopenai.Request) fakeopenai.Answer { return fakeopenai.Reply("answered") })
	link := failAt(t, rig.base)
	url := rig.base + link + "/ask"
	body := askBody("why?")
	with := func(changes map[string]string) map[string]string {
		h := pageHeaders(rig.base)
		for k, v := range changes {
			if v == "" {
				delete(h, k)
			} else {
				h[k] = v
			}
		}
		return h
	}
	tests := []struct {
		name   string
		header map[string]string
		status int
	}{
		// The guard refuses these: the app answers as if explainerr were not there.
		{"cross-site", with(map[string]string{"Sec-Fetch-Site": "cross-site", "Origin": "https://attacker.example"}), http.StatusNotFound},
		{"foreign origin", with(map[string]string{"Sec-Fetch-Site": "", "Origin": "https://attacker.example"}), http.StatusNotFound},
		{"rebinding", with(map[string]string{"Host": "attacker.example"}), http.StatusNotFound},
		// Admitted clients, but not the report page itself.
		{"another localhost port", with(map[string]string{"Sec-Fetch-Site": "same-site", "Origin": "http://localhost:5173"}), http.StatusForbidden},
		{"no origin", with(map[string]string{"Sec-Fetch-Site": "", "Origin": ""}), http.StatusForbidden},
		{"form post", with(map[string]string{"Content-Type": "application/x-www-form-urlencoded"}), http.StatusUnsupportedMediaType},
		{"text post", with(map[string]string{"Content-Type": "text/plain"}), http.StatusUnsupportedMediaType},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			req, _ := http.NewRequest(http.MethodPost, url, strings.NewReader(body))
			for k, v := range tt.header {
				if k == "Host" {
					req.Host = v
				} else {
					req.Header.Set(k, v)
				}
			}
			res, err := client.Do(req)
			if err != nil {
				t.Fatal(err)
			}
			b, _ := io.ReadAll(res.Body)
			res.Body.Close()
			if res.StatusCode != tt.status {
				t.Fatalf("status %d, want %d: %s", res.StatusCode, tt.status, b)
			}
			if tt.status == http.StatusNotFound && !strings.Contains(string(b), "app: not found") {
				t.Fatalf("a refused client got more than the app's answer: %s", b)
			}
			if res.Header.Get("Access-Control-Allow-Origin") != "" {
				t.Fatal("a follow-up answer carries CORS headers")
			}
		})
	}
	if rig.fake.Calls() != 1 {
		t.Fatalf("refused questions caused %d model calls", rig.fake.Calls()-1)
	}
}

func TestRemoteClientGetsNoBoxAndCannotAsk(t *testing.T) {
	fake := fakeopenai.New()
	t.Cleanup(fake.Close)
	fake.Handle(func(fakeopenai.Request) fakeopenai.Answer { return fakeopenai.Reply(firstAnswer) })
	ex := newModelExplainer(t, fake)
	mux := http.NewServeMux()
	mux.HandleFunc("/boom", modelCallSite)
	mux.HandleFunc("/", func(w http.ResponseWriter, r *http.Request) { http.Error(w, "app: not found", http.StatusNotFound) })
	h := ex.Middleware(mux)
	local := httptest.NewServer(h)
	t.Cleanup(local.Close)
	remote := serveAs(t, h, publicLocal, remotePeer)

	link := failAt(t, local.URL)
	calls := fake.Calls()
	failed := sendTo(t, http.MethodGet, remote+"/boom", "", map[string]string{"Accept": "text/html"})
	if failed.header.Get("X-Explainerr-Report") != "" || strings.Contains(failed.body, `data-ask="`) || strings.Contains(failed.body, "textarea") {
		t.Fatalf("a remote client was offered a report or a question box: %v\n%s", failed.header, failed.body)
	}
	page := sendTo(t, http.MethodGet, remote+link, "", map[string]string{"Accept": "text/html"})
	if page.status != http.StatusNotFound || strings.Contains(page.body, `data-ask="`) {
		t.Fatalf("a remote client got the report page: %d\n%s", page.status, page.body)
	}
	host := strings.TrimPrefix(remote, "http://")
	res := sendTo(t, http.MethodPost, remote+link+"/ask", askBody("why?"), map[string]string{
		"Content-Type": "application/json", "Origin": "http://" + host, "Sec-Fetch-Site": "same-origin",
	})
	if res.status != http.StatusNotFound || !strings.Contains(res.body, "app: not found") {
		t.Fatalf("a remote client's question: %d %s", res.status, res.body)
	}
	if fake.Calls() != calls {
		t.Fatalf("a remote client caused %d model calls", fake.Calls()-calls)
	}
}

func TestWithoutAModelNoBoxAndNoQuestions(t *testing.T) {
	t.Run("offline", func(t *testing.T) {
		checkNoFollowUp(t, newExplainer(t))
	})
	t.Run("model client not linked", func(t *testing.T) {
		explainerr.Unlinked(t)
		checkNoFollowUp(t, newExplainer(t, explainerr.WithAPIKey("k"), explainerr.WithBaseURL("http://127.0.0.1:1/v1")))
	})
}

// checkNoFollowUp asserts that ex, which has no model, offers no question
// box on a report page and refuses questions.
func checkNoFollowUp(t *testing.T, ex *explainerr.Explainer) {
	t.Helper()
	if ex.Provider().Name() != "offline" {
		t.Fatalf("provider %q, want the offline analyzer", ex.Provider().Name())
	}
	base := serveAskApp(t, ex)
	link := failAt(t, base)
	page := sendTo(t, http.MethodGet, base+link, "", map[string]string{"Accept": "text/html"})
	if page.status != http.StatusOK || strings.Contains(page.body, `data-ask="`) || strings.Contains(page.body, `id="ask-question"`) {
		t.Fatalf("a report page without a model offers a question box (status %d)", page.status)
	}
	res := askFromPage(t, base, link, "why?")
	if res.status != http.StatusNotImplemented || !strings.Contains(errorOf(t, res), "need a model") {
		t.Fatalf("a question without a model: %d %s", res.status, res.body)
	}
}

func TestBadQuestionsGetClearErrors(t *testing.T) {
	rig := newAskRig(t, func(fakeopenai.Request) fakeopenai.Answer { return fakeopenai.Reply("answered") })
	link := failAt(t, rig.base)
	url := rig.base + link + "/ask"
	tests := []struct {
		name, method, url, body string
		status                  int
		errHas                  string
	}{
		{"empty", http.MethodPost, url, askBody("  \n "), http.StatusBadRequest, "empty"},
		{"too long", http.MethodPost, url, askBody(strings.Repeat("why ", explainerr.MaxFollowUpQuestion)), http.StatusRequestEntityTooLarge, "shorten it"},
		{"huge body", http.MethodPost, url, `{"question": "` + strings.Repeat("a", 1<<20) + `"}`, http.StatusRequestEntityTooLarge, "larger than"},
		{"not JSON", http.MethodPost, url, "question=why", http.StatusBadRequest, "not a JSON object"},
		{"no question", http.MethodPost, url, `{"q": "why"}`, http.StatusBadRequest, "not a JSON object"},
		{"GET", http.MethodGet, url, "", http.StatusMethodNotAllowed, "POST"},
		{"unknown report", http.MethodPost, rig.base + "/_explainerr/reports/0123456789abcdef/ask", askBody("why?"), http.StatusNotFound, "no report"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			res := sendTo(t, tt.method, tt.url, tt.body, pageHeaders(rig.base))
			if res.status != tt.status || !strings.Contains(errorOf(t, res), tt.errHas) {
				t.Fatalf("status %d, want %d saying %q: %s", res.status, tt.status, tt.errHas, res.body)
			}
		})
	}
	if rig.fake.Calls() != 1 {
		t.Fatalf("bad questions caused %d model calls", rig.fake.Calls()-1)
	}
}

func TestFollowUpsSurviveARestart(t *testing.T) {
	dir := t.TempDir()
	answer := "Make it in `NewCounter`."
	rig := newAskRig(t, func(fakeopenai.Request) fakeopenai.Answer { return fakeopenai.Reply(answer) }, explainerr.WithStateDir(dir))
	link := failAt(t, rig.base)
	question := "Where should the map be made? token=" + urlSecret
	if evs := events(t, askFromPage(t, rig.base, link, question)); evs[len(evs)-1].Answer != answer {
		t.Fatalf("answer: %+v", evs[len(evs)-1])
	}

	// The dev server restarted: a new Explainer on the same directory.
	again := newAskRig(t, func(fakeopenai.Request) fakeopenai.Answer { return fakeopenai.Reply("the second answer") }, explainerr.WithStateDir(dir))
	page := sendTo(t, http.MethodGet, again.base+link, "", map[string]string{"Accept": "text/html"})
	if page.status != http.StatusOK || !strings.Contains(page.body, "Where should the map be made?") || !strings.Contains(page.body, "<code>NewCounter</code>") {
		t.Fatalf("after a restart the report page lacks the follow-up (status %d)", page.status)
	}
	evs := events(t, askFromPage(t, again.base, link, "And in tests?"))
	if evs[len(evs)-1].Answer != "the second answer" {
		t.Fatalf("answer after a restart: %+v", evs[len(evs)-1])
	}
	sent, _ := again.fake.Requests()[0].Message("user")
	if !strings.Contains(sent, "Where should the map be made?") || !strings.Contains(sent, answer) {
		t.Fatalf("the follow-up after a restart does not carry the earlier one:\n%s", sent)
	}
	// The report as JSON and as Markdown carries its follow-ups too.
	asJSON := sendTo(t, http.MethodGet, again.base+link, "", map[string]string{"Accept": "application/json"})
	var stored struct {
		FollowUps []struct{ Question, Answer string } `json:"follow_ups"`
	}
	if err := json.Unmarshal([]byte(asJSON.body), &stored); err != nil || len(stored.FollowUps) != 2 ||
		!strings.HasPrefix(stored.FollowUps[0].Question, "Where should the map be made?") || stored.FollowUps[1].Answer != "the second answer" {
		t.Errorf("the JSON report's follow-ups: %+v (%v)", stored.FollowUps, err)
	}
	asMD := sendTo(t, http.MethodGet, again.base+link, "", map[string]string{"Accept": "text/markdown"})
	if !strings.Contains(asMD.body, "## Follow-up questions") || !strings.Contains(asMD.body, "### And in tests?") {
		t.Errorf("the Markdown report lacks the follow-ups:\n%s", asMD.body)
	}
	// As on the report's page, they follow the explanation.
	if explanation, followUps, errorSection := strings.Index(asMD.body, "\n## Explanation\n"), strings.Index(asMD.body, "\n## Follow-up questions\n"), strings.Index(asMD.body, "\n## Error\n"); !(explanation < followUps && followUps < errorSection) {
		t.Errorf("the Markdown report's explanation, follow-ups and error are at %d, %d, %d, want them in that order:\n%s", explanation, followUps, errorSection, asMD.body)
	}
	// Nothing secret was written to disk.
	files, _ := filepath.Glob(filepath.Join(dir, "*", "*"))
	for _, f := range files {
		b, err := os.ReadFile(f)
		if err != nil {
			continue
		}
		if strings.Contains(string(b), urlSecret) {
			t.Errorf("%s holds the secret", f)
		}
	}
	if len(files) == 0 {
		t.Fatal("nothing was written to the state directory")
	}
}

func TestFollowUpAfterTheOfflineFallbackSaysWhoExplained(t *testing.T) {
	fake := fakeopenai.New()
	t.Cleanup(fake.Close)
	fake.Handle(func(req fakeopenai.Request) fakeopenai.Answer {
		if isFollowUp(req) {
			return fakeopenai.Reply("It is nil because nothing made it.")
		}
		return fakeopenai.Status(401, "invalid api key")
	})
	base := serveAskApp(t, newModelExplainer(t, fake, explainerr.WithMaxRetries(-1)))
	link := failAt(t, base)
	if evs := events(t, askFromPage(t, base, link, "Why is it nil?")); evs[len(evs)-1].Answer != "It is nil because nothing made it." {
		t.Fatalf("answer: %+v", evs[len(evs)-1])
	}
	sent, _ := fake.Requests()[1].Message("user")
	if strings.Contains(sent, "# Your explanation") || !strings.Contains(sent, "an offline analysis") || !strings.Contains(sent, "assignment to entry in nil map") {
		t.Fatalf("the follow-up passes the offline analysis off as the model's:\n%s", sent)
	}
}
