package prompt

import (
	"strings"
	"testing"

	"github.com/explainerr/explainerr/explainerr/report"
)

func sampleReport() *report.Report {
	return &report.Report{
		Error: report.Error{Kind: report.KindPanic, Type: "runtime.plainError", Message: "assignment to entry in nil map", Chain: []string{"inner"}},
		Frames: []report.Frame{{
			Function: "example.com/blog.(*Stats).Add", File: "/src/blog/stats.go", Line: 12, Kind: report.FrameApp,
			Source: &report.Source{StartLine: 11, Lines: []string{"func (s *Stats) Add(p Post) {", "\ts.ByAuthor[p.Author]++", "}"}, Line: 12},
		}},
		Request: report.Request{Method: "GET", URL: "/stats?x=1", Route: "/stats", Query: map[string][]string{"x": {"1"}}},
		Status:  500,
	}
}

func chunk(symbol string, lines int) report.Chunk {
	text := strings.Repeat("\tcount := len(items) // line of code\n", lines)
	return report.Chunk{File: "stats.go", StartLine: 1, EndLine: lines, Symbol: symbol, Reason: report.ReasonGraph, Text: text}
}

func TestBuildKeepsTheWholePromptWithinBudget(t *testing.T) {
	chunks := []report.Chunk{chunk("A", 40), chunk("B", 40), chunk("C", 40), chunk("D", 40)}
	p, kept := Build(sampleReport(), chunks, Options{Budget: 4000})
	if n := len(p.System) + len(p.User); n > 4000 {
		t.Errorf("prompt of %d characters exceeds the budget", n)
	}
	if len(kept) == 0 || len(kept) == len(chunks) {
		t.Fatalf("kept %d of %d chunks", len(kept), len(chunks))
	}
	last := kept[len(kept)-1]
	if !strings.Contains(last.Text, "cut to fit the prompt budget") || last.EndLine >= 40 {
		t.Errorf("the chunk that did not fit whole was not cut: %+v", last)
	}
	for _, c := range kept {
		if !strings.Contains(p.User, "### stats.go:1-") || !strings.Contains(p.User, c.Symbol) {
			t.Errorf("chunk %s not in the prompt", c.Symbol)
		}
	}
}

func TestBuildContents(t *testing.T) {
	p, kept := Build(sampleReport(), nil, Options{})
	for _, want := range []string{"panic: assignment to entry in nil map [runtime.plainError]", "(*Stats).Add  [app]", "> s.ByAuthor[p.Author]++", "GET /stats?x=1 (route /stats)", "Query: x=1", "- inner"} {
		if !strings.Contains(p.User, want) {
			t.Errorf("user message lacks %q:\n%s", want, p.User)
		}
	}
	if len(kept) != 0 || strings.Contains(p.User, "App source") {
		t.Errorf("a source section without chunks")
	}
	if strings.Contains(p.System, "Answer in") {
		t.Errorf("language line without a language")
	}
}

func TestSystemLanguage(t *testing.T) {
	s := System("German")
	if !strings.Contains(s, "Answer in German") || !strings.Contains(s, "identifiers") {
		t.Errorf("system message: %s", s)
	}
	if System("English") != System("") {
		t.Errorf("English should need no extra line")
	}
}

func TestErrorLineKinds(t *testing.T) {
	r := sampleReport()
	r.Error = report.Error{Kind: report.KindStatus, Type: "http.Status", Message: "db down\n"}
	if got := ErrorLine(r); got != "HTTP 500 written by the handler: db down [http.Status]" {
		t.Errorf("status line %q", got)
	}
	r.Error = report.Error{Kind: report.KindCrash, Message: "fatal error: all goroutines are asleep"}
	if got := ErrorLine(r); got != "fatal error: all goroutines are asleep" {
		t.Errorf("crash line %q", got)
	}
	r.Error = report.Error{Kind: report.KindPanic, Message: strings.Repeat("é", 2000)}
	if got := ErrorLine(r); len(got) > 1100 || !strings.Contains(got, "more bytes") {
		t.Errorf("long message not cut: %d", len(got))
	}
}

func TestSourceSectionSaysWhereTheSourceComesFrom(t *testing.T) {
	for mode, heading := range map[string]string{
		report.ModeStatic: "## App source (the failing functions and the functions they call, from the app's files)",
		report.ModeRAG:    "## App source (the failing functions and what they call, and more from the app's index)",
	} {
		r := sampleReport()
		r.Mode = mode
		p, kept := Build(r, []report.Chunk{chunk("A", 5)}, Options{})
		if len(kept) != 1 || strings.Count(p.User, "## App source") != 1 || !strings.Contains(p.User, heading+"\n") {
			t.Errorf("%s: kept %d, prompt:\n%s", mode, len(kept), p.User)
		}
	}
	r := sampleReport()
	r.Mode = report.ModePlain
	if p, _ := Build(r, nil, Options{}); strings.Contains(p.User, "## App source") {
		t.Errorf("plain prompt has a source section:\n%s", p.User)
	}
}

// TestSourceHeadingsAreAsLong: the static and rag headings take the same
// room, so that a rag prompt keeps every chunk the static one keeps.
func TestSourceHeadingsAreAsLong(t *testing.T) {
	if s, r := sourceHeading(report.ModeStatic), sourceHeading(report.ModeRAG); len(r) > len(s) {
		t.Errorf("the rag heading (%d characters) is longer than the static one (%d)", len(r), len(s))
	}
}

// TestSimilarChunksAreNotCut: a chunk found by similarity that does not
// fit whole is left out, and a smaller one after it still goes in; a
// chunk of another reason is cut to its head.
func TestSimilarChunksAreNotCut(t *testing.T) {
	r := &report.Report{Mode: report.ModeRAG, Error: report.Error{Kind: report.KindPanic, Message: "boom"}}
	big := report.Chunk{File: "a.go", StartLine: 1, EndLine: 400, Reason: report.ReasonSimilar, Text: strings.Repeat("x := 1\n", 400)}
	small := report.Chunk{File: "b.go", StartLine: 1, EndLine: 1, Reason: report.ReasonSimilar, Text: "const answer = 42"}
	_, kept := Build(r, []report.Chunk{big, small}, Options{Budget: 2500})
	if len(kept) != 1 || kept[0].File != "b.go" {
		t.Errorf("kept %+v, want the small similar chunk only", kept)
	}
	big.Reason = report.ReasonGraph
	_, kept = Build(r, []report.Chunk{big, small}, Options{Budget: 2500})
	if len(kept) == 0 || kept[0].File != "a.go" || kept[0].EndLine >= 400 {
		t.Errorf("kept %+v, want the head of the graph chunk", kept)
	}
}
