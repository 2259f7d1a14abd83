package reportgen

import (
	"bytes"
	"fmt"
	"regexp"
	"strings"
	"testing"

	"github.com/explainerr/explainerr/evals/internal/gate"
	"github.com/explainerr/explainerr/evals/internal/judge"
	"github.com/explainerr/explainerr/evals/internal/records"
)

const hostileID = `x<script>alert(1)</script>`

func gen(fixture, group, mode string, run int, fix bool, recall float64, rank int, fabrications int) records.Generation {
	m := gate.Metrics{Fixture: fixture, Group: group, Mode: mode, FixLocationInPrompt: fix, FactsFound: int(recall * 4), FactsTotal: 4,
		FactRecall: recall, PromptChars: 4000, EstTokens: 1000}
	if mode == "rag" {
		m.K, m.FixRank = 5, rank
		if rank > 0 {
			m.HitAtK, m.MRR = true, 1/float64(rank)
		}
	}
	return records.Generation{Kind: records.KindGeneration, Fixture: fixture, Group: group, Mode: mode, Run: run, Gate: m,
		Checker:    records.CheckerCounts{Claims: 3, Verified: 3 - fabrications, UnknownIdentifier: fabrications},
		DurationMS: int64(100 * run), CostUSD: 0.001, Overlap: 0.5}
}

func judgment(fixture, group string, aMode, winnerMode string, failed bool, failure string) records.Judgment {
	j := records.Judgment{Kind: records.KindJudgment, Fixture: fixture, Group: group, Run: 1, Rep: 1, AMode: aMode, Order: aMode + "-first",
		Failed: failed, Failure: failure, WinnerMode: winnerMode, DurationMS: 300, CostUSD: 0.02}
	if !failed {
		j.Judgment = &judge.Judgment{
			A: judge.Side{IdentifiesCause: true, NoFabrication: true, Verified: 2},
			B: judge.Side{IdentifiesCause: false, NoFabrication: false, Contradicted: 1},
		}
	}
	return j
}

func sampleInput() Input {
	rows := &records.Rows{
		Generations: []records.Generation{
			gen("featured_post_nil", "app", "plain", 1, false, 0.25, 0, 1),
			gen("featured_post_nil", "app", "rag", 1, true, 1, 2, 0),
			gen(hostileID, "traceback", "plain", 1, true, 0.5, 0, 0),
			gen(hostileID, "traceback", "rag", 1, true, 0.75, 1, 0),
		},
		Judgments: []records.Judgment{
			judgment("featured_post_nil", "app", "rag", "rag", false, ""),
			judgment(hostileID, "traceback", "plain", "plain", false, ""),
			judgment("featured_post_nil", "app", "plain", "", true, `the answer was <script src="https://evil.example/x.js"></script>`),
		},
	}
	return Input{
		Dir:    "evals/results/test",
		Info:   &records.RunInfo{Generator: "normal", GeneratorProvider: "openai", GeneratorModel: "gpt-test", JudgeModel: "judge-test", Runs: 1, JudgeReps: 1, SourceTreeHash: strings.Repeat("a", 64)},
		Rows:   rows,
		Errors: []records.ErrorRow{{Stage: "generate", Fixture: "featured_post_nil", Mode: "rag", Run: 2, Error: "status 502"}},
		Judged: true,
	}
}

var remoteLoad = regexp.MustCompile(`(?i)(<script[^>]*\bsrc\s*=|<link\b|<img[^>]*\bsrc\s*=\s*["']?(https?:)?//|<iframe|<object|<embed|@import|url\(\s*["']?(https?:)?//|\bsrc\s*=\s*["']?https?:|\bhref\s*=\s*["']?https?:)`)

func TestHTMLIsSelfContained(t *testing.T) {
	page := Summarize(sampleInput()).HTML()
	if m := remoteLoad.FindString(page); m != "" {
		t.Errorf("report.html loads a resource: %q", m)
	}
	if strings.Contains(strings.ToLower(page), "<script") {
		t.Error("report.html holds a <script> element")
	}
	if n := strings.Count(page, "<svg"); n < 3 {
		t.Errorf("report.html has %d inline SVG charts, want at least 3 (fix location, fact recall, fabrication)", n)
	}
	if !strings.Contains(page, "Judge winners") {
		t.Error("a judged run has no winners chart")
	}
	if !strings.HasPrefix(page, "<!doctype html>") || !strings.HasSuffix(page, "</html>\n") {
		t.Error("report.html is not a whole page")
	}
}

func TestHTMLEscapesRowText(t *testing.T) {
	in := sampleInput()
	in.Stale = "STALE: <b>tree</b>"
	page := Summarize(in).HTML()
	if strings.Contains(page, hostileID) || strings.Contains(page, "<b>tree</b>") {
		t.Error("a fixture id or note with markup reached report.html unescaped")
	}
	if !strings.Contains(page, "x&lt;script&gt;alert(1)&lt;/script&gt;") {
		t.Error("the escaped fixture id is not in report.html")
	}
	if !strings.Contains(page, "&lt;script src=&#34;https://evil.example/x.js&#34;&gt;") {
		t.Error("the judge failure text is not shown escaped")
	}
	if !strings.Contains(page, `<p class="warn">STALE: &lt;b&gt;tree&lt;/b&gt;</p>`) {
		t.Error("the stale warning is not shown as a warning")
	}
}

