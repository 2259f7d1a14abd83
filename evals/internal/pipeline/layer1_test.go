package pipeline

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/explainerr/explainerr/evals/internal/gate"
	"github.com/explainerr/explainerr/evals/internal/records"
)

func TestLayer1SharesByGroupAndMode(t *testing.T) {
	gen := func(fx, group, mode string, run int, fix bool, recall float64) records.Generation {
		return records.Generation{Fixture: fx, Group: group, Mode: mode, Run: run, Gate: gate.Metrics{FixLocationInPrompt: fix, FactRecall: recall}}
	}
	rows := Layer1([]records.Generation{
		gen("a", "app", "static", 1, true, 1),
		gen("b", "app", "static", 1, false, 0.5),
		gen("c", "traceback", "static", 1, true, 0.25),
		gen("a", "app", "static", 2, false, 0), // later runs repeat run 1
		gen("a", "app", "rag", 1, true, 1),
	})
	if len(rows) != len(Layer1Groups)*len(Layer1Modes) {
		t.Fatalf("%d rows, want one per group and mode", len(rows))
	}
	byKey := map[string]Layer1Row{}
	for _, r := range rows {
		byKey[r.Group+"/"+r.Mode] = r
	}
	for key, want := range map[string]Layer1Row{
		"app/static":       {Group: "app", Mode: "static", N: 2, FixLocationInPrompt: 0.5, FactRecall: 0.75},
		"traceback/static": {Group: "traceback", Mode: "static", N: 1, FixLocationInPrompt: 1, FactRecall: 0.25},
		"all/static":       {Group: "all", Mode: "static", N: 3, FixLocationInPrompt: 2.0 / 3, FactRecall: 1.75 / 3},
		"app/rag":          {Group: "app", Mode: "rag", N: 1, FixLocationInPrompt: 1, FactRecall: 1},
		"app/plain":        {Group: "app", Mode: "plain"},
	} {
		if got := byKey[key]; got != want {
			t.Errorf("%s = %+v, want %+v", key, got, want)
		}
	}
	data, err := json.Marshal(rows[0])
	if err != nil || string(data) != `{"group":"app","mode":"plain","n":0,"fix_location_in_prompt":0,"fact_recall":0}` {
		t.Errorf("JSON %s %v", data, err)
	}
}

func TestJudgedWinnerIsRAGOrStatic(t *testing.T) {
	for _, tc := range []struct{ winner, aMode, want string }{
		{"A", "rag", "rag"}, {"B", "rag", "static"}, {"A", "static", "static"}, {"B", "static", "rag"}, {"tie", "rag", "tie"},
	} {
		if got := winnerMode(tc.winner, tc.aMode); got != tc.want {
			t.Errorf("winnerMode(%q, %q) = %q, want %q", tc.winner, tc.aMode, got, tc.want)
		}
	}
	if !strings.Contains(strings.Join(modes, " "), "plain static rag") {
		t.Errorf("modes %v, want plain, static and rag", modes)
	}
}
