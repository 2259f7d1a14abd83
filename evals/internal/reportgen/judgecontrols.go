package reportgen

import (
	"fmt"

	"github.com/explainerr/explainerr/evals/internal/judge"
	"github.com/explainerr/explainerr/evals/internal/records"
	"github.com/explainerr/explainerr/evals/internal/stats"
)

// JudgeControls are the checks on the judge itself, each enforced: the
// failure rule, the agreement of the two orders, the identical-answer
// controls and the position-bias test. Failures lists the ones that
// failed; any fails the run.
type JudgeControls struct {
	// FailedJudgments counts the failed judge calls (cut off, malformed,
	// errored, of a cut-off explanation) among all of them, controls
	// included; more than a third fails the run.
	FailedJudgments stats.Proportion `json:"failed_judgments"`
	// Inconsistency counts the comparisons judged in both orders whose
	// orders named different winners (each then scored a tie).
	Inconsistency stats.Proportion `json:"inconsistency"`
	Position      judge.Position   `json:"position"`
	Controls      judge.Controls   `json:"identical_answer_controls"`
	// IdenticalPairs counts comparisons whose two explanations were
	// byte-identical: ties, recorded without asking the judge.
	IdenticalPairs int `json:"identical_pairs_tied_without_asking"`
	// Second is the second judge's agreement with the judge, nil when
	// there was none.
	Second   *SecondJudge `json:"second_judge,omitempty"`
	Failures []string     `json:"gate_failures,omitempty"`
}

// SecondJudge is the optional second judge's record: its failures, and
// how often its combined verdict on a comparison (the winning mode or a
// tie) was the judge's.
type SecondJudge struct {
	Models    []string         `json:"served_models"`
	Judgments int              `json:"judgments"`
	Failed    int              `json:"failed"`
	Agreement stats.Proportion `json:"agreement"`
}

// splitJudgments keeps the judge's comparisons in In.Rows and moves the
// controls and the second judge's rows aside (their costs still count).
func (s *Summary) splitJudgments() {
	rows := *s.In.Rows
	rows.Judgments = nil
	for _, j := range s.In.Rows.Judgments {
		switch {
		case j.Judge != "":
			s.SecondRows = append(s.SecondRows, j)
			s.JudgeCost += j.CostUSD
		case j.Control:
			s.ControlRows = append(s.ControlRows, j)
			s.JudgeCost += j.CostUSD
		default:
			rows.Judgments = append(rows.Judgments, j)
		}
	}
	s.In.Rows = &rows
}

// judgeControls computes the controls and decides their gates.
func (s *Summary) judgeControls(combined judge.Combined, outs, controls []judge.Outcome) JudgeControls {
	c := JudgeControls{
		FailedJudgments: stats.NewProportion(s.Failed, s.JudgeN),
		Inconsistency:   combined.InconsistentRate(),
		Position:        judge.PositionTest(outs),
		Controls:        judge.CountControls(controls),
	}
	pairs := map[string]bool{}
	for _, j := range s.In.Rows.Judgments {
		if j.Identical {
			pairs[comparisonKey(j.Fixture, j.Run, j.Rep)] = true
		}
	}
	c.IdenticalPairs = len(pairs)
	c.Second = s.secondJudge(combined)
	if s.JudgeN == 0 {
		return c
	}
	if s.Failed*3 > s.JudgeN {
		c.Failures = append(c.Failures, fmt.Sprintf("failure rule: %d of %d judgments failed (cut off, malformed or errored), more than a third", s.Failed, s.JudgeN))
	}
	if combined.InconsistencyFails() {
		c.Failures = append(c.Failures, fmt.Sprintf("order consistency: the two orders disagreed on %d of %d comparisons, more than %.0f%%", combined.Inconsistent, combined.Pairs, 100*judge.MaxInconsistentShare))
	}
	if c.Controls.Fails() {
		c.Failures = append(c.Failures, fmt.Sprintf("identical-answer controls: the judge named a winner on %d of %d identical pairs, more than %.0f%%", c.Controls.Decisive, c.Controls.N-c.Controls.Failed, 100*judge.MaxDecisiveControlShare))
	}
	if c.Position.Biased {
		c.Failures = append(c.Failures, fmt.Sprintf("position bias: A won %d and B %d of the decisive judgments (sign test p = %.3g < %g)", c.Position.AWins, c.Position.BWins, c.Position.P, judge.PositionAlpha))
	}
	return c
}

