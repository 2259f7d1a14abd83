package main

import (
	"bytes"
	"context"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"sync"
	"testing"

	"github.com/explainerr/explainerr/blogapp/fixture"
	"github.com/explainerr/explainerr/evals/internal/pipeline"
	"github.com/explainerr/explainerr/evals/internal/records"
	"github.com/explainerr/explainerr/internal/fakeopenai"
)

// The fixtures the end-to-end test runs, by the request path in the prompt.
var e2ePaths = map[string]string{
	"GET /featured":  "featured_post_nil",
	"GET /search?q=": "search_unknown_column",
	"/comments/":     "comment_route_param",
	"GET /archive":   "archive_page_out_of_range",
}

// fixtureOf returns the fixture whose request the prompt's request
// section shows: the app source after it may hold the routes of others.
func fixtureOf(prompt string) string {
	request := prompt
	if _, after, ok := strings.Cut(prompt, "## Request"); ok {
		request, _, _ = strings.Cut(after, "\n## ")
	}
	for p, id := range e2ePaths {
		if strings.Contains(request, p) {
			return id
		}
	}
	return ""
}

// references are the blog fixtures' reference explanations, by id.
var references = sync.OnceValue(func() map[string]string {
	ff, err := fixture.Load(filepath.Join("..", "blogapp", "fixtures.json"))
	if err != nil {
		panic(err)
	}
	out := map[string]string{}
	for _, fx := range ff.Fixtures {
		out[fx.ID] = fx.Reference
	}
	return out
})

// referenceOf returns the reference explanation of the fixture id.
func referenceOf(id string) string { return references()[id] }

// script plays the generator and the judge on one fake server.
type script struct {
	mu sync.Mutex
	// judgeFail lists fixtures whose next judge call gets an API error.
	judgeFail map[string]bool
	genCalls  int
	judges    map[string]int
	prompts   []string
}

var excerptLine = regexp.MustCompile(`(?m)^\s*\d+ \| (.*\S.*)$`)

func (s *script) answer(req fakeopenai.Request) fakeopenai.Answer {
	system, _ := req.Message("system")
	user, _ := req.Message("user")
	s.mu.Lock()
	defer s.mu.Unlock()
	if !strings.HasPrefix(system, "You grade explanations") {
		s.genCalls++
		s.prompts = append(s.prompts, user)
		id := fixtureOf(user)
		// A good explanation (the fixture's reference) with one made-up
		// name the checker must flag: the coverage self-checks compare
		// keyword stuffing with these answers.
		text := fmt.Sprintf("%s The handler fails in `%s`; compare `NoSuchHelper`.", referenceOf(id), id)
		if strings.Contains(user, "and more from the app's index") {
			text += " " + ragMarker
		}
		a := fakeopenai.Reply(text).WithModel("gen-model").WithUsage(900, 120)
		if id == "archive_page_out_of_range" && strings.Contains(user, "and more from the app's index") {
			a = a.WithFinishReason("length")
		}
		return a
	}
	id := fixtureOf(user)
	s.judges[id]++
	if s.judgeFail[id] {
		delete(s.judgeFail, id)
		return fakeopenai.Status(400, "the judge is unavailable")
	}
	switch id {
	case "search_unknown_column":
		return fakeopenai.Reply(`{"A": {"claims": [`).WithModel("judge-model") // malformed
	case "archive_page_out_of_range":
		return fakeopenai.Reply("{}").WithModel("another-model") // served model mismatch
	}
	quote := excerptLine.FindStringSubmatch(user)[1]
	side := func(ok bool) string {
		return fmt.Sprintf(`{"claims": [{"claim": "names the store method", "verdict": "verified", "evidence": %q},
 {"claim": "FeaturedPost takes an id", "verdict": "contradicted", "evidence": %q},
 {"claim": "the seed has no featured post", "verdict": "absent", "evidence": ""}],
 "identifies_cause": %v, "points_to_fix_location": true, "fix_would_work": false, "written_for_learner": true}`, quote, quote, ok)
	}
	// A consistent judge: the explanation written with retrieved context
	// wins in either position; identical sides (the control) tie.
	a, b := shownExplanations(user)
	winner := "B"
	switch {
	case a == b:
		winner = "tie"
	case strings.Contains(a, ragMarker):
		winner = "A"
	}
	return fakeopenai.Reply(fmt.Sprintf(`{"A": %s, "B": %s, "winner": %q, "reasoning": "A names the cause."}`, side(true), side(false), winner)).WithModel("judge-model")
}

