package records

import (
	"strings"
	"testing"

	"github.com/explainerr/explainerr/evals/internal/gate"
)

func genRow(fixture, mode string, run int, measured bool) Generation {
	g := Generation{Kind: KindGeneration, Fixture: fixture, Mode: mode, Run: run}
	if measured {
		g.Gate = gate.Metrics{Fixture: fixture, Mode: mode}
	}
	return g
}

func TestMissingGenerationsNamesEveryGap(t *testing.T) {
	rows := &Rows{Generations: []Generation{
		genRow("a", "plain", 1, true), genRow("a", "static", 1, true), genRow("a", "rag", 1, true),
		genRow("b", "plain", 1, true), genRow("b", "static", 1, false),
	}}
	errs := []ErrorRow{{Stage: StageGenerate, Fixture: "b", Mode: "rag", Run: 1, Error: "asked for the rag context, the middleware used \"static\""}}
	got := MissingGenerations(rows, errs, []string{"a", "b"}, []string{"plain", "static", "rag"}, 2)
	text := strings.Join(got, "\n")
	for _, want := range []string{"b/static run 1: not measured", "b/rag run 1: errored (asked for the rag context", "a/plain run 2: not run", "b/rag run 2: not run"} {
		if !strings.Contains(text, want) {
			t.Errorf("missing lacks %q:\n%s", want, text)
		}
	}
	if len(got) != 2+6 {
		t.Errorf("%d gaps, want 8:\n%s", len(got), text)
	}
	if got := MissingGenerations(rows, nil, []string{"a"}, []string{"plain", "static", "rag"}, 1); len(got) != 0 {
		t.Errorf("a complete run has gaps: %v", got)
	}
}

func TestUnresolvedDropsErrorsMadeGoodByAResume(t *testing.T) {
	rows := &Rows{
		Generations: []Generation{genRow("a", "rag", 1, true)},
		Judgments:   []Judgment{{Kind: KindJudgment, Fixture: "a", Run: 1, Rep: 1, Order: "rag-first"}},
	}
	errs := []ErrorRow{
		{Stage: StageGenerate, Fixture: "a", Mode: "rag", Run: 1, Error: "502"},
		{Stage: StageJudge, Fixture: "a", Run: 1, Rep: 1, Order: "rag-first", Error: "timeout"},
		{Stage: StageJudge, Fixture: "a", Run: 1, Rep: 1, Order: "static-first", Error: "timeout"},
		{Stage: "index", Error: "disk full"},
		{Stage: StageJudge, Fixture: "a", Run: 1, Rep: 1, Order: "static-first", Error: "served another model"},
	}
	got := Unresolved(rows, errs)
	if len(got) != 2 || got[0].Stage != "index" || got[1].Error != "served another model" {
		t.Errorf("unresolved %+v", got)
	}
}

func TestLeakNotes(t *testing.T) {
	info := &RunInfo{}
	rows := &Rows{Generations: []Generation{genRow("a", "rag", 1, true)}}
	if n := LeakNotes(info, rows, false); len(n) != 1 || !strings.Contains(n[0], "no leak probe") {
		t.Errorf("a run without a probe: %v", n)
	}
	info.LeakProbe = &LeakProbe{Outputs: 6}
	if n := LeakNotes(info, rows, false); len(n) != 0 {
		t.Errorf("a probed run over some fixtures: %v", n)
	}
	if n := LeakNotes(info, rows, true); len(n) != 1 || !strings.Contains(n[0], "no fixture's prompt") {
		t.Errorf("a run over every fixture that never met a secret: %v", n)
	}
	rows.Generations[0].Gate.SecretChunks = 1
	if n := LeakNotes(info, rows, true); len(n) != 0 {
		t.Errorf("exercised: %v", n)
	}
}
