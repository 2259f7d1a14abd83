package judge

import (
	"sort"

	"github.com/explainerr/explainerr/evals/internal/stats"
)

// Thresholds of the judge-control gates, documented in METHODOLOGY.md
// ("Judge controls").
const (
	// MaxInconsistentShare: a run fails when more than this share of the
	// comparisons judged in both orders named different winners.
	MaxInconsistentShare = 1.0 / 3
	// MaxDecisiveControlShare: a run fails when more than this share of
	// the scored identical-answer controls named a winner.
	MaxDecisiveControlShare = 0.1
	// PositionAlpha: a run fails when the exact two-sided sign test on
	// how often the side shown as A won, among decisive judgments, gives
	// a p-value below it.
	PositionAlpha = 0.01
)

// Combined is the result of putting each comparison's two orders
// together.
type Combined struct {
	// Comparisons holds one outcome per comparison key: the mode both
	// orders named, a tie when they disagree, failed when either failed.
	// AMode is empty for a comparison judged in both orders.
	Comparisons []Outcome
	// Pairs counts the comparisons judged (and scored) in both orders;
	// Inconsistent those whose two orders named different winners.
	Pairs        int
	Inconsistent int
}

// Combine puts the two orders of each comparison together: a win counts
// only when both orders name the same mode; otherwise the comparison is
// a tie and counted inconsistent. A comparison with a failed order fails
// (a failure is never a tie). A comparison judged in one order keeps its
// outcome.
func Combine(outs []Outcome) Combined {
	byKey := map[string][]Outcome{}
	var keys []string
	for _, o := range outs {
		if _, ok := byKey[o.Key]; !ok {
			keys = append(keys, o.Key)
		}
		byKey[o.Key] = append(byKey[o.Key], o)
	}
	sort.Strings(keys)
	var c Combined
	for _, k := range keys {
		list := byKey[k]
		if len(list) == 1 {
			c.Comparisons = append(c.Comparisons, list[0])
			continue
		}
		out := Outcome{Key: k, Group: list[0].Group}
		for _, o := range list {
			out.Failed = out.Failed || o.Failed
		}
		if !out.Failed {
			c.Pairs++
			out.Winner = list[0].Winner
			for _, o := range list[1:] {
				if o.Winner != out.Winner {
					out.Winner = WinnerTie
				}
			}
			if out.Winner == WinnerTie && decisive(list) {
				c.Inconsistent++
			}
		}
		c.Comparisons = append(c.Comparisons, out)
	}
	return c
}

// decisive reports whether any outcome of list named a winning mode.
func decisive(list []Outcome) bool {
	for _, o := range list {
		if o.Winner != WinnerTie && o.Winner != "" {
			return true
		}
	}
	return false
}

// InconsistentRate returns the share of comparisons judged in both
// orders that the orders disagreed on, with its 95% Wilson interval.
func (c Combined) InconsistentRate() stats.Proportion {
	return stats.NewProportion(c.Inconsistent, c.Pairs)
}

// InconsistencyFails reports whether the inconsistency gate fails.
func (c Combined) InconsistencyFails() bool {
	return c.Pairs > 0 && float64(c.Inconsistent) > MaxInconsistentShare*float64(c.Pairs)
}

// Position is the position-bias test over single judgments: of the
// decisive ones, how often the side shown as A won.
type Position struct {
	AWins int     `json:"a_wins"`
	BWins int     `json:"b_wins"`
	P     float64 `json:"sign_p"`
	// Biased is set when P is below PositionAlpha.
	Biased bool `json:"biased"`
}

// PositionTest counts the decisive, scored outcomes by the side that won
// and runs the exact sign test on them.
func PositionTest(outs []Outcome) Position {
	var p Position
	for _, o := range outs {
		if o.Failed || o.AMode == "" || o.Winner == WinnerTie || o.Winner == "" {
			continue
		}
		if o.Winner == o.AMode {
			p.AWins++
		} else {
			p.BWins++
		}
	}
	p.P = stats.SignTest(p.AWins, p.BWins)
	p.Biased = p.P < PositionAlpha
	return p
}

// Controls sums the identical-answer controls: the judge was shown the
// same explanation as A and as B, and must answer "tie".
type Controls struct {
	N        int `json:"n"`
	Failed   int `json:"failed"`
	Decisive int `json:"decisive"`
	// DecisiveRate is Decisive over the scored controls, with its 95%
	// Wilson interval.
	DecisiveRate stats.Proportion `json:"decisive_rate"`
}

// CountControls sums control outcomes; Winner is the judge's raw answer
// ("A", "B" or "tie").
func CountControls(outs []Outcome) Controls {
	var c Controls
	for _, o := range outs {
		c.N++
		switch {
		case o.Failed:
			c.Failed++
		case o.Winner == WinnerA || o.Winner == WinnerB:
			c.Decisive++
		}
	}
	c.DecisiveRate = stats.NewProportion(c.Decisive, c.N-c.Failed)
	return c
}

// Fails reports whether the control gate fails: more than
// MaxDecisiveControlShare of the scored controls named a winner.
func (c Controls) Fails() bool {
	scored := c.N - c.Failed
	return scored > 0 && float64(c.Decisive) > MaxDecisiveControlShare*float64(scored)
}