func TestMarkdownHasTheRetrievalTable(t *testing.T) {
	md := Summarize(sampleInput()).Markdown()
	header := "| group | mode | n | fix location in prompt | fact recall | hit@k | MRR | prompt chars | est. tokens |"
	i := strings.Index(md, header)
	if i < 0 {
		t.Fatalf("report.md lacks the retrieval table header:\n%s", md)
	}
	rest := strings.Split(md[i:], "\n")
	if rest[1] != "|"+strings.Repeat(" --- |", 9) {
		t.Errorf("retrieval table separator %q", rest[1])
	}
	for _, want := range []string{
		"| app | plain | 1 | 0/1 | 0.25 | - | - | 4000 | 1000 |",
		"| app | rag | 1 | 1/1 | 1.00 | 1/1 | 0.50 | 4000 | 1000 |",
		"| traceback | rag | 1 | 1/1 | 0.75 | 1/1 | 1.00 | 4000 | 1000 |",
		"| all | rag | 2 | 2/2 | 0.88 | 2/2 | 0.75 | 4000 | 1000 |",
	} {
		if !strings.Contains(md, want) {
			t.Errorf("report.md lacks the row %q", want)
		}
	}
	if !strings.Contains(md, "## Layer 1: retrieval gate") || !strings.Contains(md, "## Layer 3: winners") {
		t.Error("report.md lacks a section title")
	}
	if !strings.Contains(md, "Leak gate: PASS") {
		t.Error("report.md does not state the leak gate")
	}
}

func TestMarkdownEscapesPipes(t *testing.T) {
	in := sampleInput()
	in.Rows.Generations[0].Fixture = "a|b"
	in.Rows.Generations[0].Gate.Fixture = "a|b"
	md := Summarize(in).Markdown()
	if !strings.Contains(md, `| a\|b | app |`) {
		t.Error("a pipe in a cell is not escaped in report.md")
	}
}

func TestErrorsAreNeverScoredButJudgeErrorsCountAsFailures(t *testing.T) {
	in := sampleInput()
	before := Summarize(in)
	in.Errors = append(in.Errors, records.ErrorRow{Stage: "judge", Fixture: "featured_post_nil", Run: 1, Rep: 2, Order: "rag-first", Error: "judge call: 400"},
		records.ErrorRow{Stage: "generate", Fixture: hostileID, Mode: "plain", Run: 2, Error: "boom"})
	after := Summarize(in)
	if fmt.Sprint(before.Checker) != fmt.Sprint(after.Checker) || fmt.Sprint(before.Totals) != fmt.Sprint(after.Totals) ||
		fmt.Sprint(before.Coverage) != fmt.Sprint(after.Coverage) {
		t.Error("error rows changed a free layer's score")
	}
	// The judge error is a failed judgment: 2 of 4 failed, more than a
	// third, so the tallies are withheld.
	if after.JudgeN != before.JudgeN+1 || after.Failed != before.Failed+1 || !after.Tallies["all"].Withheld {
		t.Errorf("judge errors do not count against the failure rule: before %d/%d, after %d/%d, withheld %v",
			before.Failed, before.JudgeN, after.Failed, after.JudgeN, after.Tallies["all"].Withheld)
	}
	if after.ErrorStages["generate"] != 2 || after.ErrorStages["judge"] != 1 {
		t.Errorf("error stages %v", after.ErrorStages)
	}
	var text bytes.Buffer
	after.WriteText(&text)
	if !strings.Contains(text.String(), "Errors (errors.jsonl, never scored): generate: 2, judge: 1") {
		t.Errorf("the terminal report does not count the errors:\n%s", text.String())
	}
}

// An error whose item was made by a later resume is history: it is not
// counted, and the report says how many were resolved.
func TestResolvedErrorsAreNotCounted(t *testing.T) {
	in := sampleInput()
	// featured_post_nil/rag run 1 exists in the rows: its earlier error
	// was resolved by a resume.
	in.Errors = append(in.Errors, records.ErrorRow{Stage: "generate", Fixture: "featured_post_nil", Mode: "rag", Run: 1, Error: "status 502"})
	s := Summarize(in)
	if s.ErrorStages["generate"] != 1 || s.Resolved != 1 {
		t.Errorf("stages %v, resolved %d; want 1 unresolved generate error and 1 resolved", s.ErrorStages, s.Resolved)
	}
	var text bytes.Buffer
	s.WriteText(&text)
	if !strings.Contains(text.String(), "generate: 1 (1 earlier error(s) left out: their item was made, or failed again, since)") {
		t.Errorf("the report does not tell resolved errors apart:\n%s", text.String())
	}
}

