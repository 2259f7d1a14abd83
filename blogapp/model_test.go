//go:build openai

package main

import (
	"html"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"github.com/explainerr/explainerr/internal/fakeopenai"
	"github.com/explainerr/explainerr/internal/reporttest"
)

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
