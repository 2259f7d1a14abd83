// Package reportgen turns a stored run into its reports: a terminal table,
// report.md, a self-contained report.html with inline SVG charts and
// summary.json. It only reads rows; every number it shows is computed from
// results.jsonl and errors.jsonl. It also decides whether the run's gates
// passed.
package reportgen

import (
	"github.com/explainerr/explainerr/evals/internal/appgroups"
	"sort"

	"github.com/explainerr/explainerr/evals/internal/coverage"
	"github.com/explainerr/explainerr/evals/internal/gate"
	"github.com/explainerr/explainerr/evals/internal/judge"
	"github.com/explainerr/explainerr/evals/internal/records"
)

// Input is everything a report shows.
type Input struct {
	Dir    string
	Info   *records.RunInfo
	Rows   *records.Rows
	Errors []records.ErrorRow
	Leaks  []gate.Leak
	// LeakNotes are the leak gate's other failures: a probe or the
	// fixtures that never put a secret-bearing line in front of redaction.
	LeakNotes []string
	// Regressions against the baseline; BaselineNote says what was done.
	Regressions []gate.Regression
	// Missing lists fixture × mode rows that are missing, errored or not
	// measured, and baseline entries not measured now: each fails the run.
	Missing      []string
	BaselineNote string
	// SelfChecks total the coverage score's self-checks by mode;
	// SelfCheckFailures say why the score failed them.
	SelfChecks        []coverage.SelfCheckTotal
	SelfCheckFailures []string
	// Provenance lists the rows whose context is not what their mode
	// makes.
	Provenance []string
	// Stale is the stale-tree warning, "" when the tree matches.
	Stale string
	// Judged is false when no judge was configured.
	Judged bool
	// Seconds is how long the run took (0 for summaries).
	Seconds float64
	// Layer1 is summary.json's "layer1" list, as the pipeline computes it.
	Layer1 any
	// AppGroups are the per-app, per-group figures and mode comparisons.
	AppGroups []appgroups.Row
}

// Groups in report order.
var Groups = []string{"app", "traceback", gate.GroupAll}

// Modes in report order: from the least context to the most.
var Modes = []string{"plain", "static", "rag"}

// CheckerRow sums the checker over one group and mode.
type CheckerRow struct {
	Group string `json:"group"`
	Mode  string `json:"mode"`
	// Explanations counts the scored explanations (truncated ones are left
	// out); WithFabrication those with a contradicted or unknown claim.
	Explanations    int `json:"explanations"`
	Truncated       int `json:"truncated"`
	Claims          int `json:"claims"`
	Verified        int `json:"verified"`
	Contradicted    int `json:"contradicted"`
	Unknown         int `json:"unknown_identifier"`
	Proposed        int `json:"proposed"`
	WithFabrication int `json:"with_fabrication"`
}

// JudgeRow sums the judge's answers for one group and mode.
type JudgeRow struct {
	Group, Mode string
	// Sides counts the scored judgments of this mode's explanation.
	Sides               int
	IdentifiesCause     int
	PointsToFixLocation int
	FixWouldWork        int
	WrittenForLearner   int
	NoFabrication       int
	Verified            int
	Contradicted        int
	Absent              int
	Uncited             int
}

// Summary is the computed content of a report.
type Summary struct {
	In      Input
	Totals  []gate.Total
	Metrics []gate.Metrics
	Overlap map[string]float64
	// OverlapLines is the number of lines of each fixture's judge excerpt.
	OverlapLines map[string]int
	Checker      []CheckerRow
	Judge        []JudgeRow
	Tallies      map[string]judge.Tally
	Pairs        int
	Agree        int
	JudgeN       int
	Failed       int
	TruncJ       int
	InTrunc      int
	Failures     []records.Judgment
	// ControlRows are the identical-answer controls' rows and SecondRows
	// the second judge's; In.Rows.Judgments holds the judge's comparisons
	// only.
	ControlRows []records.Judgment
	SecondRows  []records.Judgment
	// Controls are the judge-control figures and gates.
	Controls JudgeControls
	// JudgeErrors are the judgments that never came back (API errors,
	// served-model mismatches, comparisons missing an explanation) and
	// were not made since; they count as failed judgments.
	JudgeErrors []records.ErrorRow
	// Coverage totals the coverage score by group and mode (all runs,
	// explanations cut at the token limit left out).
	Coverage []coverage.Total
	// Mismatched lists the chunks whose text is not the source their
	// heading names, by fixture and mode.
	Mismatched []string
	// Unresolved are the error rows whose item has not been made since;
	// Resolved counts the others (made by a later resume).
	Unresolved []records.ErrorRow
	Resolved   int
	// LatencyP50 is the median generation time by mode, and of the judge.
	LatencyP50  map[string]int64
	JudgeP50    int64
	GenCost     float64
	JudgeCost   float64
	ErrorStages map[string]int
}

