package records

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"sync"
	"testing"

	"github.com/explainerr/explainerr/evals/internal/checker"
	"github.com/explainerr/explainerr/evals/internal/gate"
	"github.com/explainerr/explainerr/evals/internal/judge"
	"github.com/explainerr/explainerr/evals/internal/source"
)

func openDir(t *testing.T) *Dir {
	t.Helper()
	d, err := Open(filepath.Join(t.TempDir(), "run"))
	if err != nil {
		t.Fatal(err)
	}
	if st, err := os.Stat(filepath.Join(d.Path, TracesDir)); err != nil || !st.IsDir() {
		t.Fatalf("Open did not create %s: %v", TracesDir, err)
	}
	return d
}

func sampleGeneration(fixture, mode string, run int) Generation {
	return Generation{
		Kind: KindGeneration, Fixture: fixture, Group: "app", Mode: mode, ReportMode: mode, Run: run,
		Generator: "normal", Provider: "openai", Model: "gpt-test", Status: 500,
		Explanation: "`FeaturedPost` returns nil, nil when no row matches.\nLine two \"quoted\" <b>",
		Truncated:   true, DurationMS: 1234, CostUSD: 0.0012, PromptTokens: 900, CompletionTokens: 120,
		Notices: []string{"retrieval: 3 chunks"},
		Gate: gate.Metrics{Fixture: fixture, Group: "app", Mode: mode, FixLocationInPrompt: true, FixInContext: true,
			FactsFound: 2, FactsTotal: 3, FactRecall: 2.0 / 3, MissingFacts: []string{"nil"}, K: 5, FixRank: 2, HitAtK: true, MRR: 0.5,
			PromptChars: 4000, EstTokens: 1000},
		Claims: []checker.Result{{Claim: checker.Claim{Text: "FeaturedPost", Kind: "name", File: "store_posts.go", Line: 12},
			Verdict: checker.Verified, Reason: "declared"}},
		Checker:  CheckerCounts{Claims: 1, Verified: 1},
		Overlap:  0.75,
		Excerpt:  []source.Span{{File: "blogapp/app/handlers_posts.go", StartLine: 10, EndLine: 20, Symbol: "Server.handleFeatured", Role: source.RoleFailing}},
		Leaks:    []gate.Leak{{Where: "prompt", Secret: "sk-l…(40)"}},
		TraceDir: "traces/gen/" + fixture + "/" + mode + "/run1",
	}
}

func sampleJudgment(fixture string, run, rep int, order string) Judgment {
	return Judgment{
		Kind: KindJudgment, Fixture: fixture, Group: "app", Run: run, Rep: rep, AMode: "rag", Order: order, Model: "judge-test",
		Judgment: &judge.Judgment{
			A: judge.Side{Claims: []judge.ClaimVerdict{{Claim: "c", Verdict: judge.Verified, Evidence: "return nil, nil", CitationOK: true}},
				IdentifiesCause: true, NoFabrication: true, Verified: 1},
			B:      judge.Side{Claims: []judge.ClaimVerdict{{Claim: "d", Verdict: judge.Contradicted, Evidence: "x"}}, Contradicted: 1, Uncited: 1},
			Winner: judge.WinnerA, Reasoning: "A names the store.",
		},
		WinnerMode: "rag", DurationMS: 50, PromptTokens: 3000, OutputTokens: 400, CostUSD: 0.01,
		TraceDir: "traces/judge/" + fixture,
	}
}

func TestAppendedRowsReadBackExactly(t *testing.T) {
	d := openDir(t)
	gens := []Generation{sampleGeneration("featured_post_nil", "plain", 1), sampleGeneration("featured_post_nil", "rag", 1)}
	judgments := []Judgment{sampleJudgment("featured_post_nil", 1, 1, "rag-first"), {Kind: KindJudgment, Fixture: "f2", Run: 1, Rep: 1, Order: "plain-first", Failed: true, Failure: "malformed JSON"}}
	// Interleave the kinds, as a real run does.
	for _, row := range []any{gens[0], gens[1], judgments[0], judgments[1]} {
		if err := d.AppendResult(row); err != nil {
			t.Fatal(err)
		}
	}
	rows, err := d.ReadResults()
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(rows.Generations, gens) {
		t.Errorf("generations read back differ:\n got %+v\nwant %+v", rows.Generations, gens)
	}
	if !reflect.DeepEqual(rows.Judgments, judgments) {
		t.Errorf("judgments read back differ:\n got %+v\nwant %+v", rows.Judgments, judgments)
	}
	if rows.TornLine != 0 {
		t.Errorf("TornLine = %d on a clean file", rows.TornLine)
	}
	keys := rows.Keys()
	for _, k := range []string{"gen/featured_post_nil/plain/1", "gen/featured_post_nil/rag/1", "judge/featured_post_nil/1/1/rag-first", "judge/f2/1/1/plain-first"} {
		if !keys[k] {
			t.Errorf("Keys lacks %s: %v", k, keys)
		}
	}
	if len(keys) != 4 {
		t.Errorf("Keys has %d entries, want 4: %v", len(keys), keys)
	}
	// Reopening the directory (a resumed run) reads the same rows.
	again, err := Open(d.Path)
	if err != nil {
		t.Fatal(err)
	}
	rows2, err := again.ReadResults()
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(rows, rows2) {
		t.Error("reopened directory reads different rows")
	}
}

