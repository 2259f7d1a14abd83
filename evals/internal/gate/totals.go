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
		gi, gj := groupOrder(out[i].Group), groupOrder(out[j].Group)
		if gi != gj {
			return gi < gj
		}
		if out[i].Group != out[j].Group {
			return out[i].Group < out[j].Group
		}
		return out[i].Mode < out[j].Mode
	})
	return out
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
