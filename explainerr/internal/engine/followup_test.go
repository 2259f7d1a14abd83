package engine

import (
	"context"
	"strings"
	"testing"
	"time"

	"github.com/explainerr/explainerr/explainerr/prompt"
	"github.com/explainerr/explainerr/explainerr/provider/offline"
	"github.com/explainerr/explainerr/explainerr/redact"
	"github.com/explainerr/explainerr/explainerr/report"
	"github.com/explainerr/explainerr/internal/fakeopenai"
)

var followUpPrompt = report.Prompt{System: "Answer follow-up questions.", User: "Why is the slice short? (follow-up)"}

func TestFollowUpSendsItsPromptAndStreams(t *testing.T) {
	e, srv := newEngine(t, Config{}, fakeopenai.Reply("Because NewCart makes it empty.").WithPieces(3, time.Millisecond).WithUsage(200, 20))
	r := testReport("f")
	var deltas []string
	ex := e.FollowUp(context.Background(), seal(r), followUpPrompt, func(s string) { deltas = append(deltas, s) })
	if ex.Error != "" || ex.Text != "Because NewCart makes it empty." || ex.Provider != "openai" || ex.Cached || ex.CostUSD == 0 {
		t.Fatalf("follow-up: %+v", ex)
	}
	if len(deltas) != 3 || strings.Join(deltas, "") != ex.Text {
		t.Fatalf("deltas %q", deltas)
	}
	req := srv.Requests()[0]
	if sys, _ := req.Message("system"); sys != followUpPrompt.System {
		t.Fatalf("system sent: %q", sys)
	}
	if user, _ := req.Message("user"); user != followUpPrompt.User || !req.Stream {
		t.Fatalf("user sent: %q (stream %v)", user, req.Stream)
	}
	if r.Prompt.User == followUpPrompt.User {
		t.Fatal("the report's own prompt was replaced")
	}
}

func TestFollowUpIsNeitherCachedNorShared(t *testing.T) {
	e, srv := newEngine(t, Config{}, fakeopenai.Reply("explained"), fakeopenai.Reply("first answer"), fakeopenai.Reply("second answer"))
	r := testReport("same")
	explainReport(e, context.Background(), r, nil)
	a := e.FollowUp(context.Background(), seal(r), followUpPrompt, nil)
	b := e.FollowUp(context.Background(), seal(r), followUpPrompt, nil)
	if a.Text != "first answer" || b.Text != "second answer" || srv.Calls() != 3 {
		t.Fatalf("answers %q, %q after %d calls", a.Text, b.Text, srv.Calls())
	}
}

func TestFollowUpSharesTheThrottle(t *testing.T) {
	e, srv := newEngine(t, Config{ThrottleCalls: 2, ThrottleWindow: time.Hour}, fakeopenai.Reply("explained"), fakeopenai.Reply("answered"))
	r := testReport("t")
	explainReport(e, context.Background(), r, nil)
	if ex := e.FollowUp(context.Background(), seal(r), followUpPrompt, nil); ex.Error != "" {
		t.Fatalf("second call refused: %+v", ex)
	}
	ex := e.FollowUp(context.Background(), seal(r), followUpPrompt, nil)
	if !ex.Throttled || ex.Text != "" || !strings.Contains(ex.Error, "limit of 2 model calls per 1h0m0s") || !strings.Contains(ex.Error, "no call was made") {
		t.Fatalf("third call: %+v", ex)
	}
	if srv.Calls() != 2 {
		t.Fatalf("server got %d calls, want 2", srv.Calls())
	}
}