func TestReadResultsMissingFileIsEmpty(t *testing.T) {
	rows, err := openDir(t).ReadResults()
	if err != nil || len(rows.Generations)+len(rows.Judgments) != 0 || rows.TornLine != 0 {
		t.Errorf("missing results.jsonl: rows %+v, err %v", rows, err)
	}
}

func appendRaw(t *testing.T, d *Dir, name, text string) {
	t.Helper()
	f, err := os.OpenFile(filepath.Join(d.Path, name), os.O_APPEND|os.O_CREATE|os.O_WRONLY, 0o644)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	if _, err := f.WriteString(text); err != nil {
		t.Fatal(err)
	}
}

// tornRow is the first part of a generation row, as a run killed while
// writing it leaves it.
func tornRow(t *testing.T) string {
	data, err := json.Marshal(sampleGeneration("torn", "rag", 1))
	if err != nil {
		t.Fatal(err)
	}
	return string(data[:len(data)/2])
}

func TestTornLastLineIsReportedAndSkipped(t *testing.T) {
	d := openDir(t)
	for _, mode := range []string{"plain", "rag"} {
		if err := d.AppendResult(sampleGeneration("a", mode, 1)); err != nil {
			t.Fatal(err)
		}
	}
	appendRaw(t, d, ResultsFile, tornRow(t))
	rows, err := d.ReadResults()
	if err != nil {
		t.Fatalf("a torn last line made the file unreadable: %v", err)
	}
	if len(rows.Generations) != 2 {
		t.Errorf("read %d generations, want the 2 whole ones", len(rows.Generations))
	}
	if rows.TornLine != 3 {
		t.Errorf("TornLine = %d, want 3", rows.TornLine)
	}
	if rows.Keys()[GenerationKey("torn", "rag", 1)] {
		t.Error("the torn item counts as finished: a resumed run would skip it")
	}
}

// A resumed run appends after a torn line. The new row must survive and
// the file must stay readable, also after further appends.
func TestAppendAfterTornLineKeepsNewRows(t *testing.T) {
	d := openDir(t)
	if err := d.AppendResult(sampleGeneration("a", "plain", 1)); err != nil {
		t.Fatal(err)
	}
	appendRaw(t, d, ResultsFile, tornRow(t))
	retried := sampleGeneration("torn", "rag", 1)
	if err := d.AppendResult(retried); err != nil {
		t.Fatal(err)
	}
	if err := d.AppendResult(sampleGeneration("b", "plain", 1)); err != nil {
		t.Fatal(err)
	}
	rows, err := d.ReadResults()
	if err != nil {
		t.Fatalf("results.jsonl unreadable after appending past a torn line: %v", err)
	}
	var got []string
	for _, g := range rows.Generations {
		got = append(got, g.Key())
	}
	want := []string{"gen/a/plain/1", "gen/torn/rag/1", "gen/b/plain/1"}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("rows after resume = %v, want %v", got, want)
	}
	if rows.TornLine != 0 {
		t.Errorf("TornLine = %d after the tail was repaired", rows.TornLine)
	}
}

// A last row written whole but without its newline is a finished item:
// appending must keep it and end its line.
func TestAppendAfterWholeRowWithoutNewline(t *testing.T) {
	d := openDir(t)
	data, err := json.Marshal(sampleGeneration("a", "plain", 1))
	if err != nil {
		t.Fatal(err)
	}
	appendRaw(t, d, ResultsFile, string(data))
	rows, err := d.ReadResults()
	if err != nil || len(rows.Generations) != 1 || rows.TornLine != 0 {
		t.Fatalf("whole row without newline: %d generations, torn %d, err %v", len(rows.Generations), rows.TornLine, err)
	}
	if err := d.AppendResult(sampleGeneration("b", "plain", 1)); err != nil {
		t.Fatal(err)
	}
	rows, err = d.ReadResults()
	if err != nil || len(rows.Generations) != 2 {
		t.Fatalf("after append: %d generations, err %v", len(rows.Generations), err)
	}
}

