package coverage

import (
	"sort"

	"github.com/explainerr/explainerr/evals/internal/gate"
)

// Scored is the coverage of one explanation with its group and mode.
type Scored struct {
	Group  string
	Mode   string
	Result Result
}

// Total is the coverage of one group and mode, with shares in 0..1 over
// the explanations of the group.
type Total struct {
	Group string `json:"group"`
	Mode  string `json:"mode"`
	// N is the number of explanations in the total.
	N int `json:"n"`
	// FixLocationNamed is the share of explanations that name the fix
	// location; FixNamedCount their number.
	FixLocationNamed float64 `json:"fix_location_named"`
	FixNamedCount    int     `json:"fix_named_count"`
	// FactsNamed is the mean share of the facts each explanation states.
	FactsNamed float64 `json:"facts_named"`
}

// GroupAll is the group of the totals over every fixture.
const GroupAll = gate.GroupAll

// Totals returns the totals by group (each explanation's, then GroupAll)
// and mode, in the order app, traceback, other groups, all.
func Totals(rows []Scored) []Total {
	type key struct{ group, mode string }
	acc := map[key]*Total{}
	add := func(k key, r Result) {
		t := acc[k]
		if t == nil {
			t = &Total{Group: k.group, Mode: k.mode}
			acc[k] = t
		}
		t.N++
		if r.FixLocationNamed {
			t.FixNamedCount++
		}
		t.FactsNamed += r.FactShare
	}
	for _, s := range rows {
		add(key{s.Group, s.Mode}, s.Result)
		add(key{GroupAll, s.Mode}, s.Result)
	}
	out := make([]Total, 0, len(acc))
	for _, t := range acc {
		t.FixLocationNamed = float64(t.FixNamedCount) / float64(t.N)
		t.FactsNamed /= float64(t.N)
		out = append(out, *t)
	}
	sort.Slice(out, func(i, j int) bool {
		return gate.Before(out[i].Group, out[i].Mode, out[j].Group, out[j].Mode)
	})
	return out
}