// Summarize computes a report's content.
func Summarize(in Input) *Summary {
	s := &Summary{In: in, Overlap: map[string]float64{}, OverlapLines: map[string]int{}, Tallies: map[string]judge.Tally{},
		LatencyP50: map[string]int64{}, ErrorStages: map[string]int{}}
	s.Unresolved = records.Unresolved(in.Rows, in.Errors)
	s.Resolved = len(in.Errors) - len(s.Unresolved)
	var scored []coverage.Scored
	for _, g := range in.Rows.Generations {
		if g.Run == 1 {
			s.Metrics = append(s.Metrics, g.Gate)
			if g.Mode == "rag" {
				s.Overlap[g.Fixture] = g.Overlap
				s.OverlapLines[g.Fixture] = excerptLines(g)
			}
		}
		for _, why := range g.Gate.Mismatched {
			s.Mismatched = append(s.Mismatched, g.Fixture+"/"+g.Mode+" run "+itoa(g.Run)+": "+why)
		}
		if !g.Truncated {
			scored = append(scored, coverage.Scored{Group: g.Group, Mode: g.Mode, Result: g.Coverage})
		}
		s.GenCost += g.CostUSD
	}
	s.Coverage = coverage.Totals(scored)
	sort.Slice(s.Metrics, func(i, j int) bool {
		if s.Metrics[i].Fixture != s.Metrics[j].Fixture {
			return s.Metrics[i].Fixture < s.Metrics[j].Fixture
		}
		return s.Metrics[i].Mode < s.Metrics[j].Mode
	})
	s.Totals = gate.Totals(s.Metrics)
	s.checker()
	s.judge()
	s.latency()
	for _, e := range s.Unresolved {
		s.ErrorStages[e.Stage]++
	}
	return s
}

func inGroup(group, g string) bool { return g == gate.GroupAll || group == g }

func (s *Summary) checker() {
	for _, g := range Groups {
		for _, m := range s.ShownModes() {
			row := CheckerRow{Group: g, Mode: m}
			for _, r := range s.In.Rows.Generations {
				if r.Mode != m || !inGroup(r.Group, g) {
					continue
				}
				if r.Truncated {
					row.Truncated++
					continue
				}
				row.Explanations++
				row.Claims += r.Checker.Claims
				row.Verified += r.Checker.Verified
				row.Contradicted += r.Checker.Contradicted
				row.Unknown += r.Checker.UnknownIdentifier
				row.Proposed += r.Checker.Proposed
				if r.Checker.Fabrications() > 0 {
					row.WithFabrication++
				}
			}
			s.Checker = append(s.Checker, row)
		}
	}
}

// scored reports whether a judgment's answer counts in the per-question
// averages: a failed one (cut off, malformed, of a cut-off explanation)
// does not, and neither does a tie recorded without a judge call.
func scored(j records.Judgment) bool { return !j.IsFailed() && !j.Identical }

func (s *Summary) judge() {
	s.splitJudgments()
	var outs, controls []judge.Outcome
	outcome := func(j records.Judgment) judge.Outcome {
		return judge.Outcome{Key: comparisonKey(j.Fixture, j.Run, j.Rep), Group: j.Group, AMode: j.AMode, Winner: j.WinnerMode, Failed: j.IsFailed(), Asked: !j.Identical}
	}
	for _, j := range s.In.Rows.Judgments {
		s.JudgeCost += j.CostUSD
		if j.Truncated {
			s.TruncJ++
		}
		if j.InputTruncated {
			s.InTrunc++
		}
		if j.IsFailed() {
			s.Failures = append(s.Failures, j)
		}
		outs = append(outs, outcome(j))
	}
	for _, j := range s.ControlRows {
		if j.Truncated {
			s.TruncJ++
		}
		if j.IsFailed() {
			s.Failures = append(s.Failures, j)
		}
		controls = append(controls, outcome(j))
	}
	// A judgment that never came back is a failed judgment too: leaving it
	// out would let a judge that mostly errs pass the failure rule.
	groups := map[string]string{}
	for _, g := range s.In.Rows.Generations {
		groups[g.Fixture] = g.Group
	}
	for _, e := range s.Unresolved {
		if e.Stage != records.StageJudge || e.Judge != "" {
			continue
		}
		s.JudgeErrors = append(s.JudgeErrors, e)
		o := judge.Outcome{Key: comparisonKey(e.Fixture, e.Run, e.Rep), Group: groups[e.Fixture], Failed: true, Asked: true}
		if e.Order == records.OrderControl {
			controls = append(controls, o)
		} else {
			outs = append(outs, o)
		}
	}
	// The failure rule counts every call of the judge, controls included:
	// cut-off, malformed and errored judgments on both of its sides. Ties
	// of identical explanations were not asked and do not count.
	for _, o := range append(append([]judge.Outcome(nil), outs...), controls...) {
		if !o.Asked {
			continue
		}
		s.JudgeN++
		if o.Failed {
			s.Failed++
		}
	}
	combined := judge.Combine(outs)
	s.Controls = s.judgeControls(combined, outs, controls)
	for _, g := range Groups {
		var sub []judge.Outcome
		for _, o := range combined.Comparisons {
			if inGroup(o.Group, g) {
				sub = append(sub, o)
			}
		}
		s.Tallies[g] = withPositions(judge.CountComparisons(sub), outs, g)
	}
	// The failure rule applies to the run as a whole: when more than a
	// third failed overall, no group tally is shown either.
	if s.Failed*3 > s.JudgeN {
		for _, g := range Groups {
			t := s.Tallies[g]
			t.Withhold()
			s.Tallies[g] = t
		}
	}
	s.Pairs, s.Agree = combined.Pairs, combined.Pairs-combined.Inconsistent
	for _, g := range Groups {
		for _, m := range s.JudgedModes() {
			row := JudgeRow{Group: g, Mode: m}
			for _, j := range s.In.Rows.Judgments {
				if !scored(j) || !inGroup(j.Group, g) {
					continue
				}
				side := j.SideOf(m)
				if side == nil {
					continue
				}
				row.Sides++
				row.IdentifiesCause += b2i(side.IdentifiesCause)
				row.PointsToFixLocation += b2i(side.PointsToFixLocation)
				row.FixWouldWork += b2i(side.FixWouldWork)
				row.WrittenForLearner += b2i(side.WrittenForLearner)
				row.NoFabrication += b2i(side.NoFabrication)
				row.Verified += side.Verified
				row.Contradicted += side.Contradicted
				row.Absent += side.Absent
				row.Uncited += side.Uncited
			}
			s.Judge = append(s.Judge, row)
		}
	}
}

