package page

import (
	"net/http"
	"strings"
	"testing"
	"time"
)

const hostile = `<script>alert(1)</script><img src=x onerror=alert(2)>"'&`

func TestFollowUpsShowAnsweredQuestionsAndTheBox(t *testing.T) {
	var b strings.Builder
	err := WriteFollowUps(&b, FollowUps{
		AskURL:      `/_explainerr/reports/0123456789abcdef/ask`,
		MaxQuestion: 2000,
		Done: []FollowUp{
			{Time: time.Date(2026, 11, 30, 20, 15, 0, 0, time.UTC), Question: "Where is the map made?", Answer: "In `NewStats`:\n\n```go\ns.ByAuthor = map[string]int{}\n```", Model: "gpt-4o-mini"},
			{Question: "And then?", Answer: "It stopped", Model: "gpt-4o-mini", Error: "the answer was cut off"},
			{Question: "Still there?", Provider: "openai", Error: "status 401 Unauthorized"},
		},
	})
	if err != nil {
		t.Fatal(err)
	}
	got := b.String()
	for _, want := range []string{
		`<section class="followup" id="followup"`, "Ask a follow-up",
		`<span class="muted">You asked</span> Where is the map made?`, "Answered by gpt-4o-mini",
		"<code>NewStats</code>", `<pre><code class="language-go">`,
		"<strong>The answer is incomplete:</strong> the answer was cut off",
		"<strong>The model could not answer:</strong> status 401 Unauthorized", "Answered by openai",
		`<form class="ask" data-ask="/_explainerr/reports/0123456789abcdef/ask" hidden>`, `maxlength="2000"`,
		"<noscript>",
	} {
		if !strings.Contains(got, want) {
			t.Errorf("section lacks %q:\n%s", want, got)
		}
	}
	if strings.Index(got, "Where is the map made?") > strings.Index(got, "Still there?") {
		t.Error("questions are not oldest first")
	}
}

func TestFollowUpsEscapeEverything(t *testing.T) {
	f := FollowUp{Question: hostile, Answer: hostile + "\n\n[x](javascript:alert(3))", Model: hostile, Error: hostile}
	got := FollowUpHTML(f)
	if bad := unsafeMarkup(got, false); bad != "" {
		t.Fatalf("unsafe markup (%s) in:\n%s", bad, got)
	}
	if strings.Contains(got, "<script") || strings.Contains(got, "<img") || !strings.Contains(got, "&lt;script&gt;") {
		t.Fatalf("hostile text not escaped:\n%s", got)
	}
	var b strings.Builder
	WriteFollowUps(&b, FollowUps{AskURL: `/ask"><script>x</script>`, Done: []FollowUp{f}})
	if bad := unsafeMarkup(strings.Replace(b.String(), `<form class="ask"`, `<div class="ask"`, 1), false); bad != "" {
		t.Fatalf("unsafe markup (%s) in:\n%s", bad, b.String())
	}
	if !strings.Contains(b.String(), `data-ask="/ask&#34;&gt;&lt;script&gt;x&lt;/script&gt;"`) {
		t.Fatalf("the ask URL is not escaped:\n%s", b.String())
	}
}

func TestFollowUpsWithoutAModelShowNoBox(t *testing.T) {
	var b strings.Builder
	WriteFollowUps(&b, FollowUps{})
	if b.Len() != 0 {
		t.Fatalf("an empty section was written: %q", b.String())
	}
	WriteFollowUps(&b, FollowUps{Done: []FollowUp{{Question: "kept from before", Answer: "yes"}}})
	got := b.String()
	if !strings.Contains(got, "Follow-up questions") || !strings.Contains(got, "kept from before") {
		t.Fatalf("kept questions not shown:\n%s", got)
	}
	if strings.Contains(got, "<form") || strings.Contains(got, "<textarea") || strings.Contains(got, "data-ask") {
		t.Fatalf("a question box without a model:\n%s", got)
	}
}

func TestFollowUpHeadersLetThePageFetchFromItsOwnOrigin(t *testing.T) {
	h := http.Header{}
	nonce := FollowUpHeaders(h)
	csp := h.Get("Content-Security-Policy")
	if nonce == "" || !strings.Contains(csp, "script-src 'nonce-"+nonce+"'") {
		t.Fatalf("policy %q for nonce %q", csp, nonce)
	}
	for _, want := range []string{"default-src 'none'", "connect-src 'self'", "form-action 'none'", "frame-ancestors 'none'"} {
		if !strings.Contains(csp, want) {
			t.Errorf("policy %q lacks %q", csp, want)
		}
	}
	plain := http.Header{}
	Headers(plain)
	if strings.Contains(plain.Get("Content-Security-Policy"), "connect-src") {
		t.Error("a page without the question box may fetch")
	}
}
