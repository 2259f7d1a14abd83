// Package reportgen turns a stored run into its reports: a terminal table,
// report.md and a self-contained report.html with inline SVG charts. It
// only reads rows; every number it shows is computed from results.jsonl.
package reportgen

import (
	"sort"

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
	// Regressions against the baseline; BaselineNote says what was done.
	Regressions  []gate.Regression
	Missing      []string
	BaselineNote string
	// Stale is the stale-tree warning, "" when the tree matches.
	Stale string
	// Judged is false when no judge was configured.
	Judged bool
	// Seconds is how long the run took (0 for summaries).
	Seconds float64
}

// Groups in report order.
var Groups = []string{"app", "traceback", gate.GroupAll}

// Modes in report order.
var Modes = []string{"plain", "rag"}

// CheckerRow sums the checker over one group and mode.
type CheckerRow struct {
	Group, Mode string
	// Explanations counts the scored explanations (truncated ones are left
	// out); WithFabrication those with a contradicted or unknown claim.
	Explanations    int
	Truncated       int
	Claims          int
	Verified        int
	Contradicted    int
	Unknown         int
	Proposed        int
	WithFabrication int
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
	In       Input
	Totals   []gate.Total
	Metrics  []gate.Metrics
	Overlap  map[string]float64
	Checker  []CheckerRow
	Judge    []JudgeRow
	Tallies  map[string]judge.Tally
	Pairs    int
	Agree    int
	JudgeN   int
	Failed   int
	TruncJ   int
	InTrunc  int
	Failures []records.Judgment
	// LatencyP50 is the median generation time by mode, and of the judge.
	LatencyP50  map[string]int64
	JudgeP50    int64
	GenCost     float64
	JudgeCost   float64
	ErrorStages map[string]int
}

// Summarize computes a report's content.
func Summarize(in Input) *Summary {
	s := &Summary{In: in, Overlap: map[string]float64{}, Tallies: map[string]judge.Tally{},
		LatencyP50: map[string]int64{}, ErrorStages: map[string]int{}}
	for _, g := range in.Rows.Generations {
		if g.Run == 1 {
			s.Metrics = append(s.Metrics, g.Gate)
			if g.Mode == "rag" {
				s.Overlap[g.Fixture] = g.Overlap
			}
		}
		s.GenCost += g.CostUSD
	}
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
	for _, e := range in.Errors {
		s.ErrorStages[e.Stage]++
	}
	return s
}

func inGroup(group, g string) bool { return g == gate.GroupAll || group == g }

func (s *Summary) checker() {
	for _, g := range Groups {
		for _, m := range Modes {
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

// scored reports whether a judgment counts in tallies and averages.
func scored(j records.Judgment) bool { return !j.Truncated && !j.InputTruncated }

func (s *Summary) judge() {
	var outs []judge.Outcome
	for _, j := range s.In.Rows.Judgments {
		s.JudgeCost += j.CostUSD
		if j.Truncated {
			s.TruncJ++
		}
		if j.InputTruncated {
			s.InTrunc++
		}
		if !scored(j) {
			continue
		}
		s.JudgeN++
		if j.Failed {
			s.Failed++
			s.Failures = append(s.Failures, j)
		}
		outs = append(outs, judge.Outcome{Key: j.Fixture + "/" + itoa(j.Run) + "/" + itoa(j.Rep), Group: j.Group, AMode: j.AMode, Winner: j.WinnerMode, Failed: j.Failed})
	}
	for _, g := range Groups {
		var sub []judge.Outcome
		for _, o := range outs {
			if inGroup(o.Group, g) {
				sub = append(sub, o)
			}
		}
		s.Tallies[g] = judge.Count(sub)
	}
	// The failure rule applies to the run as a whole: when more than a
	// third failed overall, no group tally is shown either.
	if s.Tallies[gate.GroupAll].Withheld {
		for _, g := range Groups {
			t := s.Tallies[g]
			t.RAG, t.Plain, t.Tie, t.Withheld = 0, 0, 0, true
			s.Tallies[g] = t
		}
	}
	s.Pairs, s.Agree = judge.Consistency(outs)
	for _, g := range Groups {
		for _, m := range Modes {
			row := JudgeRow{Group: g, Mode: m}
			for _, j := range s.In.Rows.Judgments {
				if !scored(j) || j.Failed || !inGroup(j.Group, g) {
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
	for _, m := range Modes {
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

// GatePassed reports whether the leak gate and the baseline both passed.
func (s *Summary) GatePassed() bool { return len(s.In.Leaks) == 0 && len(s.In.Regressions) == 0 }
