package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/explainerr/explainerr/evals/internal/judge"
	"github.com/explainerr/explainerr/evals/internal/records"
)

// TestSpotcheckListsUncitedVerdicts stores a run with one judgment whose
// sides hold cited and uncited verdicts, and runs "evals spotcheck" on it:
// every verdict quoting a line the judge was not shown is listed with its
// quote and trace, and an uncited contradiction is not listed among the
// contradicted claims.
func TestSpotcheckListsUncitedVerdicts(t *testing.T) {
	dir := t.TempDir()
	d := &records.Dir{Path: dir}
	if err := d.WriteRun(&records.RunInfo{Started: "2026-12-01T00:00:00Z", SourceTreeHash: "x", Runs: 1}); err != nil {
		t.Fatal(err)
	}
	shown := []string{"func (s *Store) FeaturedPost(ctx context.Context) (*Post, error) {", "\treturn nil, nil"}
	raw := `{"A": {"claims": [
  {"claim": "FeaturedPost returns nil, nil", "verdict": "verified", "evidence": "return nil, nil"},
  {"claim": "FeaturedPost takes an id", "verdict": "contradicted", "evidence": "func (s *Store) FeaturedPost(ctx context.Context) (*Post, error) {"},
  {"claim": "PostBySlug wraps ErrNotFound", "verdict": "contradicted", "evidence": "return nil, ErrPostMissing"}],
  "identifies_cause": true, "points_to_fix_location": true, "fix_would_work": true, "written_for_learner": true},
 "B": {"claims": [{"claim": "FeaturedPost is in store_posts.go", "verdict": "verified", "evidence": "### store_posts.go:12-30 FeaturedPost"}],
  "identifies_cause": false, "points_to_fix_location": false, "fix_would_work": false, "written_for_learner": true},
 "winner": "A", "reasoning": "A names the cause."}`
	j, err := judge.Parse(judge.ParseInput{Raw: raw, Citable: shown, NamesCodeA: true, NamesCodeB: true})
	if err != nil {
		t.Fatal(err)
	}
	row := records.Judgment{Kind: records.KindJudgment, Fixture: "featured_post_nil", Group: "app", Run: 1, Rep: 1,
		AMode: "rag", Order: "rag-first", Judgment: j, WinnerMode: "rag", TraceDir: "traces/judge/featured_post_nil/1/1"}
	line, err := json.Marshal(row)
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, records.ResultsFile), append(line, '\n'), 0o644); err != nil {
		t.Fatal(err)
	}
	code, stdout, stderr := runEvals(t, nil, "spotcheck", dir)
	if code != 0 {
		t.Fatalf("exit %d\n%s\n%s", code, stdout, stderr)
	}
	_, uncited, ok := strings.Cut(stdout, "verdicts that quote a line the judge was not shown")
	if !ok {
		t.Fatalf("no section listing uncited verdicts:\n%s", stdout)
	}
	for _, want := range []string{
		`"PostBySlug wraps ErrNotFound"`, `"return nil, ErrPostMissing"`,
		`"FeaturedPost is in store_posts.go"`, `"### store_posts.go:12-30 FeaturedPost"`,
		"traces/judge/featured_post_nil/1/1", "2 verified/contradicted verdicts quote a line the judge was not shown",
	} {
		if !strings.Contains(uncited, want) {
			t.Errorf("uncited section lacks %s:\n%s", want, uncited)
		}
	}
	contradicted, _, _ := strings.Cut(stdout, "verdicts that quote a line the judge was not shown")
	if !strings.Contains(contradicted, "FeaturedPost takes an id") {
		t.Errorf("the cited contradiction naming FeaturedPost is not listed:\n%s", contradicted)
	}
	if strings.Contains(contradicted, "PostBySlug wraps ErrNotFound") {
		t.Errorf("an uncited contradiction is listed as a contradiction:\n%s", contradicted)
	}
	if j.A.Contradicted != 1 || j.A.NoFabrication || j.B.Uncited != 1 || !j.B.NoFabrication {
		t.Errorf("scores: A %+v, B %+v", j.A, j.B)
	}
}
