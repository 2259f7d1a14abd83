package gate

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/explainerr/explainerr/blogapp/fixture"
	"github.com/explainerr/explainerr/explainerr/report"
)

var fx = fixture.Fixture{
	ID: "featured", Category: fixture.CategoryApp,
	FixLocation: fixture.Location{File: "blogapp/app/store_posts.go", Function: "(*Store).FeaturedPost"},
	Facts:       []fixture.Fact{{"FeaturedPost"}, {"nil, nil", "nil post"}, {"post.Slug"}},
}

const trace = "A request failed.\n\n## Trace\n\n```\npanic: nil pointer\n[app] example.com/blogapp/app.(*Server).handleFeatured.func7\n    blogapp/app/handlers_posts.go:45\n```\n"

func TestMeasurePlainAndRAG(t *testing.T) {
	plain := Measure(Input{Fixture: fx, Mode: report.ModePlain, Prompt: report.Prompt{System: "sys", User: trace + "uses POST.SLUG\n"}})
	if plain.FixLocationInPrompt || plain.FactsFound != 1 || plain.K != 0 || plain.MRR != 0 {
		t.Errorf("plain: %+v", plain)
	}
	if plain.EstTokens != (plain.PromptChars+3)/4 {
		t.Errorf("tokens %d for %d chars", plain.EstTokens, plain.PromptChars)
	}
	chunks := []report.Chunk{
		{File: "blogapp/app/handlers_posts.go", StartLine: 40, EndLine: 52, Symbol: "(*Server).handleFeatured"},
		{File: "blogapp/app/store_posts.go", StartLine: 47, EndLine: 58, Symbol: "(*Store).FeaturedPost", Text: "return nil, nil"},
	}
	user := trace + "\n## App source\n\n### blogapp/app/handlers_posts.go:40-52 x\n\n### blogapp/app/store_posts.go:47-58 (*Store).FeaturedPost\nreturn nil,\n  NIL\n"
	rag := Measure(Input{Fixture: fx, Mode: report.ModeRAG, Prompt: report.Prompt{User: user}, Context: chunks})
	if !rag.FixLocationInPrompt || rag.FixInTrace || !rag.FixInContext || rag.FixRank != 2 || rag.MRR != 0.5 || !rag.HitAtK {
		t.Errorf("rag: %+v", rag)
	}
	if rag.FactsFound != 2 { // "FeaturedPost", and "nil, nil" across a line break
		t.Errorf("rag facts: %d (%v)", rag.FactsFound, rag.MissingFacts)
	}
	// A chunk found by line range even when its symbol is spelled otherwise.
	chunks[1].Symbol = "FeaturedPost#0"
	span := &Span{File: "blogapp/app/store_posts.go", StartLine: 47, EndLine: 58}
	if m := Measure(Input{Fixture: fx, Mode: report.ModeRAG, Prompt: report.Prompt{User: user}, Context: chunks, FixSpan: span}); m.FixRank != 2 {
		t.Errorf("by span: rank %d", m.FixRank)
	}
}

func TestFixInTrace(t *testing.T) {
	loc := fx
	loc.FixLocation = fixture.Location{File: "blogapp/app/handlers_posts.go", Function: "(*Server).handleFeatured"}
	if m := Measure(Input{Fixture: loc, Mode: report.ModePlain, Prompt: report.Prompt{User: trace}}); !m.FixInTrace {
		t.Errorf("the trace names handleFeatured in handlers_posts.go: %+v", m)
	}
}

func TestTotalsAndBaseline(t *testing.T) {
	ms := []Metrics{
		{Fixture: "a", Group: "app", Mode: "rag", FixLocationInPrompt: true, FactRecall: 1, HitAtK: true, MRR: 1},
		{Fixture: "b", Group: "app", Mode: "rag", FactRecall: 0.5},
		{Fixture: "c", Group: "traceback", Mode: "rag", FixLocationInPrompt: true, FactRecall: 1, HitAtK: true, MRR: 0.5},
	}
	var app, all Total
	for _, tt := range Totals(ms) {
		switch tt.Group {
		case "app":
			app = tt
		case GroupAll:
			all = tt
		}
	}
	if app.N != 2 || app.FixLocationInPrompt != 1 || app.FactRecall != 0.75 || app.MRR != 0.5 || all.N != 3 || all.HitAtK != 2 {
		t.Errorf("totals: app %+v all %+v", app, all)
	}
	path := filepath.Join(t.TempDir(), "baseline.json")
	if err := WriteBaseline(path, "test", ms); err != nil {
		t.Fatal(err)
	}
	base, err := LoadBaseline(path)
	if err != nil {
		t.Fatal(err)
	}
	if regs, _ := Compare(base, ms); len(regs) != 0 {
		t.Errorf("no change, regressions %v", regs)
	}
	worse := append([]Metrics(nil), ms...)
	worse[0].FixLocationInPrompt, worse[0].MRR = false, 0.5
	worse[2].FactRecall = 0.9
	regs, missing := Compare(base, worse[:1])
	if len(regs) != 2 || len(missing) != 2 {
		t.Errorf("regressions %v missing %v", regs, missing)
	}
	better := append([]Metrics(nil), ms...)
	better[1].FactRecall = 1
	if regs, _ := Compare(base, better); len(regs) != 0 {
		t.Errorf("an improvement is not a regression: %v", regs)
	}
}

func TestLeaks(t *testing.T) {
	secrets := []string{"sk-live-123456789", "Tr0ub4dor"}
	if l := FindLeaks("prompt", "dsn pass=Tr0ub4dor", secrets); len(l) != 1 || l[0].Secret != "Tr0u*****" {
		t.Errorf("leaks %v", l)
	}
	dir := t.TempDir()
	os.MkdirAll(filepath.Join(dir, "x"), 0o755)
	os.WriteFile(filepath.Join(dir, "x", "page.html"), []byte("key sk-live-123456789"), 0o644)
	os.WriteFile(filepath.Join(dir, "clean.txt"), []byte("[REDACTED]"), 0o644)
	l, err := ScanDir(dir, secrets)
	if err != nil || len(l) != 1 || l[0].Where != "x/page.html" {
		t.Errorf("scan: %v %v", l, err)
	}
}
