package gate

import "sort"

// Total sums the metrics of one group and mode.
type Total struct {
	Group string `json:"group"`
	Mode  string `json:"mode"`
	// N is the number of fixture measurements in the total.
	N int `json:"n"`
	// FixLocationInPrompt counts measurements whose fix location reached
	// the model.
	FixLocationInPrompt int     `json:"fix_location_in_prompt"`
	FactRecall          float64 `json:"fact_recall"`
	HitAtK              int     `json:"hit_at_k"`
	MRR                 float64 `json:"mrr"`
	PromptChars         float64 `json:"prompt_chars"`
	EstTokens           float64 `json:"est_tokens"`
}

// GroupAll is the group of the totals over every fixture.
const GroupAll = "all"

// Totals returns the totals by group (each fixture's category, then
// GroupAll) and mode; rates and sizes are means over the measurements.
func Totals(ms []Metrics) []Total {
	type key struct{ group, mode string }
	acc := map[key]*Total{}
	add := func(k key, m Metrics) {
		t := acc[k]
		if t == nil {
			t = &Total{Group: k.group, Mode: k.mode}
			acc[k] = t
		}
		t.N++
		if m.FixLocationInPrompt {
			t.FixLocationInPrompt++
		}
		if m.HitAtK {
			t.HitAtK++
		}
		t.FactRecall += m.FactRecall
		t.MRR += m.MRR
		t.PromptChars += float64(m.PromptChars)
		t.EstTokens += float64(m.EstTokens)
	}
	for _, m := range ms {
		add(key{m.Group, m.Mode}, m)
		add(key{GroupAll, m.Mode}, m)
	}
	out := make([]Total, 0, len(acc))
	for _, t := range acc {
		n := float64(t.N)
		t.FactRecall /= n
		t.MRR /= n
		t.PromptChars /= n
		t.EstTokens /= n
		out = append(out, *t)
	}
	sort.Slice(out, func(i, j int) bool {
		return Before(out[i].Group, out[i].Mode, out[j].Group, out[j].Mode)
	})
	return out
}

// Before orders totals by group (app, traceback, other groups by name,
// GroupAll) and then by mode, from the least context to the most (plain,
// static, rag, others by name).
func Before(group1, mode1, group2, mode2 string) bool {
	g1, g2 := groupOrder(group1), groupOrder(group2)
	if g1 != g2 {
		return g1 < g2
	}
	if group1 != group2 {
		return group1 < group2
	}
	return modeOrder(mode1) < modeOrder(mode2)
}

// modeOrder orders modes from the least context to the most.
func modeOrder(m string) string {
	switch m {
	case "plain":
		return "0"
	case "static":
		return "1"
	case "rag":
		return "2"
	}
	return "3" + m
}

func groupOrder(g string) int {
	switch g {
	case "app":
		return 0
	case "traceback":
		return 1
	case GroupAll:
		return 3
	}
	return 2
}