func TestFollowUpFailuresSayWhat(t *testing.T) {
	tests := []struct {
		name    string
		answer  fakeopenai.Answer
		text    string
		errText []string
	}{
		{"status", fakeopenai.Status(401, "invalid api key"), "", []string{"status 401", "invalid api key"}},
		{"timeout", fakeopenai.Stall(), "", []string{"did not answer within", "timeout of 150ms"}},
		{"stalled stream", fakeopenai.Answer{Text: "Half an answer", Stall: true, StallAfter: 1, Pieces: 2}, "Half an", []string{"did not finish within", "incomplete"}},
		{"broken stream", fakeopenai.Cut("The map is nil and then", 2), "The map is nil", []string{"incomplete"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			e, _ := newEngine(t, Config{Timeout: 150 * time.Millisecond}, tt.answer)
			var streamed strings.Builder
			ex := e.FollowUp(context.Background(), seal(testReport("x")), followUpPrompt, func(s string) { streamed.WriteString(s) })
			if ex.Text != tt.text || streamed.String() != tt.text || ex.Fallback != "" {
				t.Fatalf("text %q, streamed %q, fallback %q", ex.Text, streamed.String(), ex.Fallback)
			}
			for _, want := range tt.errText {
				if !strings.Contains(ex.Error, want) {
					t.Fatalf("error %q does not say %q", ex.Error, want)
				}
			}
		})
	}
}

func TestFollowUpEndsWhenThePageLeaves(t *testing.T) {
	e, _ := newEngine(t, Config{}, fakeopenai.Stall())
	ctx, cancel := context.WithCancel(context.Background())
	time.AfterFunc(50*time.Millisecond, cancel)
	done := make(chan report.Explanation, 1)
	go func() { done <- e.FollowUp(ctx, seal(testReport("x")), followUpPrompt, func(string) {}) }()
	select {
	case ex := <-done:
		if !strings.Contains(ex.Error, "abandoned") {
			t.Fatalf("error %q", ex.Error)
		}
	case <-time.After(10 * time.Second):
		t.Fatal("the follow-up outlived its request")
	}
}

func TestFollowUpNeedsAModel(t *testing.T) {
	e := New(Config{Provider: offline.New()})
	if e.CanFollowUp() {
		t.Fatal("the offline analyzer takes follow-up questions")
	}
	ex := e.FollowUp(context.Background(), seal(testReport("x")), followUpPrompt, nil)
	if ex.Error != NoModelForFollowUp || ex.Text != "" {
		t.Fatalf("offline follow-up: %+v", ex)
	}
	if New(Config{}).CanFollowUp() {
		t.Fatal("an engine without a provider takes follow-up questions")
	}
}

// TestFollowUpSendsNoSecret checks that every part of a follow-up prompt
// (the first prompt, the answer, earlier exchanges, the question) is
// redacted on its way into the sealed report the model is sent, and that
// the request's own secrets stay hidden in the answer.
func TestFollowUpSendsNoSecret(t *testing.T) {
	const liveKey = "sk_live_4eC39HqLyjWDarjtT1zdp7dc"
	e, srv := newEngine(t, Config{}, fakeopenai.Reply("Your password hunter2-request-only is fine."))
	known := new(redact.Known)
	known.Add("hunter2-request-only")
	s := redact.Seal(testReport("f"), known)
	question := "My key is " + liveKey + " and password=CorrectHorse9 in config.yaml: is that why?"
	p := prompt.FollowUp(report.Prompt{System: "s", User: "panic: dial failed for postgres://app:hunter2secret@db/app"},
		"Rotate "+liveKey+".", []prompt.Exchange{{Question: "token ghp_abcdefghijklmnopqrstuvwxyz0123?", Answer: "ok"}}, question, prompt.FollowUpOptions{})
	ex := e.FollowUp(context.Background(), s, p, nil)
	for _, secret := range []string{liveKey, "CorrectHorse9", "hunter2secret", "ghp_abcdefghijklmnopqrstuvwxyz0123"} {
		if srv.Received(secret) {
			t.Errorf("%q reached the model", secret)
		}
	}
	if !srv.Received("in config.yaml: is that why?") {
		t.Error("the question's words were lost")
	}
	if strings.Contains(ex.Text, "hunter2-request-only") || !strings.Contains(ex.Text, "is fine") {
		t.Errorf("answer %q: the request's secret must be hidden, the rest kept", ex.Text)
	}
}
