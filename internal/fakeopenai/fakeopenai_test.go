package fakeopenai

import (
	"bufio"
	"context"
	"encoding/json"
	"errors"
	"io"
	"net/http"
	"strings"
	"testing"
	"time"
	"unicode/utf8"

	"github.com/explainerr/explainerr/internal/leakcheck"
)

func TestMain(m *testing.M) { leakcheck.VerifyTestMain(m) }

const chatBodyJSON = `{"model":"gpt-4o-mini","messages":[{"role":"system","content":"be brief"},{"role":"user","content":[{"type":"text","text":"why"},{"type":"text","text":" did it fail"}]}]%s}`

func post(t *testing.T, ctx context.Context, s *Server, extra string) *http.Response {
	t.Helper()
	body := strings.Replace(chatBodyJSON, "%s", extra, 1)
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, s.URL+"/chat/completions", strings.NewReader(body))
	if err != nil {
		t.Fatal(err)
	}
	req.Header.Set("Authorization", "Bearer test-key")
	res, err := s.Client().Do(req)
	if err != nil {
		t.Fatal(err)
	}
	return res
}

// events reads the data lines of a server-sent event stream.
func events(t *testing.T, r io.Reader) ([]string, error) {
	t.Helper()
	var out []string
	sc := bufio.NewScanner(r)
	for sc.Scan() {
		if data, ok := strings.CutPrefix(sc.Text(), "data: "); ok {
			out = append(out, data)
		}
	}
	return out, sc.Err()
}

func TestPlainAnswerAndRecording(t *testing.T) {
	s := New(Reply("because").WithModel("gpt-4o-mini-2024-07-18").WithUsage(11, 3))
	defer s.Close()
	res := post(t, context.Background(), s, "")
	defer res.Body.Close()
	var got wireCompletion
	if err := json.NewDecoder(res.Body).Decode(&got); err != nil {
		t.Fatal(err)
	}
	if got.Model != "gpt-4o-mini-2024-07-18" || got.Choices[0].Message.Content != "because" ||
		*got.Choices[0].FinishReason != "stop" || got.Usage.PromptTokens != 11 || got.Usage.TotalTokens != 14 {
		t.Fatalf("unexpected completion %+v", got)
	}
	reqs := s.Requests()
	if len(reqs) != 1 {
		t.Fatalf("recorded %d requests, want 1", len(reqs))
	}
	r := reqs[0]
	if r.Method != "POST" || r.Path != "/v1/chat/completions" || r.Model != "gpt-4o-mini" || r.Stream {
		t.Fatalf("bad record %+v", r)
	}
	if user, _ := r.Message("user"); user != "why did it fail" {
		t.Fatalf("user message %q", user)
	}
	if !s.Received("test-key") || !s.Received("be brief") || s.Received("absent-secret") {
		t.Fatal("Received does not search headers and body")
	}
}

func TestStreamDeltasUsageAndDone(t *testing.T) {
	text := "one two three four"
	s := New(Reply(text).WithPieces(4, time.Millisecond).WithFinishReason("length"))
	defer s.Close()
	res := post(t, context.Background(), s, `,"stream":true,"stream_options":{"include_usage":true}`)
	defer res.Body.Close()
	if ct := res.Header.Get("Content-Type"); ct != "text/event-stream" {
		t.Fatalf("content type %q", ct)
	}
	evs, err := events(t, res.Body)
	if err != nil {
		t.Fatal(err)
	}
	if len(evs) != 4+3 || evs[len(evs)-1] != "[DONE]" {
		t.Fatalf("want 4 deltas, finish, usage, [DONE]; got %q", evs)
	}
	var sb strings.Builder
	for _, e := range evs[:4] {
		var c wireCompletion
		if err := json.Unmarshal([]byte(e), &c); err != nil {
			t.Fatal(err)
		}
		sb.WriteString(c.Choices[0].Delta.Content)
	}
	if sb.String() != text {
		t.Fatalf("deltas join to %q", sb.String())
	}
	if !strings.Contains(evs[4], `"finish_reason":"length"`) || !strings.Contains(evs[5], `"usage"`) {
		t.Fatalf("finish or usage chunk missing: %q", evs[4:])
	}
	if !s.Requests()[0].IncludeUsage {
		t.Fatal("include_usage not recorded")
	}
}

