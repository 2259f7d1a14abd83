package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/explainerr/explainerr/internal/fakeopenai"
)

// TestJudgedRunShowsTheCostAndWaitsForYes: -judged prints the cost
// estimate and, answered "n", starts nothing: no model call, no run.
func TestJudgedRunShowsTheCostAndWaitsForYes(t *testing.T) {
	srv := fakeopenai.New()
	defer srv.Close()
	env := judgeEnv(srv)
	env["EXPLAINERR_JUDGE2_MODEL"], env["EXPLAINERR_JUDGE2_BASE_URL"] = "judge2-model", srv.URL
	confirmInput = strings.NewReader("n\n")
	defer func() { confirmInput = os.Stdin }()
	out := filepath.Join(t.TempDir(), "judged")
	code, stdout, stderr := runEvals(t, env, "-judged", "-out", out, "-fixture", "featured_post_nil", "-judge-price", "1,2")
	if code != 2 || !strings.Contains(stderr, "not started") {
		t.Fatalf("exit %d, want 2 and 'not started'\nstdout:\n%s\nstderr:\n%s", code, stdout, stderr)
	}
	// 1 fixture x 3 seeds: 9 generations; the judge asked 3 times per
	// comparison (9 calls), the second judge the 2 orders (6 calls).
	for _, w := range []string{"Cost estimate: 1 fixture(s) x 3 seed(s) x 1 run(s)", "Start the judged run? [y/N]",
		"generator gen-model", "      9 calls", `unknown: no price for "gen-model" (pass -generator-price IN,OUT)`,
		"judge     judge-model", "judge2    judge2-model", "      6 calls", `unknown: no price for "judge2-model"`, "total unknown"} {
		if !strings.Contains(stdout, w) {
			t.Errorf("the estimate lacks %q:\n%s", w, stdout)
		}
	}
	if srv.Calls() != 0 {
		t.Errorf("%d model calls before the run was confirmed", srv.Calls())
	}
	if _, err := os.Stat(out); err == nil {
		t.Error("a declined run made its directory")
	}
	if code, _, stderr := runEvals(t, env, "-judged", "-seeds", "2", "-yes", "-out", out); code != 2 || !strings.Contains(stderr, "at least 3 seeds") {
		t.Errorf("-seeds 2: exit %d, %s", code, stderr)
	}
	if code, _, stderr := runEvals(t, env, "-judged", "-both-orders=false", "-yes", "-out", out); code != 2 || !strings.Contains(stderr, "judges both orders") {
		t.Errorf("-both-orders=false: exit %d, %s", code, stderr)
	}
	if code, _, stderr := runEvals(t, map[string]string{}, "-judged", "-yes", "-out", out); code != 2 || !strings.Contains(stderr, "no judge configured") {
		t.Errorf("no judge: exit %d, %s", code, stderr)
	}
}
