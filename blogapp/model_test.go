package main

import (
	"bufio"
	"html"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"github.com/explainerr/explainerr/explainerr"
	"github.com/explainerr/explainerr/internal/fakeopenai"
	"github.com/explainerr/explainerr/internal/reporttest"
)

// clearExplainerrEnv empties every variable explainerr reads, so that a
// test starts from "nothing set".
func clearExplainerrEnv(t *testing.T) {
	t.Helper()
	for _, k := range []string{"OPENAI_API_KEY", "OPENAI_BASE_URL", "EXPLAINERR_MODEL", "EXPLAINERR_PROVIDER", "EXPLAINERR_RAG", "EXPLAINERR_INDEX"} {
		t.Setenv(k, "")
	}
}

// quietLogger keeps the terminal record of each failure out of the test
// output; it does not change which provider the environment selects.
func quietLogger() explainerr.Option {
	return explainerr.WithLogger(slog.New(slog.DiscardHandler))
}

// timedPage is a page read as it arrived: the whole body, and when the
// first byte of each marker was read (zero when it never came).
type timedPage struct {
	body  string
	seen  map[string]time.Duration
	total time.Duration
}

// getPage requests path from srv as a browser would and reads the page
// line by line, noting when each marker first arrived.
func getPage(t *testing.T, srv *httptest.Server, path string, markers ...string) timedPage {
	t.Helper()
	req, err := http.NewRequest(http.MethodGet, srv.URL+path, nil)
	if err != nil {
		t.Fatal(err)
	}
	req.Header.Set("Accept", "text/html,application/xhtml+xml")
	start := time.Now()
	res, err := srv.Client().Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer res.Body.Close()
	if res.StatusCode != http.StatusInternalServerError {
		t.Fatalf("GET %s: status %d, want 500", path, res.StatusCode)
	}
	if ct := res.Header.Get("Content-Type"); !strings.HasPrefix(ct, "text/html") {
		t.Fatalf("GET %s: Content-Type %q", path, ct)
	}
	page := timedPage{seen: map[string]time.Duration{}}
	var body strings.Builder
	r := bufio.NewReader(res.Body)
	for {
		chunk, err := r.ReadString('>')
		body.WriteString(chunk)
		for _, m := range markers {
			if _, ok := page.seen[m]; !ok && strings.Contains(body.String(), m) {
				page.seen[m] = time.Since(start)
			}
		}
		if err == io.EOF {
			break
		}
		if err != nil {
			t.Fatalf("reading the page: %v", err)
		}
	}
	page.body, page.total = body.String(), time.Since(start)
	return page
}

func TestBlogShowsTheModelServersStreamedAnswer(t *testing.T) {
	const answer = "`handleStats` writes to `counts`, a **nil map**. Create it with `make` before the loop."
	const pieces, pieceDelay = 5, 150 * time.Millisecond
	fake := fakeopenai.New()
	defer fake.Close()
	fake.Handle(func(fakeopenai.Request) fakeopenai.Answer {
		return fakeopenai.Reply(answer).WithPieces(pieces, pieceDelay)
	})

	// As for a local Ollama: a base URL and a model name, no API key.
	clearExplainerrEnv(t)
	t.Setenv("OPENAI_BASE_URL", fake.URL)
	t.Setenv("EXPLAINERR_MODEL", "llama3.2")
	h, err := newHandler("", quietLogger())
	if err != nil {
		t.Fatal(err)
	}
	srv := httptest.NewServer(h)
	defer srv.Close()

	const traceMark, finalMark = `<section class="trace" id="trace">`, `<div class="final">`
	page := getPage(t, srv, "/stats", traceMark, finalMark)

	reqs := fake.Requests()
	if len(reqs) != 1 || reqs[0].Model != "llama3.2" || !reqs[0].Stream {
		t.Fatalf("the model server got %+v, want one streamed call for llama3.2", reqs)
	}
	if auth := reqs[0].Header.Get("Authorization"); strings.TrimSpace(strings.TrimPrefix(auth, "Bearer")) != "" {
		t.Errorf("no API key is set, yet the server got Authorization %q", auth)
	}
	if user, _ := reqs[0].Message("user"); !strings.Contains(user, "handleStats") || !strings.Contains(user, "GET /stats") {
		t.Errorf("the user message lacks the failing handler or the request:\n%s", user)
	}

	final := reporttest.Between(page.body, finalMark, "</section>")
	for _, want := range []string{"Explained by llama3.2", "<strong>nil map</strong>", "<code>handleStats</code>"} {
		if !strings.Contains(final, want) {
			t.Errorf("the explanation block lacks %q:\n%s", want, final)
		}
	}
	if strings.Contains(final, "Offline analysis") || strings.Contains(final, "ex-error") {
		t.Errorf("the explanation block shows the offline label or an error:\n%s", final)
	}
	// The answer arrived piece by piece into the stream block, after the
	// trace was already on screen.
	streamed := reporttest.Between(page.body, `<div class="stream-text">`, "</div></div>")
	if html.UnescapeString(streamed) != answer {
		t.Errorf("streamed block %q, want the answer's pieces %q", html.UnescapeString(streamed), answer)
	}
	traceAt, finalAt := page.seen[traceMark], page.seen[finalMark]
	if traceAt == 0 || finalAt == 0 {
		t.Fatalf("markers seen %v", page.seen)
	}
	if gap := finalAt - traceAt; gap < pieces*pieceDelay/2 {
		t.Errorf("the trace arrived at %s and the explanation at %s: the page was not streamed", traceAt, finalAt)
	}
}

func TestBlogWithoutModelShowsOfflineAnalysis(t *testing.T) {
	clearExplainerrEnv(t)
	h, err := newHandler("", quietLogger())
	if err != nil {
		t.Fatal(err)
	}
	srv := httptest.NewServer(h)
	defer srv.Close()

	page := getPage(t, srv, "/stats")
	final := reporttest.Between(page.body, `<div class="final">`, "</section>")
	for _, want := range []string{`<span class="tag tag-offline">Offline analysis</span>`, "No model is configured", "OPENAI_BASE_URL"} {
		if !strings.Contains(final, want) {
			t.Errorf("the explanation block lacks %q:\n%s", want, final)
		}
	}
	if !strings.Contains(final, `<div class="md">`) || !strings.Contains(final, "handleStats") {
		t.Errorf("the offline analysis is missing or does not name the failing handler:\n%s", final)
	}
}
