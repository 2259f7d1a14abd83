package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/explainerr/explainerr/evals/internal/pipeline"
	"github.com/explainerr/explainerr/evals/internal/records"
)

// judgeSummary is the part of summary.json the judge-control tests read.
type judgeSummary struct {
	Judge struct {
		Judgments int `json:"judgments"`
		Failed    int `json:"failed"`
		Tallies   map[string]struct {
			Total int            `json:"total"`
			Wins  map[string]int `json:"wins"`
			Tie   int            `json:"tie"`
		} `json:"tallies"`
		Controls struct {
			FailedJudgments struct{ K, N int } `json:"failed_judgments"`
			Inconsistency   struct {
				K, N   int
				Lo, Hi float64
			} `json:"inconsistency"`
			Position struct {
				AWins int     `json:"a_wins"`
				BWins int     `json:"b_wins"`
				P     float64 `json:"sign_p"`
			} `json:"position"`
			Controls struct {
				N        int `json:"n"`
				Decisive int `json:"decisive"`
			} `json:"identical_answer_controls"`
			IdenticalPairs int `json:"identical_pairs_tied_without_asking"`
			Second         *struct {
				Models    []string           `json:"served_models"`
				Agreement struct{ K, N int } `json:"agreement"`
			} `json:"second_judge"`
		} `json:"controls"`
	} `json:"judge"`
	Gates struct {
		Passed        bool     `json:"passed"`
		JudgeControls []string `json:"judge_controls_failed"`
	} `json:"gates"`
}

func readJudgeSummary(t *testing.T, dir string) judgeSummary {
	t.Helper()
	var s judgeSummary
	data, err := os.ReadFile(filepath.Join(dir, "summary.json"))
	if err != nil {
		t.Fatal(err)
	}
	if err := json.Unmarshal(data, &s); err != nil {
		t.Fatal(err)
	}
	return s
}

func pinTree(t *testing.T) {
	pipeline.TreeHash = func(string) (string, error) { return "tree-under-test", nil }
	t.Cleanup(func() { pipeline.TreeHash = records.SourceTreeHash })
}

// TestAlwaysAJudgeFailsTheJudgeControls runs one fixture against a judge
// that always answers "A". By default it is asked both orders and an
// identical-answer control: the orders disagree (a tie, counted
// inconsistent) and it names a winner between identical texts, so the
// run fails its judge-control gates instead of reporting a winner.
func TestAlwaysAJudgeFailsTheJudgeControls(t *testing.T) {
	s := &judgeScript{judge: alwaysA}
	out, stdout := runScripted(t, s, 1, "-fixture", "featured_post_nil")
	// What the judge was sent: the two orders with the sides swapped, and
	// a control whose sides are byte-identical.
	calls := s.judgeCalls()
	if len(calls) != 3 {
		t.Fatalf("%d judge calls, want 3 (two orders and a control)", len(calls))
	}
	swapped, control := false, false
	for _, c := range calls {
		for _, d := range calls {
			swapped = swapped || (c.a != c.b && c.a == d.b && c.b == d.a)
		}
		control = control || (c.a == c.b && c.a != "")
	}
	if !swapped || !control {
		t.Errorf("the judge was not shown both orders (%v) and an identical pair (%v)", swapped, control)
	}
	for _, w := range []string{"Judge controls: FAIL, order consistency", "Judge controls: FAIL, identical-answer controls", "Gates: FAIL",
		"Order inconsistency (the two orders named different winners; scored a tie): 1/1"} {
		if !strings.Contains(stdout, w) {
			t.Errorf("the report lacks %q:\n%s", w, stdout)
		}
	}
	sum := readJudgeSummary(t, out)
	all := sum.Judge.Tallies["all"]
	if all.Total != 1 || len(all.Wins) != 0 || all.Tie != 1 {
		t.Errorf("always-A must give a tie, not a winner: %+v", all)
	}
	c := sum.Judge.Controls
	if c.Inconsistency.K != 1 || c.Inconsistency.N != 1 || c.Inconsistency.Hi != 1 || c.Inconsistency.Lo <= 0 {
		t.Errorf("inconsistency %+v", c.Inconsistency)
	}
	if c.Controls.N != 1 || c.Controls.Decisive != 1 || c.Position.AWins != 2 || c.Position.BWins != 0 {
		t.Errorf("controls %+v, position %+v", c.Controls, c.Position)
	}
	if sum.Gates.Passed || len(sum.Gates.JudgeControls) != 2 {
		t.Errorf("gates %+v", sum.Gates)
	}
}