func (s *Summary) latency() {
	for _, m := range s.ShownModes() {
		var d []int64
		for _, g := range s.In.Rows.Generations {
			if g.Mode == m {
				d = append(d, g.DurationMS)
			}
		}
		s.LatencyP50[m] = median(d)
	}
	var d []int64
	for _, j := range s.In.Rows.Judgments {
		d = append(d, j.DurationMS)
	}
	s.JudgeP50 = median(d)
}

func median(d []int64) int64 {
	if len(d) == 0 {
		return 0
	}
	sort.Slice(d, func(i, j int) bool { return d[i] < d[j] })
	if len(d)%2 == 1 {
		return d[len(d)/2]
	}
	return (d[len(d)/2-1] + d[len(d)/2]) / 2
}

func b2i(b bool) int {
	if b {
		return 1
	}
	return 0
}

// JudgeFailed reports whether the judge was on and not one judgment
// named a winner or a tie: layer 3 gave no result at all.
func (s *Summary) JudgeFailed() bool {
	judged := s.In.Judged || len(s.In.Rows.Judgments) > 0 || len(s.JudgeErrors) > 0
	return judged && s.JudgeN-s.Failed <= 0
}

// GatePassed reports whether every gate passed: no leak, a leak gate that
// was exercised, no regression or unexplained change against the
// baseline, no missing, errored or unmeasured row, no chunk whose text is
// not the source its heading names, coverage self-checks that hold, every
// context made as its mode makes it, and, when the judge was on, at least
// one judgment and judge controls that held (see JudgeControls).
func (s *Summary) GatePassed() bool {
	return len(s.In.Leaks) == 0 && len(s.In.LeakNotes) == 0 && len(s.In.Regressions) == 0 &&
		len(s.In.Missing) == 0 && len(s.Mismatched) == 0 && !s.JudgeFailed() &&
		len(s.In.SelfCheckFailures) == 0 && len(s.In.Provenance) == 0 && len(s.Controls.Failures) == 0
}

// ShownModes returns the modes that have rows, in report order.
func (s *Summary) ShownModes() []string {
	have := map[string]bool{}
	for _, g := range s.In.Rows.Generations {
		have[g.Mode] = true
	}
	return inReportOrder(have)
}

// JudgedModes returns the modes the judge compared, in report order.
func (s *Summary) JudgedModes() []string {
	have := map[string]bool{}
	for _, j := range s.In.Rows.Judgments {
		if j.AMode != "" {
			have[j.AMode] = true
		}
		if j.WinnerMode != "" && j.WinnerMode != judge.WinnerTie {
			have[j.WinnerMode] = true
		}
	}
	return inReportOrder(have)
}

// inReportOrder returns the modes in have: those of Modes in its order,
// then any others by name. It empties have.
func inReportOrder(have map[string]bool) []string {
	var out []string
	for _, m := range Modes {
		if have[m] {
			out = append(out, m)
			delete(have, m)
		}
	}
	return append(out, sortedKeys(have)...)
}

func sortedKeys(m map[string]bool) []string {
	out := make([]string, 0, len(m))
	for k := range m {
		out = append(out, k)
	}
	sort.Strings(out)
	return out
}

// excerptLines counts the lines of a generation's judge excerpt.
func excerptLines(g records.Generation) int {
	n := 0
	for _, sp := range g.Excerpt {
		n += sp.EndLine - sp.StartLine + 1
	}
	return n
}