func TestBadLineInTheMiddleIsAnError(t *testing.T) {
	d := openDir(t)
	if err := d.AppendResult(sampleGeneration("a", "plain", 1)); err != nil {
		t.Fatal(err)
	}
	appendRaw(t, d, ResultsFile, "{not json}\n")
	if err := d.AppendResult(sampleGeneration("b", "plain", 1)); err != nil {
		t.Fatal(err)
	}
	_, err := d.ReadResults()
	if err == nil || !strings.Contains(err.Error(), "line 2") {
		t.Errorf("a corrupt middle line gave %v, want an error naming line 2", err)
	}
}

func TestUnknownKindIsAnError(t *testing.T) {
	d := openDir(t)
	appendRaw(t, d, ResultsFile, `{"kind":"mystery"}`+"\n")
	if _, err := d.ReadResults(); err == nil || !strings.Contains(err.Error(), "mystery") {
		t.Errorf("unknown kind gave %v", err)
	}
}

func TestErrorRowsAreNeverResults(t *testing.T) {
	d := openDir(t)
	if err := d.AppendResult(sampleGeneration("a", "plain", 1)); err != nil {
		t.Fatal(err)
	}
	failed := []ErrorRow{
		{Stage: "generate", Fixture: "a", Mode: "rag", Run: 1, Error: "status 500 from the model"},
		{Stage: "judge", Fixture: "a", Run: 1, Rep: 1, Order: "rag-first", Error: "timeout", Time: "2026-01-01T00:00:00Z"},
	}
	for _, e := range failed {
		if err := d.AppendError(e); err != nil {
			t.Fatal(err)
		}
	}
	rows, err := d.ReadResults()
	if err != nil {
		t.Fatal(err)
	}
	if len(rows.Generations) != 1 || len(rows.Judgments) != 0 {
		t.Errorf("results hold %d generations and %d judgments, want 1 and 0", len(rows.Generations), len(rows.Judgments))
	}
	keys := rows.Keys()
	if keys[GenerationKey("a", "rag", 1)] || keys[JudgmentKey("a", 1, 1, "rag-first")] {
		t.Errorf("an errored item counts as finished, so a resumed run would not retry it: %v", keys)
	}
	errs, err := d.ReadErrors()
	if err != nil {
		t.Fatal(err)
	}
	if len(errs) != 2 {
		t.Fatalf("read %d error rows, want 2", len(errs))
	}
	if errs[0].Time == "" {
		t.Error("AppendError did not stamp the time")
	}
	if errs[1].Time != "2026-01-01T00:00:00Z" {
		t.Errorf("AppendError replaced a given time: %q", errs[1].Time)
	}
	if errs[0].Stage != "generate" || errs[0].Error != failed[0].Error || errs[1].Order != "rag-first" {
		t.Errorf("error rows read back differ: %+v", errs)
	}
	none, err := openDir(t).ReadErrors()
	if err != nil || none != nil {
		t.Errorf("missing errors.jsonl: %v, %v", none, err)
	}
}

func TestConcurrentAppendsKeepEveryRow(t *testing.T) {
	d := openDir(t)
	const n = 40
	var wg sync.WaitGroup
	for i := range n {
		wg.Add(1)
		go func() {
			defer wg.Done()
			if err := d.AppendResult(sampleGeneration(fmt.Sprintf("f%02d", i), "rag", 1)); err != nil {
				t.Error(err)
			}
		}()
	}
	wg.Wait()
	rows, err := d.ReadResults()
	if err != nil {
		t.Fatal(err)
	}
	if len(rows.Keys()) != n {
		t.Errorf("%d distinct rows after %d concurrent appends", len(rows.Keys()), n)
	}
}

