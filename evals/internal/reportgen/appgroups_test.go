package reportgen

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/explainerr/explainerr/evals/internal/appgroups"
	"github.com/explainerr/explainerr/evals/internal/records"
)

// appGroupInput is the sample input with two apps' rows and their
// per-app figures.
func appGroupInput() Input {
	in := sampleInput()
	for i := range in.Rows.Generations {
		in.Rows.Generations[i].App = "blogapp"
	}
	for _, mode := range []string{"plain", "static", "rag"} {
		g := gen("statement_cache_key", "app", mode, 1, mode == "rag", 0.5, 3, 0)
		g.App, g.FixGroup = "invoiceapp", "similarity"
		in.Rows.Generations = append(in.Rows.Generations, g)
	}
	in.Info.Apps = []records.AppRun{
		{Name: "blogapp", Fixtures: 2},
		{Name: "invoiceapp", Fixtures: 1, Fingerprint: strings.Repeat("c", 64), FrozenVersion: 1, FrozenDate: "2026-12-02"},
	}
	in.AppGroups = appgroups.Compute(in.Rows.Generations, []string{"blogapp", "invoiceapp"})
	return in
}

func TestTheReportHasPerAppFiguresAndComparisons(t *testing.T) {
	md := Summarize(appGroupInput()).Markdown()
	for _, want := range []string{
		"Per app and group: blogapp", "Per app and group: invoiceapp", "Modes compared per fixture: invoiceapp",
		"| similarity | 1 | rag | 1/1 [0.21, 1.00] |", "rag − static", "static − plain",
		"CHANGED since frozen version 1 of 2026-12-02",
	} {
		if !strings.Contains(md, want) {
			t.Errorf("the report lacks %q", want)
		}
	}
}

func TestSummaryJSONHasTheFiguresByAppAndGroup(t *testing.T) {
	path := filepath.Join(t.TempDir(), SummaryFile)
	if err := Summarize(appGroupInput()).WriteSummaryJSON(path); err != nil {
		t.Fatal(err)
	}
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	var got struct {
		ByAppGroup []appgroups.Row `json:"by_app_group"`
	}
	if err := json.Unmarshal(data, &got); err != nil {
		t.Fatal(err)
	}
	var sim *appgroups.Row
	for i, r := range got.ByAppGroup {
		if r.App == "invoiceapp" && r.Group == "similarity" {
			sim = &got.ByAppGroup[i]
		}
	}
	if sim == nil {
		t.Fatalf("no invoiceapp/similarity row in %d", len(got.ByAppGroup))
	}
	rag := sim.Modes[2]
	if sim.N != 1 || rag.FixInPrompt.N != 1 || rag.FixInPrompt.K != 1 || rag.FixInPrompt.Lo <= 0 || rag.FixInPrompt.Hi != 1 {
		t.Errorf("rag figures without their n and interval: %+v", rag.FixInPrompt)
	}
	if len(sim.Diffs) != 6 {
		t.Errorf("%d comparisons, want 6 (two pairs of modes, three metrics)", len(sim.Diffs))
	}
	// No per-app rows is an empty list, not null.
	in := sampleInput()
	if err := Summarize(in).WriteSummaryJSON(path); err != nil {
		t.Fatal(err)
	}
	data, _ = os.ReadFile(path)
	if !strings.Contains(string(data), `"by_app_group": []`) {
		t.Error("by_app_group is not an empty list when there are no rows")
	}
}
