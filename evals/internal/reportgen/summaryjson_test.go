package reportgen

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/explainerr/explainerr/evals/internal/coverage"
	"github.com/explainerr/explainerr/evals/internal/records"
)

func TestSummaryJSONHasCoverageForEveryGroupAndMode(t *testing.T) {
	in := sampleInput()
	in.Rows.Generations[1].Coverage = coverage.Result{FixLocationNamed: true, FactShare: 1, FactsNamed: 4, FactsTotal: 4}
	in.Layer1 = []map[string]any{{"group": "app", "mode": "rag", "n": 1}}
	path := filepath.Join(t.TempDir(), SummaryFile)
	if err := Summarize(in).WriteSummaryJSON(path); err != nil {
		t.Fatal(err)
	}
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	var got struct {
		Layer1   []map[string]any `json:"layer1"`
		Coverage []CoverageRow    `json:"coverage"`
		Gates    GatesJSON        `json:"gates"`
	}
	if err := json.Unmarshal(data, &got); err != nil {
		t.Fatal(err)
	}
	if len(got.Layer1) != 1 || got.Layer1[0]["mode"] != "rag" {
		t.Errorf("layer1 %v: the pipeline's rows are not passed through", got.Layer1)
	}
	if len(got.Coverage) != len(Groups)*len(Modes) {
		t.Fatalf("%d coverage rows, want %d (groups x modes)", len(got.Coverage), len(Groups)*len(Modes))
	}
	for _, r := range got.Coverage {
		if r.FixLocationNamed < 0 || r.FixLocationNamed > 1 || r.FactsNamed < 0 || r.FactsNamed > 1 {
			t.Errorf("share out of 0..1: %+v", r)
		}
		switch {
		case r.Group == "app" && r.Mode == "rag" && (r.N != 1 || r.FixLocationNamed != 1 || r.FactsNamed != 1):
			t.Errorf("app/rag coverage %+v", r)
		case r.Mode == "static" && r.N != 0:
			t.Errorf("no static rows, yet %+v", r)
		case r.Group == "all" && r.Mode == "plain" && (r.N != 2 || r.FixLocationNamed != 0):
			t.Errorf("all/plain coverage %+v", r)
		}
	}
	if !got.Gates.Passed {
		t.Errorf("gates %+v", got.Gates)
	}
}

func TestSelfCheckRunsCarryABanner(t *testing.T) {
	in := sampleInput()
	in.Info.Generator = "oracle"
	s := Summarize(in)
	if !strings.Contains(s.Markdown(), "SELF-CHECK RUN (oracle)") || !strings.Contains(s.HTML(), `<p class="warn">SELF-CHECK RUN (oracle)`) {
		t.Error("a self-check run is not labelled in report.md and report.html")
	}
	in.Info.Generator, in.Info.GeneratorProvider = "normal", "offline"
	s = Summarize(in)
	if strings.Contains(s.Markdown(), "SELF-CHECK") {
		t.Error("a normal run is labelled a self-check")
	}
	if !strings.Contains(s.Markdown(), "the offline analyzer, a deterministic program (not a language model)") {
		t.Error("the report does not say the offline analyzer is a program")
	}
}

func TestUnpricedModelsAreNoted(t *testing.T) {
	in := sampleInput()
	md := Summarize(in).Markdown()
	if !strings.Contains(md, "unknown: no price for gpt-test") || !strings.Contains(md, "unknown: no price for judge-test") {
		t.Errorf("unpriced models shown as a cost:\n%s", md)
	}
	in.Info.Prices = map[string]records.Price{"generator:gpt-test": {InputPerMTok: 1, OutputPerMTok: 2}, "judge:judge-test": {InputPerMTok: 1}}
	md = Summarize(in).Markdown()
	if strings.Contains(md, "no price for") || !strings.Contains(md, "| generator cost | $0.0040 |") {
		t.Errorf("priced models:\n%s", md)
	}
}

func TestChartsShowNAndNameOnlyTheLayersThatRan(t *testing.T) {
	in := sampleInput()
	page := Summarize(in).HTML()
	if !strings.Contains(page, "(layer 2, layer 3)") || !strings.Contains(page, "all · rag (n=2)") {
		t.Error("a judged run's charts lack the layer 3 title or n")
	}
	in.Rows.Judgments, in.Judged = nil, false
	page = Summarize(in).HTML()
	if strings.Contains(page, "layer 3") {
		t.Error("a chart names layer 3 although the judge was off")
	}
}

func TestPositionEffectIsReported(t *testing.T) {
	in := sampleInput()
	in.Info.BothOrders = true
	md := Summarize(in).Markdown()
	if !strings.Contains(md, "Position test: A won 2, B won 0 of the decisive judgments, exact sign test p = 0.5") || !strings.Contains(md, "A wins / B wins") {
		t.Errorf("both orders ran: no position consistency line:\n%s", md)
	}
}

func TestMissingRowsAndMismatchedChunksFailTheGates(t *testing.T) {
	in := sampleInput()
	in.Missing = []string{"featured_post_nil/rag run 1: errored (retrieval fails)"}
	if s := Summarize(in); s.GatePassed() || !strings.Contains(s.Markdown(), "Rows: FAIL") {
		t.Error("a missing row passed the gates")
	}
	in = sampleInput()
	in.Rows.Generations[1].Gate.Mismatched = []string{"a.go:1-9: line 1 of the text is not the file's"}
	if s := Summarize(in); s.GatePassed() || !strings.Contains(s.Markdown(), "Chunks: FAIL") {
		t.Error("a chunk whose text is not its heading's passed the gates")
	}
	in = sampleInput()
	in.LeakNotes = []string{"no leak probe was run"}
	if s := Summarize(in); s.GatePassed() || !strings.Contains(s.Markdown(), "not exercised: no leak probe was run") {
		t.Error("an unexercised leak gate passed")
	}
}

func TestSelfChecksAndProvenanceFailTheGates(t *testing.T) {
	in := sampleInput()
	in.SelfChecks = []coverage.SelfCheckTotal{{Mode: "rag", N: 1, Real: 0.4, SelfCheck: coverage.SelfCheck{Oracle: 1, Null: 0.8}}}
	in.SelfCheckFailures = []string{"rag: an empty answer scores 0.80, want <= 0.10"}
	s := Summarize(in)
	if s.GatePassed() || !strings.Contains(s.Markdown(), "Self-checks: FAIL") || len(s.SummaryJSON().Gates.SelfCheckFailures) != 1 {
		t.Error("failed self-checks passed the gates or were not reported")
	}
	in = sampleInput()
	in.Provenance = []string{"featured_post_nil/static run 1: static mode: the context is not a fresh static computation's"}
	s = Summarize(in)
	if s.GatePassed() || !strings.Contains(s.Markdown(), "Provenance: FAIL, 1 context(s)") || len(s.SummaryJSON().Gates.Provenance) != 1 {
		t.Error("a context not made as its mode makes it passed the gates or was not reported")
	}
}