// A judged run in which no judgment came back fails the gates.
func TestAllJudgmentsFailingFailsTheRun(t *testing.T) {
	in := sampleInput()
	in.Rows.Judgments = nil
	for _, id := range []string{"featured_post_nil", hostileID} {
		in.Errors = append(in.Errors, records.ErrorRow{Stage: "judge", Fixture: id, Run: 1, Rep: 1, Order: "rag-first", Error: "asked for judge-test, served other"})
	}
	s := Summarize(in)
	if !s.JudgeFailed() || s.GatePassed() {
		t.Fatalf("every judgment errored, yet judge failed %v, gates passed %v", s.JudgeFailed(), s.GatePassed())
	}
	if md := s.Markdown(); !strings.Contains(md, "Judge: FAIL") || !strings.Contains(md, "judge error: featured_post_nil") {
		t.Errorf("report.md does not say the judge failed:\n%s", md)
	}
	in.Errors = nil
	in.Judged = true
	if s := Summarize(in); !s.JudgeFailed() {
		t.Error("a judge that was on and made no judgment at all passed")
	}
}

func TestSummaryCounts(t *testing.T) {
	s := Summarize(sampleInput())
	for _, r := range s.Checker {
		if r.Group == "all" && r.Mode == "plain" && (r.Explanations != 2 || r.WithFabrication != 1 || r.Unknown != 1) {
			t.Errorf("checker plain/all = %+v", r)
		}
	}
	all := s.Tallies["all"]
	// featured_post_nil was judged in both orders, one of them failed: the
	// comparison failed, and only the other fixture's win counts.
	if all.Total != 2 || all.Failed != 1 || all.Wins["rag"] != 0 || all.Wins["plain"] != 1 || all.Withheld || s.Failed != 1 || s.JudgeN != 3 {
		t.Errorf("tally = %+v", all)
	}
	for _, r := range s.Judge {
		// The rag side was A once (identifies cause) and B once (not).
		if r.Group == "all" && r.Mode == "rag" && (r.Sides != 2 || r.IdentifiesCause != 1 || r.NoFabrication != 1) {
			t.Errorf("judge rag/all = %+v", r)
		}
	}
	if s.LatencyP50["plain"] != 100 || s.JudgeP50 != 300 {
		t.Errorf("latency p50 %v, judge %d", s.LatencyP50, s.JudgeP50)
	}
	if s.Overlap["featured_post_nil"] != 0.5 {
		t.Errorf("overlap %v", s.Overlap)
	}
}

// When more than a third of the judgments fail, no winner tallies are
// printed anywhere.
func TestWithheldTalliesAreNotPrinted(t *testing.T) {
	in := sampleInput()
	in.Rows.Judgments = append(in.Rows.Judgments, judgment(hostileID, "traceback", "rag", "", true, "malformed"))
	s := Summarize(in)
	if !s.Tallies["all"].Withheld || !s.Tallies["app"].Withheld {
		t.Fatalf("2 of 4 failed but tallies are not withheld: %+v", s.Tallies)
	}
	md := s.Markdown()
	if !strings.Contains(md, "| all | 2 | 2 | withheld | withheld | withheld |") {
		t.Errorf("winner table does not withhold:\n%s", md)
	}
	if strings.Contains(s.HTML(), "Judge winners") {
		t.Error("report.html charts withheld winners")
	}
}

func TestUnjudgedRunHintsAtTheJudge(t *testing.T) {
	in := sampleInput()
	in.Rows.Judgments = nil
	in.Judged = false
	var text bytes.Buffer
	s := Summarize(in)
	s.WriteText(&text)
	if !strings.Contains(text.String(), EnableJudgeHint) {
		t.Error("the terminal report lacks the hint on enabling layer 3")
	}
	if strings.Contains(text.String(), "Layer 3: winners") {
		t.Error("an unjudged run prints a winners table")
	}
	if !strings.Contains(text.String(), "== Layer 1: retrieval gate") {
		t.Error("the terminal report lacks the retrieval table")
	}
}

func TestGatePassed(t *testing.T) {
	in := sampleInput()
	if !Summarize(in).GatePassed() {
		t.Error("no leak and no regression, yet the gate failed")
	}
	in.Leaks = []gate.Leak{{Where: "prompt", Secret: "sk-l…"}}
	s := Summarize(in)
	if s.GatePassed() {
		t.Error("a leak passed the gate")
	}
	if !strings.Contains(s.Markdown(), "Leak gate: FAIL (1 finding(s)).") {
		t.Error("report.md does not state the leak")
	}
	in.Leaks = nil
	in.BaselineNote = "evals/baseline.json"
	in.Regressions = []gate.Regression{{Fixture: "f", Mode: "rag", Measure: "hit@k", Was: "true", Now: "false"}}
	if Summarize(in).GatePassed() {
		t.Error("a regression passed the gate")
	}
}
