package gate

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
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

// source is a small module: two files by line.
var source = map[string][]string{
	"blogapp/app/handlers_posts.go": {
		"package app", "", "// handleFeatured sends the reader to the featured post.",
		"func (s *Server) handleFeatured() http.HandlerFunc {",
		"\treturn func(w http.ResponseWriter, r *http.Request) {",
		"\t\tpost, _ := s.store.FeaturedPost(r.Context())",
		"\t\thttp.Redirect(w, r, \"/posts/\"+post.Slug, http.StatusFound)",
		"\t}", "}",
	},
	"blogapp/app/store_posts.go": {
		"package app", "",
		"// FeaturedPost returns the post the editors marked as featured.",
		"func (s *Store) FeaturedPost(ctx context.Context) (*Post, error) {",
		"\tif len(posts) == 0 {", "\t\treturn nil, nil", "\t}", "\treturn &posts[0], nil", "}",
		"",
		"const mailAPIKey = \"sk-live-123456789\"",
	},
}

func block(file string, start, end int, symbol string, lines []string) string {
	return fmt.Sprintf("### %s:%d-%d %s\n```go\n%s\n```\n\n", file, start, end, symbol, strings.Join(lines, "\n"))
}

func chunk(file string, start, end int) (report.Chunk, string) {
	lines := source[file][start-1 : end]
	return report.Chunk{File: file, StartLine: start, EndLine: end, Text: strings.Join(lines, "\n")}, block(file, start, end, "", lines)
}

func measureRAG(t *testing.T, chunks []report.Chunk, blocks ...string) Metrics {
	t.Helper()
	x := NewLineIndex(source)
	span := x.WithMarks(&Span{File: "blogapp/app/store_posts.go", StartLine: 3, EndLine: 9})
	user := trace + "\n## App source (retrieved from the app's index)\n\n" + strings.Join(blocks, "")
	return Measure(Input{Fixture: fx, Mode: report.ModeRAG, Prompt: report.Prompt{User: user}, Context: chunks,
		FixSpan: span, Lines: x.File, SecretSites: x.Sites([]string{"sk-live-123456789"})})
}

func TestMeasurePlainAndRAG(t *testing.T) {
	plain := Measure(Input{Fixture: fx, Mode: report.ModePlain, Prompt: report.Prompt{System: "sys", User: trace + "uses post.Slug\n"}})
	if plain.FixLocationInPrompt || plain.FactsFound != 1 || plain.K != 0 || plain.MRR != 0 {
		t.Errorf("plain: %+v", plain)
	}
	if plain.EstTokens != (plain.PromptChars+3)/4 {
		t.Errorf("tokens %d for %d chars", plain.EstTokens, plain.PromptChars)
	}
	c1, b1 := chunk("blogapp/app/handlers_posts.go", 3, 9)
	c2, b2 := chunk("blogapp/app/store_posts.go", 3, 9)
	rag := measureRAG(t, []report.Chunk{c1, c2}, b1, b2)
	if !rag.FixLocationInPrompt || rag.FixInTrace || !rag.FixInContext || rag.FixRank != 2 || rag.MRR != 0.5 || !rag.HitAtK || rag.K != 2 {
		t.Errorf("rag: %+v", rag)
	}
	if len(rag.Mismatched) != 0 || rag.SecretChunks != 0 {
		t.Errorf("faithful chunks flagged: %+v", rag)
	}
	if rag.FactsFound != 3 {
		t.Errorf("rag facts: %d (%v)", rag.FactsFound, rag.MissingFacts)
	}
}

