package reportgen

import (
	"encoding/json"
	"os"

	"github.com/explainerr/explainerr/evals/internal/appgroups"
	"github.com/explainerr/explainerr/evals/internal/coverage"
	"github.com/explainerr/explainerr/evals/internal/judge"
)

// SummaryFile is the name of the machine-readable summary in a run
// directory.
const SummaryFile = "summary.json"

// CoverageRow is one line of summary.json's "coverage" list: for one
// group and mode, the share of explanations naming the fix location and
// the mean share of the facts they name, both in 0..1 (n = 0 and both 0
// when the group has no explanation in that mode).
type CoverageRow struct {
	Group            string  `json:"group"`
	Mode             string  `json:"mode"`
	N                int     `json:"n"`
	FixLocationNamed float64 `json:"fix_location_named"`
	FactsNamed       float64 `json:"facts_named"`
}

// GatesJSON is summary.json's account of the gates.
type GatesJSON struct {
	Passed      bool     `json:"passed"`
	Leaks       int      `json:"leaks"`
	LeakNotes   []string `json:"leak_not_exercised,omitempty"`
	Missing     []string `json:"missing,omitempty"`
	Mismatched  []string `json:"mismatched_chunks,omitempty"`
	Regressions int      `json:"regressions"`
	JudgeFailed bool     `json:"judge_failed"`
	// SelfChecks are the coverage self-checks' mean scores by mode,
	// SelfCheckFailures why they failed; Provenance lists the rows whose
	// context is not what their mode makes.
	SelfChecks        []coverage.SelfCheckTotal `json:"self_checks,omitempty"`
	SelfCheckFailures []string                  `json:"self_check_failures,omitempty"`
	Provenance        []string                  `json:"provenance,omitempty"`
	// JudgeControls lists the judge controls that failed.
	JudgeControls []string `json:"judge_controls_failed,omitempty"`
}

// SummaryJSON is the content of summary.json.
type SummaryJSON struct {
	// Generator says what made the explanations; SelfCheck is set for the
	// oracle, null and copy runs.
	Generator string `json:"generator"`
	SelfCheck bool   `json:"self_check"`
	Layer1    any    `json:"layer1"`
	// ByAppGroup holds, per sample app and fixture group, each mode's
	// figures with n and 95% intervals and the modes compared per fixture.
	ByAppGroup []appgroups.Row `json:"by_app_group"`
	Coverage   []CoverageRow   `json:"coverage"`
	Checker    []CheckerRow    `json:"checker"`
	Judge      map[string]any  `json:"judge,omitempty"`
	Gates      GatesJSON       `json:"gates"`
	// Errors counts the unresolved error rows by stage.
	Errors map[string]int `json:"errors"`
}

// SummaryJSON returns summary.json's content: coverage by group (app,
// traceback, all) and mode (plain, static, rag), with the pipeline's
// layer 1 rows as given.
func (s *Summary) SummaryJSON() SummaryJSON {
	out := SummaryJSON{Layer1: s.In.Layer1, ByAppGroup: s.In.AppGroups, Checker: s.Checker, Errors: s.ErrorStages}
	if out.ByAppGroup == nil {
		out.ByAppGroup = []appgroups.Row{}
	}
	if out.Layer1 == nil {
		out.Layer1 = []any{}
	}
	if info := s.In.Info; info != nil {
		out.Generator = GeneratorText(info)
		out.SelfCheck = info.Generator != "" && info.Generator != "normal"
	}
	byKey := map[[2]string]coverage.Total{}
	for _, t := range s.Coverage {
		byKey[[2]string{t.Group, t.Mode}] = t
	}
	for _, g := range Groups {
		for _, m := range Modes {
			t := byKey[[2]string{g, m}]
			out.Coverage = append(out.Coverage, CoverageRow{Group: g, Mode: m, N: t.N, FixLocationNamed: t.FixLocationNamed, FactsNamed: t.FactsNamed})
		}
	}
	if len(s.In.Rows.Judgments) > 0 || len(s.JudgeErrors) > 0 {
		tallies := map[string]judge.Tally{}
		for g, t := range s.Tallies {
			tallies[g] = t
		}
		out.Judge = map[string]any{"tallies": tallies, "judgments": s.JudgeN, "failed": s.Failed,
			"position_pairs": s.Pairs, "position_agree": s.Agree, "controls": s.Controls}
	}
	out.Gates = GatesJSON{Passed: s.GatePassed(), Leaks: len(s.In.Leaks), LeakNotes: s.In.LeakNotes, Missing: s.In.Missing,
		Mismatched: s.Mismatched, Regressions: len(s.In.Regressions), JudgeFailed: s.JudgeFailed(),
		SelfChecks: s.In.SelfChecks, SelfCheckFailures: s.In.SelfCheckFailures, Provenance: s.In.Provenance,
		JudgeControls: s.Controls.Failures}
	return out
}

// WriteSummaryJSON writes summary.json to path.
func (s *Summary) WriteSummaryJSON(path string) error {
	data, err := json.MarshalIndent(s.SummaryJSON(), "", "  ")
	if err != nil {
		return err
	}
	return os.WriteFile(path, append(data, '\n'), 0o644)
}
