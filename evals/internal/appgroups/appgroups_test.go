package appgroups

import (
	"testing"

	"github.com/explainerr/explainerr/evals/internal/gate"
	"github.com/explainerr/explainerr/evals/internal/records"
)

// gen is run 1's generation of a fixture in a mode.
func gen(app, id, group, mode string, fix bool, recall float64, rank int) records.Generation {
	g := records.Generation{App: app, Fixture: id, FixGroup: group, Group: "app", Mode: mode, Run: 1}
	g.Gate = gate.Metrics{FixLocationInPrompt: fix, FactRecall: recall, FixRank: rank}
	if rank > 0 {
		g.Gate.MRR = 1 / float64(rank)
	}
	return g
}

func find(t *testing.T, rows []Row, app, group string) Row {
	t.Helper()
	for _, r := range rows {
		if r.App == app && r.Group == group {
			return r
		}
	}
	t.Fatalf("no row %s/%s among %d", app, group, len(rows))
	return Row{}
}

func diffOf(t *testing.T, r Row, metric, more string) Diff {
	t.Helper()
	for _, d := range r.Diffs {
		if d.Metric == metric && d.More == more {
			return d
		}
	}
	t.Fatalf("no %s diff for %s", metric, more)
	return Diff{}
}

func TestComputeReportsEachAppAndGroupWithIntervals(t *testing.T) {
	var gens []records.Generation
	for _, id := range []string{"a", "b", "c", "d"} {
		rank := 2
		if id == "d" {
			rank = 0
		}
		gens = append(gens,
			gen("inv", id, "sql", "plain", false, 0, 0),
			gen("inv", id, "sql", "static", false, 0.25, 0),
			gen("inv", id, "sql", "rag", rank > 0, 0.75, rank))
	}
	gens = append(gens,
		gen("inv", "e", "direct", "plain", true, 0.5, 0),
		gen("inv", "e", "direct", "static", true, 1, 1),
		gen("inv", "e", "direct", "rag", true, 1, 1),
		gen("blog", "f", "", "rag", true, 1, 1))
	// A later run repeats the gate and is left out.
	gens = append(gens, records.Generation{App: "inv", Fixture: "a", FixGroup: "sql", Mode: "rag", Run: 2})
	rows := Compute(gens, []string{"inv", "blog"})

	if got := []string{rows[0].Group, rows[1].Group, rows[2].Group}; got[0] != "all" || got[1] != "sql" || got[2] != "direct" {
		t.Errorf("groups in order %v, want all, sql, direct", got)
	}
	sql := find(t, rows, "inv", "sql")
	if sql.N != 4 {
		t.Errorf("sql n = %d, want 4", sql.N)
	}
	rag := sql.Modes[2]
	if rag.Mode != "rag" || rag.FixInPrompt.K != 3 || rag.FixInPrompt.N != 4 || rag.FixChunk.K != 3 || rag.MedianRank != 2 {
		t.Errorf("rag figures %+v", rag)
	}
	if !(rag.FixInPrompt.Lo < 0.75 && rag.FixInPrompt.Hi > 0.75) {
		t.Errorf("the Wilson interval %+v does not hold the rate", rag.FixInPrompt)
	}
	d := diffOf(t, sql, "fact_recall", "rag")
	if d.Less != "static" || d.N != 4 || d.Better != 4 || d.Worse != 0 || d.Mean != 0.5 || d.SignP != 0.125 {
		t.Errorf("rag − static fact recall %+v", d)
	}
	if d := diffOf(t, sql, "fix_location_in_prompt", "static"); d.Less != "plain" || d.Ties != 4 || d.SignP != 1 {
		t.Errorf("static − plain fix location %+v", d)
	}
	all := find(t, rows, "inv", "all")
	if all.N != 5 {
		t.Errorf("all n = %d, want 5", all.N)
	}
	// A group measured in one mode only has no pair to compare.
	blog := find(t, rows, "blog", "app")
	if d := diffOf(t, blog, "mrr", "rag"); d.N != 0 || d.SignP != 1 {
		t.Errorf("a comparison without pairs: %+v", d)
	}
	if blog.Modes[0].FixInPrompt.N != 0 || blog.Modes[0].FixInPrompt.Lo != 0 || blog.Modes[0].FixInPrompt.Hi != 1 {
		t.Errorf("an unmeasured mode: %+v", blog.Modes[0].FixInPrompt)
	}
}

func TestComputeIsReproducible(t *testing.T) {
	var gens []records.Generation
	for i, id := range []string{"a", "b", "c", "d", "e", "f"} {
		gens = append(gens, gen("inv", id, "config", "static", false, 0.1*float64(i), 0), gen("inv", id, "config", "rag", i%2 == 0, 0.2*float64(i), i%3))
	}
	a, b := Compute(gens, []string{"inv"}), Compute(gens, []string{"inv"})
	da, db := diffOf(t, find(t, a, "inv", "config"), "fact_recall", "rag"), diffOf(t, find(t, b, "inv", "config"), "fact_recall", "rag")
	if da != db {
		t.Errorf("the same rows gave %+v and %+v", da, db)
	}
	if !(da.Lo <= da.Mean && da.Mean <= da.Hi) {
		t.Errorf("the interval does not hold the mean: %+v", da)
	}
}