func TestRewriteResultsKeepsThePreviousFile(t *testing.T) {
	d := openDir(t)
	if err := d.AppendResult(sampleJudgment("j", 1, 1, "rag-first")); err != nil {
		t.Fatal(err)
	}
	if err := d.AppendResult(sampleGeneration("a", "plain", 1)); err != nil {
		t.Fatal(err)
	}
	before, err := os.ReadFile(filepath.Join(d.Path, ResultsFile))
	if err != nil {
		t.Fatal(err)
	}
	rows, err := d.ReadResults()
	if err != nil {
		t.Fatal(err)
	}
	rows.Generations[0].Checker.Contradicted = 7
	if err := d.RewriteResults(rows); err != nil {
		t.Fatal(err)
	}
	kept, err := os.ReadFile(filepath.Join(d.Path, "results.pre-regrade.jsonl"))
	if err != nil || string(kept) != string(before) {
		t.Errorf("previous results not kept verbatim (err %v)", err)
	}
	after, err := d.ReadResults()
	if err != nil {
		t.Fatal(err)
	}
	if len(after.Generations) != 1 || len(after.Judgments) != 1 || after.Generations[0].Checker.Contradicted != 7 {
		t.Errorf("rewritten rows differ: %+v", after)
	}
}

func TestRunInfoRoundTrip(t *testing.T) {
	d := openDir(t)
	if _, ok, err := d.ReadRun(); ok || err != nil {
		t.Fatalf("no run.json: ok %v, err %v", ok, err)
	}
	info := &RunInfo{Started: "2026-01-01T00:00:00Z", GitRevision: "abc", GitDirty: true, SourceTreeHash: "h", FixturesHash: "f",
		IndexHash: "i", IndexChunks: 42, Seed: 7, Runs: 2, JudgeReps: 3, BothOrders: true, Fixtures: []string{"a", "b"},
		Prices: map[string]Price{"judge:m": {InputPerMTok: 3, OutputPerMTok: 15}}, Args: []string{"-runs", "2"},
		Regrades: []Regrade{{Time: "t", SourceTreeHash: "h2"}}}
	if err := d.WriteRun(info); err != nil {
		t.Fatal(err)
	}
	got, ok, err := d.ReadRun()
	if err != nil || !ok {
		t.Fatalf("ReadRun: ok %v, err %v", ok, err)
	}
	if !reflect.DeepEqual(got, info) {
		t.Errorf("run.json read back differs:\n got %+v\nwant %+v", got, info)
	}
	if err := os.WriteFile(filepath.Join(d.Path, RunFile), []byte("{"), 0o644); err != nil {
		t.Fatal(err)
	}
	if _, _, err := d.ReadRun(); err == nil || !strings.Contains(err.Error(), RunFile) {
		t.Errorf("corrupt run.json gave %v", err)
	}
}

func TestTraceRoundTrip(t *testing.T) {
	d := openDir(t)
	rel, err := d.WriteTrace("gen/a/rag/run1", "prompt.txt", []byte("hello"))
	if err != nil {
		t.Fatal(err)
	}
	if rel != "traces/gen/a/rag/run1" {
		t.Errorf("trace dir = %q", rel)
	}
	if _, err := os.Stat(filepath.Join(d.Path, "traces", "gen", "a", "rag", "run1", "prompt.txt")); err != nil {
		t.Errorf("trace not under traces/: %v", err)
	}
	data, err := d.ReadTrace(rel, "prompt.txt")
	if err != nil || string(data) != "hello" {
		t.Errorf("ReadTrace = %q, %v", data, err)
	}
}

func TestPriceAndCounts(t *testing.T) {
	p := Price{InputPerMTok: 3, OutputPerMTok: 15}
	if got := p.Cost(1_000_000, 200_000); got != 6 {
		t.Errorf("Cost = %v, want 6", got)
	}
	c := CountVerdicts([]checker.Result{{Verdict: checker.Verified}, {Verdict: checker.Contradicted}, {Verdict: checker.UnknownIdentifier}, {Verdict: checker.Proposed}, {Verdict: checker.UnknownIdentifier}})
	if c != (CheckerCounts{Claims: 5, Verified: 1, Contradicted: 1, UnknownIdentifier: 2, Proposed: 1}) || c.Fabrications() != 3 {
		t.Errorf("CountVerdicts = %+v, fabrications %d", c, c.Fabrications())
	}
}

func TestSideOf(t *testing.T) {
	j := sampleJudgment("a", 1, 1, "rag-first")
	if s := j.SideOf("rag"); s == nil || !s.IdentifiesCause {
		t.Error("rag was shown as A but SideOf(rag) is not side A")
	}
	if s := j.SideOf("plain"); s == nil || s.Contradicted != 1 {
		t.Error("SideOf(plain) is not side B")
	}
	if (Judgment{}).SideOf("rag") != nil {
		t.Error("a failed judgment has a side")
	}
}
