//go:build long

package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/explainerr/explainerr/evals/internal/pipeline"
	"github.com/explainerr/explainerr/evals/internal/records"
	"github.com/explainerr/explainerr/internal/fakeopenai"
)

// TestEndToEndThroughTheJudge runs four fixtures through the generator and
// the judge, each fixture's judge call failing its own way, then resumes,
// regrades and summarises the run: the long suite's (go test -tags long);
// TestJudgedRunOfOneFixture is the default run's.
func TestEndToEndThroughTheJudge(t *testing.T) {
	s := &script{judgeFail: map[string]bool{"comment_route_param": true}, judges: map[string]int{}}
	srv := fakeopenai.New()
	defer srv.Close()
	srv.Handle(s.answer)
	env := map[string]string{
		"OPENAI_BASE_URL": srv.URL, "OPENAI_API_KEY": "test-key", "EXPLAINERR_MODEL": "gen-model",
		"EXPLAINERR_JUDGE_MODEL": "judge-model", "EXPLAINERR_JUDGE_BASE_URL": srv.URL, "EXPLAINERR_JUDGE_API_KEY": "judge-key",
	}
	// Pin the source tree: files elsewhere in the module may change while
	// the test runs; the stale check is tested by changing the pin.
	tree := "tree-under-test"
	pipeline.TreeHash = func(string) (string, error) { return tree, nil }
	defer func() { pipeline.TreeHash = records.SourceTreeHash }()
	out := filepath.Join(t.TempDir(), "run")
	args := []string{"-out", out, "-seed", "7", "-fixture", "featured_post_nil", "-fixture", "search_unknown_column",
		"-fixture", "comment_route_param", "-fixture", "archive_page_out_of_range"}

	// Malformed answers and API errors make more than a third of the
	// judgments fail: the failure rule fails the run.
	code, stdout, stderr := runEvals(t, env, args...)
	if code != 1 {
		t.Fatalf("exit %d, want 1\nstdout:\n%s\nstderr:\n%s", code, stdout, stderr)
	}
	rows := readRows(t, out)
	if len(rows.Generations) != 12 {
		t.Fatalf("%d generation rows, want 12 (4 fixtures x 3 modes)", len(rows.Generations))
	}
	// The harness stores exactly the prompt the middleware sent.
	for _, g := range rows.Generations {
		sent, err := os.ReadFile(filepath.Join(out, g.TraceDir, "prompt_user.txt"))
		if err != nil {
			t.Fatal(err)
		}
		found := false
		for _, p := range s.prompts {
			found = found || p == string(sent)
		}
		if !found {
			t.Errorf("%s/%s: the stored prompt is not one the model received", g.Fixture, g.Mode)
		}
		if g.Model != "gen-model" || g.Checker.UnknownIdentifier == 0 {
			t.Errorf("%s/%s: model %q, checker %+v: NoSuchHelper should be an unknown identifier", g.Fixture, g.Mode, g.Model, g.Checker)
		}
		if want := g.Fixture == "archive_page_out_of_range" && g.Mode == "rag"; g.Truncated != want {
			t.Errorf("%s/%s: truncated %v, want %v", g.Fixture, g.Mode, g.Truncated, want)
		}
	}
	// Judgments: featured parsed, search malformed (a failure, not a tie);
	// comment hit an API error and archive a model mismatch: errors, not results.
	// Each fixture is judged in both orders and by an identical-answer
	// control: featured 3, search 3 (malformed), comment 2 (its first call
	// errored), archive none (every call a mismatch).
	byFixture := map[string]records.Judgment{}
	for _, j := range rows.Judgments {
		if !j.Control {
			byFixture[j.Fixture] = j
		}
	}
	if len(rows.Judgments) != 8 {
		t.Fatalf("%d judgment rows, want 8: %+v", len(rows.Judgments), rows.Judgments)
	}
	ok := byFixture["featured_post_nil"]
	if ok.Failed || ok.Judgment == nil || ok.WinnerMode != "rag" {
		t.Errorf("featured judgment: %+v", ok)
	}
	if side := ok.Judgment.A; side.Contradicted != 1 || side.NoFabrication || side.Uncited != 0 || side.Absent != 1 {
		t.Errorf("featured side A: %+v", side)
	}
	if bad := byFixture["search_unknown_column"]; !bad.Failed || bad.WinnerMode != "" || bad.Failure == "" {
		t.Errorf("malformed judgment must be a failure: %+v", bad)
	}
	errs, err := (&records.Dir{Path: out}).ReadErrors()
	if err != nil {
		t.Fatal(err)
	}
	var errText []string
	for _, e := range errs {
		errText = append(errText, e.Stage+" "+e.Fixture+": "+e.Error)
	}
	all := strings.Join(errText, "\n")
	if len(errs) != 4 || !strings.Contains(all, "judge comment_route_param") || !strings.Contains(all, "another model") {
		t.Errorf("errors.jsonl:\n%s", all)
	}
	// The judge never learns which side used retrieval.
	for _, r := range srv.Requests() {
		if sys, _ := r.Message("system"); strings.HasPrefix(sys, "You grade") {
			user, _ := r.Message("user")
			if strings.Contains(strings.ToLower(user), "retriev") || strings.Contains(user, "rag-first") || strings.Contains(user, "static-first") {
				t.Error("the judge's input reveals the modes")
			}
		}
	}
	// 7 failures of 12 judgments: more than a third, no tallies.
	if !strings.Contains(stdout, "withheld") || !strings.Contains(stdout, "(7 of 12, API errors included)") {
		t.Errorf("winner tallies should be withheld:\n%s", stdout)
	}
	for _, f := range []string{"run.json", "report.md", "report.html", "index.db"} {
		if _, err := os.Stat(filepath.Join(out, f)); err != nil {
			t.Error(err)
		}
	}
	var info records.RunInfo
	data, _ := os.ReadFile(filepath.Join(out, "run.json"))
	if err := json.Unmarshal(data, &info); err != nil || info.SourceTreeHash == "" || info.IndexHash == "" || info.JudgeModel != "judge-model" || info.Seed != 7 {
		t.Errorf("run.json: %+v (%v)", info, err)
	}

	// Resume: only the judgment that hit an API error (and the mismatch)
	// are made again; no generation is repeated.
	gens, judgeCalls := s.genCalls, s.judges["comment_route_param"]
	code, stdout, stderr = runEvals(t, env, args...)
	if code != 1 {
		t.Fatalf("resume: exit %d, want 1\n%s\n%s", code, stdout, stderr)
	}
	if s.genCalls != gens {
		t.Errorf("resume made %d generator calls, want 0", s.genCalls-gens)
	}
	if s.judges["comment_route_param"] != judgeCalls+1 || s.judges["featured_post_nil"] != 3 || s.judges["search_unknown_column"] != 3 {
		t.Errorf("resume judged %v", s.judges)
	}
	rows = readRows(t, out)
	if len(rows.Judgments) != 9 {
		t.Fatalf("after resume: %d judgments, want 9", len(rows.Judgments))
	}
	// The served-model mismatches are still failed judgments after the
	// resume: with the malformed ones, 6 of 12 failed, more than a third.
	if !strings.Contains(stdout, "withheld") || !strings.Contains(stdout, "(6 of 12, API errors included)") {
		t.Errorf("6 failures of 12 judgments (3 API errors) must withhold the tallies:\n%s", stdout)
	}

	// Regrade makes no model call, and re-scores a repaired raw answer.
	calls := srv.Calls()
	goodByOrder := map[string]string{}
	for _, j := range rows.Judgments {
		if j.Fixture == "featured_post_nil" {
			goodByOrder[j.Order] = j.TraceDir
		}
	}
	for _, j := range rows.Judgments {
		if j.Fixture != "search_unknown_column" {
			continue
		}
		good, err := os.ReadFile(filepath.Join(out, goodByOrder[j.Order], "raw.txt"))
		if err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(out, j.TraceDir, "raw.txt"), good, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	code, stdout, stderr = runEvals(t, env, "regrade", out)
	if code != 0 {
		t.Fatalf("regrade: exit %d\n%s\n%s", code, stdout, stderr)
	}
	// Like a run, regrade compares with the committed baseline unless
	// told otherwise.
	if !strings.Contains(stdout, "Baseline: PASS (compared with ") || !strings.Contains(stdout, filepath.Join("evals", "baseline.json")+")") {
		t.Errorf("regrade did not compare with the committed baseline:\n%s", stdout)
	}
	if _, stdout, _ := runEvals(t, env, "summary", "-baseline", "none", out); strings.Contains(stdout, "compared with") {
		t.Errorf("summary -baseline none compared with a baseline:\n%s", stdout)
	}
	if srv.Calls() != calls {
		t.Errorf("regrade made %d model calls", srv.Calls()-calls)
	}
	rows = readRows(t, out)
	failed := 0
	for _, j := range rows.Judgments {
		if j.Failed {
			failed++
		}
	}
	// Repaired, only the mismatches fail: 3 of 12 overall, so the
	// overall tally is shown.
	if regexp.MustCompile(`(?m)^all\s.*withheld`).MatchString(stdout) {
		t.Errorf("3 failures of 12 judgments must not withhold the tallies:\n%s", stdout)
	}
	if len(rows.Judgments) != 9 || failed != 0 || len(rows.Generations) != 12 {
		t.Errorf("after regrade: %d judgments, %d failed, %d generations", len(rows.Judgments), failed, len(rows.Generations))
	}

	// A run made from another source tree is flagged as stale.
	if strings.Contains(stderr, "STALE") {
		t.Fatalf("fresh results flagged stale:\n%s", stderr)
	}
	tree = "a-changed-tree"
	_, stdout, stderr = runEvals(t, env, "summary", out)
	if !strings.Contains(stderr, "STALE") || !strings.Contains(stdout, "STALE") {
		t.Errorf("summary of a stale run does not warn:\nstdout:\n%s\nstderr:\n%s", stdout, stderr)
	}
	_, stdout, _ = runEvals(t, env, "spotcheck", out)
	if !strings.Contains(stdout, "FeaturedPost takes an id") {
		t.Errorf("spotcheck should list the contradicted claim naming an identifier:\n%s", stdout)
	}
}
