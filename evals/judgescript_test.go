package main

import (
	"fmt"
	"path/filepath"
	"strings"
	"sync"
	"testing"

	"github.com/explainerr/explainerr/internal/fakeopenai"
)

// judgeCall is one judge request as the fake server received it.
type judgeCall struct {
	fixture string
	model   string
	a, b    string
	user    string
}

// judgeScript plays the generator and a scripted judge on one fake
// server. The generator's explanation names the context it was given
// ("rag" or not), so that the two sides of a comparison differ, unless
// the fixture is listed in identical.
type judgeScript struct {
	mu        sync.Mutex
	identical map[string]bool
	judge     func(judgeCall) fakeopenai.Answer
	calls     []judgeCall
}

const ragMarker = "The seed data matters too."

func (s *judgeScript) answer(req fakeopenai.Request) fakeopenai.Answer {
	system, _ := req.Message("system")
	user, _ := req.Message("user")
	s.mu.Lock()
	defer s.mu.Unlock()
	id := fixtureOf(user)
	if !strings.HasPrefix(system, "You grade explanations") {
		text := fmt.Sprintf("The handler fails in `%s`. Look at `(*Store).FeaturedPost` in `store_posts.go`.", id)
		if strings.Contains(user, "and more from the app's index") && !s.identical[id] {
			text += " " + ragMarker
		}
		return fakeopenai.Reply(text).WithModel("gen-model").WithUsage(900, 120)
	}
	c := judgeCall{fixture: id, model: req.Model, user: user}
	c.a, c.b = shownExplanations(user)
	s.calls = append(s.calls, c)
	return s.judge(c)
}

// judgeCalls returns the judge calls received so far.
func (s *judgeScript) judgeCalls() []judgeCall {
	s.mu.Lock()
	defer s.mu.Unlock()
	return append([]judgeCall(nil), s.calls...)
}

// shownExplanations cuts explanations A and B out of a judge prompt.
func shownExplanations(user string) (a, b string) {
	_, rest, _ := strings.Cut(user, "## Explanation A\n\n")
	a, b, _ = strings.Cut(rest, "\n\n## Explanation B\n\n")
	return a, strings.TrimSpace(b)
}

// verdict is a well-formed judgment naming winner, quoting a line of the
// excerpt the judge was shown.
func verdict(c judgeCall, winner string) fakeopenai.Answer {
	quote := excerptLine.FindStringSubmatch(c.user)[1]
	side := fmt.Sprintf(`{"claims": [{"claim": "names the store method", "verdict": "verified", "evidence": %q}],
 "identifies_cause": true, "points_to_fix_location": true, "fix_would_work": false, "written_for_learner": true}`, quote)
	return fakeopenai.Reply(fmt.Sprintf(`{"A": %s, "B": %s, "winner": %q, "reasoning": "scripted"}`, side, side, winner))
}

// alwaysA is a judge with a pure position effect.
func alwaysA(c judgeCall) fakeopenai.Answer { return verdict(c, "A").WithModel("judge-model") }

// judgeEnv configures the generator and the judge on srv.
func judgeEnv(srv *fakeopenai.Server) map[string]string {
	return map[string]string{
		"OPENAI_BASE_URL": srv.URL, "OPENAI_API_KEY": "test-key", "EXPLAINERR_MODEL": "gen-model",
		"EXPLAINERR_JUDGE_MODEL": "judge-model", "EXPLAINERR_JUDGE_BASE_URL": srv.URL, "EXPLAINERR_JUDGE_API_KEY": "judge-key",
	}
}

// runScripted runs go run ./evals with args and -out against a fake
// server playing s, and checks the exit code. It returns the run
// directory and the terminal report.
func runScripted(t *testing.T, s *judgeScript, wantCode int, args ...string) (out, stdout string) {
	t.Helper()
	srv := fakeopenai.New()
	t.Cleanup(srv.Close)
	srv.Handle(s.answer)
	pinTree(t)
	out = filepath.Join(t.TempDir(), "run")
	code, stdout, stderr := runEvals(t, judgeEnv(srv), append([]string{"-out", out}, args...)...)
	if code != wantCode {
		t.Fatalf("exit %d, want %d\nstdout:\n%s\nstderr:\n%s", code, wantCode, stdout, stderr)
	}
	return out, stdout
}
