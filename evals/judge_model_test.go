package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/explainerr/explainerr/internal/fakeopenai"
)

// logFailures logs the report's failing gates and their first reasons.
func logFailures(t *testing.T, out string) {
	t.Helper()
	lines := strings.Split(out, "\n")
	for i, l := range lines {
		if strings.Contains(l, ": FAIL") && !strings.HasPrefix(l, "Gates:") {
			end := min(i+3, len(lines))
			t.Logf("%s", strings.Join(lines[i:end], "\n"))
		}
	}
}

// TestJudgeServingAnotherModelFailsTheRun points the judge at a server
// that answers every call with another model than the one asked for: no
// judgment is a result, and the judged run must fail instead of losing
// layer 3 in silence.
func TestJudgeServingAnotherModelFailsTheRun(t *testing.T) {
	srv := fakeopenai.New()
	defer srv.Close()
	srv.Handle(func(fakeopenai.Request) fakeopenai.Answer {
		return fakeopenai.Reply(`{"A": {"claims": []}, "B": {"claims": []}, "winner": "A"}`).WithModel("another-model")
	})
	env := map[string]string{"EXPLAINERR_JUDGE_MODEL": "judge-model", "EXPLAINERR_JUDGE_BASE_URL": srv.URL, "EXPLAINERR_JUDGE_API_KEY": "k"}
	out := filepath.Join(t.TempDir(), "run")
	// One fixture keeps the run short; the long suite's mutation runs use
	// two.
	code, stdout, stderr := runEvals(t, env, "-out", out, "-fixture", "featured_post_nil")
	if code != 1 {
		t.Fatalf("exit %d, want 1\nstdout:\n%s\nstderr:\n%s", code, stdout, stderr)
	}
	for _, w := range []string{"Judge: FAIL", "judge error: featured_post_nil", "Gates: FAIL"} {
		if !strings.Contains(stdout, w) {
			t.Errorf("the report lacks %q:\n%s", w, stdout)
		}
	}
	logFailures(t, stdout)
	if srv.Calls() < 1 {
		t.Errorf("%d judge calls, want at least one", srv.Calls())
	}
	var sum struct {
		Gates struct {
			Passed      bool `json:"passed"`
			JudgeFailed bool `json:"judge_failed"`
		} `json:"gates"`
	}
	data, err := os.ReadFile(filepath.Join(out, "summary.json"))
	if err != nil {
		t.Fatal(err)
	}
	if err := json.Unmarshal(data, &sum); err != nil || sum.Gates.Passed || !sum.Gates.JudgeFailed {
		t.Errorf("summary.json gates %+v (%v)", sum.Gates, err)
	}
}
