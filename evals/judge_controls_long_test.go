//go:build long

package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/explainerr/explainerr/evals/internal/records"
	"github.com/explainerr/explainerr/internal/fakeopenai"
)

var fourFixtures = []string{"-fixture", "featured_post_nil", "-fixture", "search_unknown_column",
	"-fixture", "comment_route_param", "-fixture", "archive_page_out_of_range"}

// TestScriptedJudgeFailuresCountAgainstTheRule gives each fixture its own
// scripted judge: byte-identical explanations (tied without asking, the
// control still asked), malformed JSON, answers cut at the token limit
// and API errors. Every cut-off, malformed and errored judgment is a
// failed judgment, on both sides of the failure rule.
func TestScriptedJudgeFailuresCountAgainstTheRule(t *testing.T) {
	s := &judgeScript{identical: map[string]bool{"featured_post_nil": true}}
	s.judge = func(c judgeCall) fakeopenai.Answer {
		switch c.fixture {
		case "search_unknown_column":
			return fakeopenai.Reply(`{"A": {"claims": [`)
		case "comment_route_param":
			return prefersRetrieval(c).WithFinishReason("length")
		case "archive_page_out_of_range":
			return fakeopenai.Status(400, "the judge is unavailable")
		}
		return prefersRetrieval(c)
	}
	out, stdout := runScripted(t, s, 1, fourFixtures...)
	perFixture := map[string]int{}
	for _, c := range s.judgeCalls() {
		perFixture[c.fixture]++
		if c.fixture == "featured_post_nil" && c.a != c.b {
			t.Error("identical explanations were sent to the judge as a comparison")
		}
	}
	if perFixture["featured_post_nil"] != 1 || perFixture["search_unknown_column"] != 3 || perFixture["comment_route_param"] != 3 {
		t.Errorf("judge calls per fixture %v: want only the control for identical explanations, 3 for the others", perFixture)
	}
	for _, j := range readRows(t, out).Judgments {
		switch {
		case j.Fixture == "featured_post_nil" && !j.Control:
			if !j.Identical || j.WinnerMode != "tie" || j.Failed {
				t.Errorf("identical pair: %+v", j)
			}
		case j.Fixture == "featured_post_nil":
			if j.WinnerMode != "tie" || j.Failed {
				t.Errorf("control: %+v", j)
			}
		case j.Fixture == "search_unknown_column":
			if !j.Failed || !strings.Contains(j.Failure, "not the required JSON") {
				t.Errorf("malformed: %+v", j)
			}
		case j.Fixture == "comment_route_param":
			if !j.Failed || !j.Truncated || !strings.Contains(j.Failure, "cut at the token limit") {
				t.Errorf("cut off: %+v", j)
			}
		default:
			t.Errorf("unexpected judgment row %+v", j)
		}
	}
	errs, err := (&records.Dir{Path: out}).ReadErrors()
	if err != nil || len(errs) != 3 {
		t.Fatalf("errors.jsonl: %d rows (%v), want the 3 API errors", len(errs), err)
	}
	sum := readJudgeSummary(t, out)
	c := sum.Judge.Controls
	// Asked: 1 control + 3 + 3 + 3; failed: all but the control.
	if sum.Judge.Judgments != 10 || sum.Judge.Failed != 9 || c.FailedJudgments.K != 9 || c.FailedJudgments.N != 10 || c.IdenticalPairs != 1 {
		t.Errorf("judgments %d, failed %d, controls %+v", sum.Judge.Judgments, sum.Judge.Failed, c)
	}
	if sum.Gates.Passed || len(sum.Gates.JudgeControls) != 1 || !strings.Contains(sum.Gates.JudgeControls[0], "failure rule: 9 of 10") {
		t.Errorf("gates %+v", sum.Gates)
	}
	if !strings.Contains(stdout, "Counted as failed: 3 judge answer(s) cut at the token limit") {
		t.Errorf("the report does not count the cut-off answers as failed:\n%s", stdout)
	}
}

// TestPositionBiasFailsTheRun: over four fixtures an always-A judge wins
// 8 of 8 decisive judgments as A; the exact sign test flags it.
func TestPositionBiasFailsTheRun(t *testing.T) {
	s := &judgeScript{judge: alwaysA}
	out, stdout := runScripted(t, s, 1, fourFixtures...)
	sum := readJudgeSummary(t, out)
	p := sum.Judge.Controls.Position
	if p.AWins != 8 || p.BWins != 0 || p.P >= 0.01 {
		t.Errorf("position %+v", p)
	}
	found := false
	for _, f := range sum.Gates.JudgeControls {
		found = found || strings.HasPrefix(f, "position bias: A won 8 and B 0")
	}
	if !found || !strings.Contains(stdout, "Judge controls: FAIL, position bias") {
		t.Errorf("position bias not gated: %v\n%s", sum.Gates.JudgeControls, stdout)
	}
	if _, err := os.Stat(filepath.Join(out, "report.md")); err != nil {
		t.Error(err)
	}
}

// prefersRetrieval is a consistent judge: the explanation written with
// retrieved context wins in either position; identical sides tie.
func prefersRetrieval(c judgeCall) fakeopenai.Answer {
	switch {
	case c.a == c.b:
		return verdict(c, "tie")
	case strings.Contains(c.a, ragMarker):
		return verdict(c, "A")
	}
	return verdict(c, "B")
}
