package reportgen

import (
	"strings"
	"testing"

	"github.com/explainerr/explainerr/evals/internal/records"
)

// judgedInput has two fixtures judged in both orders by a judge that
// prefers rag, an identical-answer control for each, and rows of a
// second judge.
func judgedInput(controlWinner string) Input {
	in := sampleInput()
	var js []records.Judgment
	for _, fx := range []string{"featured_post_nil", hostileID} {
		group := "app"
		if fx == hostileID {
			group = "traceback"
		}
		for _, aMode := range []string{"rag", "static"} {
			j := judgment(fx, group, aMode, "rag", false, "")
			js = append(js, j)
			second := j
			second.Judge = records.JudgeSecond
			second.Model = "other-family-2025"
			if fx == hostileID {
				second.WinnerMode = "static"
			}
			js = append(js, second)
		}
		c := judgment(fx, group, "rag", controlWinner, false, "")
		c.Order, c.Control = records.OrderControl, true
		js = append(js, c)
	}
	in.Rows.Judgments = js
	return in
}

func TestJudgeControlsAreComputedAndGated(t *testing.T) {
	s := Summarize(judgedInput("tie"))
	c := s.Controls
	if s.JudgeN != 6 || s.Failed != 0 || c.Controls.N != 2 || c.Controls.Decisive != 0 || c.Inconsistency.N != 2 || c.Inconsistency.K != 0 {
		t.Errorf("judgments %d, failed %d, controls %+v", s.JudgeN, s.Failed, c)
	}
	if all := s.Tallies["all"]; all.Total != 2 || all.Wins["rag"] != 2 || all.FirstWins != 2 || all.SecondWins != 2 {
		t.Errorf("tally %+v", all)
	}
	// The second judge agreed on one comparison of two (it named static
	// in both orders of the other).
	if c.Second == nil || c.Second.Agreement.K != 1 || c.Second.Agreement.N != 2 || c.Second.Models[0] != "other-family-2025" {
		t.Errorf("second judge %+v", c.Second)
	}
	if !s.GatePassed() || len(c.Failures) != 0 {
		t.Errorf("consistent judge failed its controls: %v", c.Failures)
	}
	if md := s.Markdown(); !strings.Contains(md, "Second judge ([other-family-2025]): 4 judgments, 0 failed; agrees with the judge on 1/2") {
		t.Errorf("report.md lacks the second judge:\n%s", md)
	}

	s = Summarize(judgedInput("A"))
	if s.GatePassed() || len(s.Controls.Failures) != 1 || !strings.HasPrefix(s.Controls.Failures[0], "identical-answer controls: the judge named a winner on 2 of 2") {
		t.Errorf("decisive controls passed: %v", s.Controls.Failures)
	}
	if sj := s.SummaryJSON(); len(sj.Gates.JudgeControls) != 1 || sj.Judge["controls"] == nil {
		t.Errorf("summary.json gates %+v", sj.Gates)
	}
}

// Identical explanations are ties recorded without a call: they count as
// comparisons but not as judge calls.
func TestIdenticalPairsAreTiesWithoutACall(t *testing.T) {
	in := sampleInput()
	var js []records.Judgment
	for _, aMode := range []string{"rag", "static"} {
		j := records.Judgment{Kind: records.KindJudgment, Fixture: "featured_post_nil", Group: "app", Run: 1, Rep: 1, AMode: aMode,
			Order: aMode + "-first", Identical: true, WinnerMode: "tie"}
		js = append(js, j)
	}
	in.Rows.Judgments = js
	s := Summarize(in)
	if all := s.Tallies["all"]; all.Total != 1 || all.Tie != 1 || s.JudgeN != 0 || s.Controls.IdenticalPairs != 1 {
		t.Errorf("tally %+v, judge calls %d, identical %d", all, s.JudgeN, s.Controls.IdenticalPairs)
	}
}