func runEvals(t *testing.T, env map[string]string, args ...string) (code int, stdout, stderr string) {
	t.Helper()
	var out, errb bytes.Buffer
	code = run(context.Background(), args, func(k string) string { return env[k] }, &out, &errb)
	return code, out.String(), errb.String()
}

func readRows(t *testing.T, dir string) *records.Rows {
	t.Helper()
	rows, err := (&records.Dir{Path: dir}).ReadResults()
	if err != nil {
		t.Fatal(err)
	}
	return rows
}

// TestJudgedRunOfOneFixture runs one fixture through the generator and the
// judge on a fake model server, as TestEndToEndThroughTheJudge (the long
// suite's) does for four: each mode's generation is stored with the prompt
// the model received, the judge's answer is parsed into a result without
// learning which side used retrieval, and a resume repeats no call.
func TestJudgedRunOfOneFixture(t *testing.T) {
	s := &script{judges: map[string]int{}}
	srv := fakeopenai.New()
	defer srv.Close()
	srv.Handle(s.answer)
	env := map[string]string{
		"OPENAI_BASE_URL": srv.URL, "OPENAI_API_KEY": "test-key", "EXPLAINERR_MODEL": "gen-model",
		"EXPLAINERR_JUDGE_MODEL": "judge-model", "EXPLAINERR_JUDGE_BASE_URL": srv.URL, "EXPLAINERR_JUDGE_API_KEY": "judge-key",
	}
	pipeline.TreeHash = func(string) (string, error) { return "tree-under-test", nil }
	defer func() { pipeline.TreeHash = records.SourceTreeHash }()
	out := filepath.Join(t.TempDir(), "run")
	args := []string{"-out", out, "-seed", "7", "-fixture", "featured_post_nil"}

	code, stdout, stderr := runEvals(t, env, args...)
	if code != 0 {
		t.Fatalf("exit %d\nstdout:\n%s\nstderr:\n%s", code, stdout, stderr)
	}
	rows := readRows(t, out)
	if len(rows.Generations) != 3 {
		t.Fatalf("%d generation rows, want 3 (one fixture x 3 modes)", len(rows.Generations))
	}
	for _, g := range rows.Generations {
		sent, err := os.ReadFile(filepath.Join(out, g.TraceDir, "prompt_user.txt"))
		if err != nil {
			t.Fatal(err)
		}
		if !slices.Contains(s.prompts, string(sent)) {
			t.Errorf("%s: the stored prompt is not one the model received", g.Mode)
		}
		if g.Model != "gen-model" || g.Checker.UnknownIdentifier == 0 {
			t.Errorf("%s: model %q, checker %+v: NoSuchHelper should be an unknown identifier", g.Mode, g.Model, g.Checker)
		}
	}
	// Both orders and the identical-answer control, by default.
	if len(rows.Judgments) != 3 {
		t.Fatalf("%d judgment rows, want 3: %+v", len(rows.Judgments), rows.Judgments)
	}
	for _, j := range rows.Judgments {
		want := "rag"
		if j.Control {
			want = "tie"
		}
		if j.Failed || j.Judgment == nil || j.WinnerMode != want {
			t.Fatalf("judgment: %+v", j)
		}
		if side := j.Judgment.A; side.Contradicted != 1 || side.NoFabrication || side.Absent != 1 {
			t.Errorf("side A: %+v", side)
		}
	}
	if !strings.Contains(stdout, "Gates: PASS") || !strings.Contains(stdout, "Identical-answer controls: a winner named on 0/1") {
		t.Errorf("a consistent judge's run:\n%s", stdout)
	}
	for _, r := range srv.Requests() {
		if sys, _ := r.Message("system"); strings.HasPrefix(sys, "You grade") {
			user, _ := r.Message("user")
			if strings.Contains(strings.ToLower(user), "retriev") || strings.Contains(user, "rag-first") || strings.Contains(user, "static-first") {
				t.Error("the judge's input reveals the modes")
			}
		}
	}

	calls := srv.Calls()
	if code, stdout, stderr = runEvals(t, env, args...); code != 0 {
		t.Fatalf("resume: exit %d\n%s\n%s", code, stdout, stderr)
	}
	if srv.Calls() != calls {
		t.Errorf("the resume of a complete run made %d model calls, want 0", srv.Calls()-calls)
	}
}
