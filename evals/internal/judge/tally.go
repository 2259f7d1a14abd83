package judge

import (
	"fmt"
	"hash/fnv"
	"math/rand/v2"
	"sort"
)

// Outcome is one comparison's result in terms of modes.
type Outcome struct {
	// Key identifies the comparison apart from its order (fixture, run,
	// rep), for position consistency.
	Key   string
	Group string
	// AMode is the mode shown as A ("" for a comparison whose two orders
	// were combined).
	AMode string
	// Winner is the winning mode, "tie", or "" for a failed judgment.
	Winner string
	// Failed is set for a malformed answer and for a judgment that never
	// came back (an API error, a served-model mismatch): both count
	// against the failure rule.
	Failed bool
	// Asked is set when the judge was called (or the call failed); a tie
	// of byte-identical explanations is recorded without a call.
	Asked bool
}

// Tally counts winners by mode.
type Tally struct {
	Total  int `json:"total"`
	Failed int `json:"failed"`
	// Wins counts the wins of each mode.
	Wins map[string]int `json:"wins"`
	Tie  int            `json:"tie"`
	// FirstWins and SecondWins count the wins of the side shown as A and
	// of the side shown as B, whichever mode it was: a large gap between
	// them is a position effect, not a finding about the modes.
	FirstWins  int `json:"first_wins"`
	SecondWins int `json:"second_wins"`
	// Withheld is true when more than a third of the judgments failed: the
	// winner counts are then not reported.
	Withheld bool `json:"withheld"`
}

// Scored returns the number of judgments that named a winner or a tie.
func (t Tally) Scored() int { return t.Total - t.Failed }

// Count tallies outcomes. When more than a third failed, the winner
// counts are zeroed and Withheld is set: a tally over the judgments that
// happened to parse is not a result.
func Count(outs []Outcome) Tally {
	t := CountComparisons(outs)
	if t.Failed*3 > t.Total {
		t.Withhold()
	}
	return t
}

// CountComparisons tallies outcomes without the failure rule, for
// comparisons whose orders were combined: the rule is applied to the
// judge calls they were made of.
func CountComparisons(outs []Outcome) Tally {
	t := Tally{Wins: map[string]int{}}
	for _, o := range outs {
		t.Total++
		if o.Failed {
			t.Failed++
			continue
		}
		switch o.Winner {
		case WinnerTie, "":
			t.Tie++
		default:
			t.Wins[o.Winner]++
			switch o.AMode {
			case "": // both orders combined: no side shown first
			case o.Winner:
				t.FirstWins++
			default:
				t.SecondWins++
			}
		}
	}
	return t
}

// Withhold zeroes the winner counts and marks the tally withheld.
func (t *Tally) Withhold() {
	t.Wins, t.Tie, t.FirstWins, t.SecondWins, t.Withheld = map[string]int{}, 0, 0, 0, true
}

// Consistency compares the two orders of each comparison judged both ways:
// pairs is how many were, agree how many named the same winning mode.
func Consistency(outs []Outcome) (pairs, agree int) {
	byKey := map[string][]Outcome{}
	for _, o := range outs {
		if !o.Failed {
			byKey[o.Key] = append(byKey[o.Key], o)
		}
	}
	for _, list := range byKey {
		if len(list) < 2 || list[0].AMode == list[1].AMode {
			continue
		}
		pairs++
		if list[0].Winner == list[1].Winner {
			agree++
		}
	}
	return pairs, agree
}

// BalancedFirst decides, for each comparison of one run and repetition,
// whether its first mode is shown as A: exactly half of the ids (one more
// when their number is odd) get it, drawn from the seed, so that a pure
// position effect cannot pass for a winner. The draw depends only on the
// seed, run, rep and the set of ids, so a resumed run draws the same.
func BalancedFirst(ids []string, seed int64, run, rep int) map[string]bool {
	sorted := append([]string(nil), ids...)
	sort.Strings(sorted)
	h := fnv.New64a()
	fmt.Fprintf(h, "%d/%d", run, rep)
	rng := rand.New(rand.NewPCG(uint64(seed), h.Sum64()))
	rng.Shuffle(len(sorted), func(i, j int) { sorted[i], sorted[j] = sorted[j], sorted[i] })
	out := make(map[string]bool, len(sorted))
	for i, id := range sorted {
		out[id] = i < (len(sorted)+1)/2
	}
	return out
}
