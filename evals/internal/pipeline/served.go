package pipeline

import (
	"sort"

	"github.com/explainerr/explainerr/evals/internal/records"
)

// servedModels collects, by role, the models the servers said they
// served: the snapshot a run's figures belong to.
func servedModels(rows *records.Rows) map[string][]string {
	seen := map[string]map[string]bool{}
	add := func(role, model string) {
		if model == "" {
			return
		}
		if seen[role] == nil {
			seen[role] = map[string]bool{}
		}
		seen[role][model] = true
	}
	for _, g := range rows.Generations {
		if g.Provider != "offline" {
			add("generator", g.Model)
		}
	}
	for _, j := range rows.Judgments {
		role := "judge"
		if j.Judge == records.JudgeSecond {
			role = "judge2"
		}
		add(role, j.Model)
	}
	if len(seen) == 0 {
		return nil
	}
	out := map[string][]string{}
	for role, models := range seen {
		for m := range models {
			out[role] = append(out[role], m)
		}
		sort.Strings(out[role])
	}
	return out
}
