package pipeline

import (
	"github.com/explainerr/explainerr/blogapp/fixture"
	"github.com/explainerr/explainerr/evals/internal/gate"
	"github.com/explainerr/explainerr/evals/internal/records"
	"github.com/explainerr/explainerr/explainerr/report"
)

// Layer1Groups and Layer1Modes are the groups and modes of Layer1's rows,
// in their order: each fixture group and all fixtures, and the three
// context modes.
var (
	Layer1Groups = []string{fixture.CategoryApp, fixture.CategoryTraceback, gate.GroupAll}
	Layer1Modes  = []string{report.ModePlain, report.ModeStatic, report.ModeRAG}
)

// Layer1Row is one line of layer 1 (the retrieval gate) for summary.json's
// "layer1" list: for one group and context mode, over the fixtures of the
// group measured in that mode in run 1 (the gate is deterministic, so
// later runs repeat it), the share whose fix location reached the model
// and the mean share of their facts found in the prompt. Both are in 0..1;
// the per-fixture booleans stay in results.jsonl. N counts the fixtures
// measured: a missing or errored fixture×mode row is not in it (the gates
// fail the run for those), and N is 0, with both shares 0, when no fixture
// of the group was measured in that mode.
type Layer1Row struct {
	Group               string  `json:"group"`
	Mode                string  `json:"mode"`
	N                   int     `json:"n"`
	FixLocationInPrompt float64 `json:"fix_location_in_prompt"`
	FactRecall          float64 `json:"fact_recall"`
}

// Layer1 returns the layer 1 rows of gens, one per group of Layer1Groups
// and mode of Layer1Modes, in that order (group outer).
func Layer1(gens []records.Generation) []Layer1Row {
	var out []Layer1Row
	for _, group := range Layer1Groups {
		for _, mode := range Layer1Modes {
			row := Layer1Row{Group: group, Mode: mode}
			fix := 0
			for _, g := range gens {
				if g.Run != 1 || g.Mode != mode || (group != gate.GroupAll && g.Group != group) {
					continue
				}
				row.N++
				if g.Gate.FixLocationInPrompt {
					fix++
				}
				row.FactRecall += g.Gate.FactRecall
			}
			if row.N > 0 {
				row.FixLocationInPrompt = float64(fix) / float64(row.N)
				row.FactRecall /= float64(row.N)
			}
			out = append(out, row)
		}
	}
	return out
}