// Swapping the texts of two chunks under their headings moves the fix
// location to the other rank, and both chunks are flagged: the text, not
// the heading, is what the model saw.
func TestSwappedChunkTextsAreCaught(t *testing.T) {
	c1, _ := chunk("blogapp/app/handlers_posts.go", 3, 9)
	c2, _ := chunk("blogapp/app/store_posts.go", 3, 9)
	swapped1 := block(c1.File, 3, 9, "", strings.Split(c2.Text, "\n"))
	swapped2 := block(c2.File, 3, 9, "", strings.Split(c1.Text, "\n"))
	m := measureRAG(t, []report.Chunk{c1, c2}, swapped1, swapped2)
	if m.FixRank != 1 {
		t.Errorf("the fix location's text is first in the prompt, rank %d", m.FixRank)
	}
	if len(m.Mismatched) != 2 {
		t.Errorf("mismatched %v, want both chunks", m.Mismatched)
	}
	// A context list that disagrees with the prompt is flagged too.
	_, b1 := chunk("blogapp/app/handlers_posts.go", 3, 9)
	if m := measureRAG(t, []report.Chunk{c2}, b1); len(m.Mismatched) != 1 || m.FixRank != 0 {
		t.Errorf("context/prompt disagreement: %+v", m)
	}
}

