package judge

import (
	"fmt"
	"testing"
)

func both(key, first, second string) []Outcome {
	return []Outcome{{Key: key, AMode: "rag", Winner: first}, {Key: key, AMode: "static", Winner: second}}
}

func TestCombineCountsAWinOnlyWhenBothOrdersAgree(t *testing.T) {
	var outs []Outcome
	outs = append(outs, both("agree", "rag", "rag")...)
	outs = append(outs, both("disagree", "rag", "static")...)
	outs = append(outs, both("tied", WinnerTie, WinnerTie)...)
	outs = append(outs, Outcome{Key: "failed", AMode: "rag", Winner: "rag"}, Outcome{Key: "failed", AMode: "static", Failed: true})
	outs = append(outs, Outcome{Key: "single", AMode: "rag", Winner: "static"})
	c := Combine(outs)
	got := map[string]Outcome{}
	for _, o := range c.Comparisons {
		got[o.Key] = o
	}
	if len(got) != 5 || got["agree"].Winner != "rag" || got["disagree"].Winner != WinnerTie || got["tied"].Winner != WinnerTie ||
		!got["failed"].Failed || got["single"].Winner != "static" {
		t.Errorf("combined: %+v", got)
	}
	if c.Pairs != 3 || c.Inconsistent != 1 {
		t.Errorf("pairs %d, inconsistent %d; want 3 and 1", c.Pairs, c.Inconsistent)
	}
	if r := c.InconsistentRate(); r.K != 1 || r.N != 3 || r.Lo <= 0 || r.Hi >= 1 || r.Lo > r.Value || r.Hi < r.Value {
		t.Errorf("rate %+v", r)
	}
	if c.InconsistencyFails() {
		t.Error("1 of 3 is not more than a third")
	}
	if t2 := Count(c.Comparisons); t2.Wins["rag"] != 1 || t2.Wins["static"] != 1 || t2.Tie != 2 || t2.Failed != 1 {
		t.Errorf("tally of the combined comparisons: %+v", t2)
	}
}

// An always-A judge names a different mode in each order: every
// comparison is a tie, all inconsistent, and the gate fails.
func TestAlwaysAJudgeGivesTiesAndFailsTheGates(t *testing.T) {
	var outs []Outcome
	for i := range 8 {
		outs = append(outs, both(fmt.Sprint(i), "rag", "static")...)
	}
	c := Combine(outs)
	if tl := Count(c.Comparisons); len(tl.Wins) != 0 || tl.Tie != 8 {
		t.Errorf("always-A tally %+v, want 8 ties", tl)
	}
	if !c.InconsistencyFails() {
		t.Error("8 of 8 inconsistent must fail")
	}
	p := PositionTest(outs)
	if p.AWins != 16 || p.BWins != 0 || !p.Biased {
		t.Errorf("position %+v", p)
	}
	if p := PositionTest(append(both("x", "rag", "rag"), both("y", "static", "static")...)); p.AWins != 2 || p.BWins != 2 || p.Biased {
		t.Errorf("balanced position %+v", p)
	}
}

func TestControlsMustTie(t *testing.T) {
	ties := CountControls([]Outcome{{Winner: WinnerTie}, {Winner: WinnerTie}, {Failed: true}})
	if ties.N != 3 || ties.Failed != 1 || ties.Decisive != 0 || ties.Fails() {
		t.Errorf("tied controls %+v", ties)
	}
	one := CountControls([]Outcome{{Winner: WinnerTie}, {Winner: WinnerA}})
	if one.Decisive != 1 || !one.Fails() || one.DecisiveRate.N != 2 {
		t.Errorf("a decisive control %+v must fail", one)
	}
	var many []Outcome
	for range 19 {
		many = append(many, Outcome{Winner: WinnerTie})
	}
	if c := CountControls(append(many, Outcome{Winner: WinnerB})); c.Fails() {
		t.Errorf("1 decisive of 20 (%+v) is within the tenth allowed", c)
	}
}

func TestBalancedWithinGroups(t *testing.T) {
	// Groups that cut across each other, as categories and fixture
	// groups do: a draw balanced overall is not balanced in each.
	var items []Grouped
	for i := range 30 {
		items = append(items, Grouped{ID: fmt.Sprintf("fx%02d", i), Groups: []string{
			fmt.Sprintf("cat%d", i%2), fmt.Sprintf("grp%d", i%5), fmt.Sprintf("app%d", i/20)}})
	}
	for seed := int64(1); seed <= 20; seed++ {
		first := BalancedWithinGroups(items, seed, 1, 1)
		diff := map[string]int{}
		for _, it := range items {
			for _, g := range append([]string{"all"}, it.Groups...) {
				diff[g] += sign(first[it.ID])
			}
		}
		for g, d := range diff {
			if d > 1 || d < -1 {
				t.Errorf("seed %d: group %s off balance by %d", seed, g, d)
			}
		}
		again := BalancedWithinGroups(items, seed, 1, 1)
		for id := range first {
			if first[id] != again[id] {
				t.Fatalf("seed %d: the draw is not repeatable", seed)
			}
		}
	}
	a, b := BalancedWithinGroups(items, 1, 1, 1), BalancedWithinGroups(items, 2, 1, 1)
	same := true
	for id := range a {
		same = same && a[id] == b[id]
	}
	if same {
		t.Error("the seed does not change the draw")
	}
}