func TestStatusAndHandlerHook(t *testing.T) {
	s := New(Status(429, "slow down").WithHeader("Retry-After", "1"))
	defer s.Close()
	s.Handle(func(req Request) Answer {
		user, _ := req.Message("user")
		return Reply("echo: " + user)
	})
	res := post(t, context.Background(), s, "")
	b, _ := io.ReadAll(res.Body)
	res.Body.Close()
	if res.StatusCode != 429 || res.Header.Get("Retry-After") != "1" || !strings.Contains(string(b), `"message":"slow down"`) {
		t.Fatalf("status answer: %d %q", res.StatusCode, b)
	}
	res = post(t, context.Background(), s, "")
	b, _ = io.ReadAll(res.Body)
	res.Body.Close()
	if !strings.Contains(string(b), "echo: why did it fail") {
		t.Fatalf("handler answer: %q", b)
	}
	if s.Calls() != 2 {
		t.Fatalf("calls = %d", s.Calls())
	}
}

func TestUnscriptedCallAndBadBody(t *testing.T) {
	s := New()
	defer s.Close()
	res := post(t, context.Background(), s, "")
	b, _ := io.ReadAll(res.Body)
	res.Body.Close()
	if res.StatusCode != 500 || !strings.Contains(string(b), "no answer scripted") {
		t.Fatalf("unscripted: %d %q", res.StatusCode, b)
	}
	res, err := s.Client().Post(s.URL+"/chat/completions", "application/json", strings.NewReader("{nope"))
	if err != nil {
		t.Fatal(err)
	}
	res.Body.Close()
	if res.StatusCode != 400 || s.Requests()[1].DecodeError == "" {
		t.Fatalf("bad body: status %d, record %+v", res.StatusCode, s.Requests()[1])
	}
}

func TestCutStreamEndsWithoutDone(t *testing.T) {
	s := New(Cut("alpha beta gamma delta", 2))
	defer s.Close()
	res := post(t, context.Background(), s, `,"stream":true`)
	defer res.Body.Close()
	evs, err := events(t, res.Body)
	if err == nil || !errors.Is(err, io.ErrUnexpectedEOF) {
		t.Fatalf("want an unexpected EOF, got %v", err)
	}
	if len(evs) != 2 {
		t.Fatalf("want 2 deltas before the cut, got %q", evs)
	}
}

func TestMalformedPlainBody(t *testing.T) {
	s := New(Malformed())
	defer s.Close()
	res := post(t, context.Background(), s, "")
	defer res.Body.Close()
	var v any
	if err := json.NewDecoder(res.Body).Decode(&v); err == nil {
		t.Fatal("malformed answer decoded")
	}
}

func TestStallEndsWhenClientGoesAway(t *testing.T) {
	s := New(Stall())
	defer s.Close()
	ctx, cancel := context.WithTimeout(context.Background(), 50*time.Millisecond)
	defer cancel()
	start := time.Now()
	req, _ := http.NewRequestWithContext(ctx, http.MethodPost, s.URL+"/chat/completions", strings.NewReader(strings.Replace(chatBodyJSON, "%s", "", 1)))
	_, err := s.Client().Do(req)
	if !errors.Is(err, context.DeadlineExceeded) {
		t.Fatalf("want deadline exceeded, got %v", err)
	}
	if d := time.Since(start); d > 2*time.Second {
		t.Fatalf("stall outlived the client by %s", d)
	}
}

func TestCloseEndsStalledStream(t *testing.T) {
	s := New(Answer{Text: "first second", Stall: true, StallAfter: 1, Pieces: 2})
	res := post(t, context.Background(), s, `,"stream":true`)
	defer res.Body.Close()
	br := bufio.NewReader(res.Body)
	line, err := br.ReadString('\n')
	if err != nil || !strings.Contains(line, "first") {
		t.Fatalf("first delta: %q %v", line, err)
	}
	done := make(chan struct{})
	go func() { s.Close(); close(done) }()
	select {
	case <-done:
	case <-time.After(2 * time.Second):
		t.Fatal("Close did not end the stalled handler")
	}
	s.Close() // idempotent
}

func TestPiecesKeepUTF8Whole(t *testing.T) {
	text := "héllo wörld ✓ ok"
	ps := Answer{Text: text, Pieces: 7}.pieces()
	if strings.Join(ps, "") != text {
		t.Fatalf("pieces join to %q", strings.Join(ps, ""))
	}
	for _, p := range ps {
		if !utf8.ValidString(p) {
			t.Fatalf("piece %q splits a rune", p)
		}
	}
}