func TestSecretChunksAndRedactedLines(t *testing.T) {
	c, _ := chunk("blogapp/app/store_posts.go", 10, 11)
	redacted := block(c.File, 10, 11, "mailAPIKey", []string{"", "const mailAPIKey = \"[REDACTED]\""})
	m := measureRAG(t, []report.Chunk{c}, redacted)
	if m.SecretChunks != 1 || len(m.Mismatched) != 0 {
		t.Errorf("a redacted secret-bearing chunk: %+v", m)
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
	if err := WriteBaseline(path, "test", "offline/normal", ms); err != nil {
		t.Fatal(err)
	}
	base, err := LoadBaseline(path)
	if err != nil {
		t.Fatal(err)
	}
	if regs, _ := Compare(base, ms, "offline/normal"); len(regs) != 0 {
		t.Errorf("no change, regressions %v", regs)
	}
	worse := append([]Metrics(nil), ms...)
	worse[0].FixLocationInPrompt, worse[0].MRR = false, 0.5
	worse[2].FactRecall = 0.9
	regs, missing := Compare(base, worse[:1], "offline/normal")
	if len(regs) != 2 || len(missing) != 0 {
		t.Errorf("fixtures left out of the run are not missing: regressions %v missing %v", regs, missing)
	}
	// A fixture measured in one mode and not in another is missing.
	other := Metrics{Fixture: "a", Group: "app", Mode: "plain"}
	base.Metrics = append(base.Metrics, other)
	if _, missing := Compare(base, ms, "offline/normal"); len(missing) != 1 || missing[0] != "a/plain" {
		t.Errorf("missing %v, want a/plain", missing)
	}
	better := append([]Metrics(nil), ms...)
	better[1].FactRecall = 1
	if regs, _ := Compare(base, better, "offline/normal"); len(regs) != 0 {
		t.Errorf("an improvement is not a regression: %v", regs)
	}
}

// TestCompareFlagsUnexplainedChanges: another prompt size, other chunk
// sources or another fix rank fail the comparison whichever way they go;
// a worse answer fails it only against the same generator's baseline.
func TestCompareFlagsUnexplainedChanges(t *testing.T) {
	was := Metrics{Fixture: "a", Mode: "rag", FixRank: 2, MRR: 0.5, HitAtK: true, PromptChars: 100,
		Chunks: []string{"x.go:1-9 frame", "y.go:3-7 similar"}, Answer: &Answer{FixLocationNamed: true, FactsNamed: 2, Score: 0.6}}
	base := &Baseline{Generator: "offline/normal", Metrics: []Metrics{was}}
	cases := []struct {
		name, generator string
		change          func(m *Metrics)
		want            string
	}{
		{"smaller prompt", "offline/normal", func(m *Metrics) { m.PromptChars = 90 }, "prompt_chars changed"},
		{"better rank", "offline/normal", func(m *Metrics) { m.FixRank, m.MRR = 1, 1 }, "fix_rank changed"},
		{"another chunk", "offline/normal", func(m *Metrics) { m.Chunks = []string{"x.go:1-9 frame", "z.go:1-2 similar"} }, "chunk sources changed"},
		{"same chunks reordered", "offline/normal", func(m *Metrics) { m.Chunks = []string{"y.go:3-7 similar", "x.go:1-9 frame"} }, "chunk sources changed"},
		{"a lower answer score", "offline/normal", func(m *Metrics) { m.Answer = &Answer{FixLocationNamed: true, FactsNamed: 2, Score: 0.5} }, "answer score"},
		{"an answer that no longer names the fix", "offline/normal", func(m *Metrics) { m.Answer = &Answer{FactsNamed: 2, Score: 0.6} }, "answer names the fix location"},
		{"a lower answer score from another generator", "openai/normal", func(m *Metrics) { m.Answer = &Answer{Score: 0} }, ""},
	}
	for _, c := range cases {
		now := was
		now.Chunks = append([]string(nil), was.Chunks...)
		c.change(&now)
		regs, _ := Compare(base, []Metrics{now}, c.generator)
		if c.want == "" {
			if len(regs) != 0 {
				t.Errorf("%s: %v, want none", c.name, regs)
			}
			continue
		}
		if len(regs) != 1 || regs[0].Measure != c.want {
			t.Errorf("%s: %v, want one %q", c.name, regs, c.want)
		}
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

func TestExtendBaselineKeepsItsEntriesAndAddsTheMissingOnes(t *testing.T) {
	path := filepath.Join(t.TempDir(), "baseline.json")
	old := []Metrics{{Fixture: "a", Group: "app", Mode: "rag", FactRecall: 0.5, PromptChars: 100}}
	if err := WriteBaseline(path, "first", "offline/normal", old); err != nil {
		t.Fatal(err)
	}
	now := []Metrics{
		{Fixture: "a", Group: "app", Mode: "rag", FactRecall: 0.9, PromptChars: 120},
		{Fixture: "b", Group: "app", Mode: "rag", FactRecall: 0.25},
	}
	added, err := ExtendBaseline(path, "second", now)
	if err != nil || added != 1 {
		t.Fatalf("added %d, error %v; want 1 entry added", added, err)
	}
	b, err := LoadBaseline(path)
	if err != nil {
		t.Fatal(err)
	}
	if len(b.Metrics) != 2 || b.Metrics[0].FactRecall != 0.5 || b.Metrics[0].PromptChars != 100 || b.Metrics[1].Fixture != "b" {
		t.Errorf("metrics %+v: the kept entry must not move and the new one must be added", b.Metrics)
	}
	if b.Note != "first; second" {
		t.Errorf("note %q", b.Note)
	}
	if added, err := ExtendBaseline(path, "third", now); err != nil || added != 0 {
		t.Errorf("extending again: added %d, error %v", added, err)
	}
	if _, err := ExtendBaseline(filepath.Join(t.TempDir(), "none.json"), "x", now); err == nil {
		t.Error("extending a missing baseline: no error")
	}
}

func TestAFixInAFileThatIsNeitherGoNorATemplateIsNamedByItsName(t *testing.T) {
	loc := fixture.Location{File: "app/store/queries/due.sql"}
	if !mentionsLocation("failed: see due.sql line 3", loc) {
		t.Error("the file's name was not recognised")
	}
	if mentionsLocation("failed: no such column", loc) {
		t.Error("a text without the file's name matched")
	}
}

func TestAFunctionIsNamedInTheTraceOnlyWithItsOwnFile(t *testing.T) {
	loc := fixture.Location{File: "app/store/invoices.go", Function: "(*InvoiceStore).Get"}
	other := "panic: nil pointer\n    /src/app/service/invoices.go:52\n    > cust, err := s.customers.Get(ctx, id)\n"
	if mentionsLocation(other, loc) {
		t.Error("a method of the same name in a file of the same name in another package counted as the location")
	}
	own := "    /src/app/store/invoices.go:40\n    > func (s *InvoiceStore) Get(ctx context.Context, id int64)\n    s.invoices.Get(ctx, id)\n"
	if !mentionsLocation(own, loc) {
		t.Error("the location's own file and method were not recognised")
	}
}