// secondJudge compares the second judge's combined verdicts with the
// judge's, comparison by comparison.
func (s *Summary) secondJudge(first judge.Combined) *SecondJudge {
	var errs []records.ErrorRow
	for _, e := range s.Unresolved {
		if e.Stage == records.StageJudge && e.Judge != "" {
			errs = append(errs, e)
		}
	}
	if len(s.SecondRows) == 0 && len(errs) == 0 {
		return nil
	}
	sj := &SecondJudge{Judgments: len(s.SecondRows) + len(errs), Failed: len(errs)}
	seen := map[string]bool{}
	var outs []judge.Outcome
	for _, j := range s.SecondRows {
		if j.IsFailed() {
			sj.Failed++
		}
		if j.Model != "" && !seen[j.Model] {
			seen[j.Model] = true
			sj.Models = append(sj.Models, j.Model)
		}
		outs = append(outs, judge.Outcome{Key: comparisonKey(j.Fixture, j.Run, j.Rep), AMode: j.AMode, Winner: j.WinnerMode, Failed: j.IsFailed()})
	}
	byKey := map[string]judge.Outcome{}
	for _, o := range first.Comparisons {
		byKey[o.Key] = o
	}
	agree, n := 0, 0
	for _, o := range judge.Combine(outs).Comparisons {
		f, ok := byKey[o.Key]
		if !ok || f.Failed || o.Failed {
			continue
		}
		n++
		if f.Winner == o.Winner {
			agree++
		}
	}
	sj.Agreement = stats.NewProportion(agree, n)
	return sj
}

// withPositions sets a group's A and B win counts from its single
// judgments (before the orders were combined), and withholds the group's
// tally when more than a third of those failed.
func withPositions(t judge.Tally, outs []judge.Outcome, group string) judge.Tally {
	var sub []judge.Outcome
	failed := 0
	for _, o := range outs {
		if inGroup(o.Group, group) {
			sub = append(sub, o)
			if o.Failed {
				failed++
			}
		}
	}
	p := judge.PositionTest(sub)
	t.FirstWins, t.SecondWins = p.AWins, p.BWins
	if failed*3 > len(sub) {
		t.Withhold()
	}
	return t
}

// controlNotes are the report's lines on the judge controls.
func (s *Summary) controlNotes() []string {
	c := s.Controls
	var out []string
	out = append(out, fmt.Sprintf("Failed judgments (cut off, malformed, errored; controls included): %s.", propText(c.FailedJudgments)))
	if c.Inconsistency.N > 0 {
		out = append(out, fmt.Sprintf("Order inconsistency (the two orders named different winners; scored a tie): %s.", propText(c.Inconsistency)))
	}
	out = append(out, fmt.Sprintf("Position test: A won %d, B won %d of the decisive judgments, exact sign test p = %.3g.", c.Position.AWins, c.Position.BWins, c.Position.P))
	if c.Controls.N > 0 {
		out = append(out, fmt.Sprintf("Identical-answer controls: a winner named on %s (must be ties), %d failed.", propText(c.Controls.DecisiveRate), c.Controls.Failed))
	}
	if c.IdenticalPairs > 0 {
		out = append(out, fmt.Sprintf("%d comparison(s) of byte-identical explanations scored as ties without asking the judge.", c.IdenticalPairs))
	}
	if sj := c.Second; sj != nil {
		out = append(out, fmt.Sprintf("Second judge (%v): %d judgments, %d failed; agrees with the judge on %s of the comparisons both scored.", sj.Models, sj.Judgments, sj.Failed, propText(sj.Agreement)))
	}
	for _, f := range c.Failures {
		out = append(out, "Judge controls: FAIL, "+f+".")
	}
	return out
}

// propText shows k/n with its value and 95% interval.
func propText(p stats.Proportion) string {
	return fmt.Sprintf("%d/%d = %.2f (95%% CI %.2f–%.2f)", p.K, p.N, p.Value, p.Lo, p.Hi)
}

// comparisonKey names a comparison apart from its order and its judge.
func comparisonKey(fixture string, run, rep int) string {
	return fixture + "/" + itoa(run) + "/" + itoa(rep)
}
