package pipeline

import (
	"path/filepath"
	"strings"
	"sync"
	"testing"

	"github.com/explainerr/explainerr/blogapp/fixture"
	"github.com/explainerr/explainerr/evals/internal/records"
	"github.com/explainerr/explainerr/evals/internal/source"
	"github.com/explainerr/explainerr/explainerr/report"
)

var (
	scorerOnce sync.Once
	testScorer *scorer
	scorerErr  error
)

// blogScorer loads the blog app's packages once for all tests.
func blogScorer(t *testing.T) (*scorer, *fixture.File) {
	t.Helper()
	ff, err := fixture.Load(fixturesPath)
	if err != nil {
		t.Fatal(err)
	}
	scorerOnce.Do(func() {
		var m *source.Module
		m, scorerErr = source.Load(repoRoot, "./blogapp/...")
		if scorerErr == nil {
			testScorer = newScorer(m, ff.PlantedSecrets)
		}
	})
	if scorerErr != nil {
		t.Fatal(scorerErr)
	}
	return testScorer, ff
}

func fixtureByID(t *testing.T, ff *fixture.File, id string) fixture.Fixture {
	t.Helper()
	fx := ff.ByID(id)
	if fx == nil {
		t.Fatalf("no fixture %s", id)
	}
	return *fx
}

func TestExcerptFollowsTheInnermostAppFrame(t *testing.T) {
	s, ff := blogScorer(t)
	fx := fixtureByID(t, ff, "featured_post_nil")
	f := s.m.FuncByLocation("blogapp/app/helpers.go", "initials")
	if f == nil {
		t.Fatal("no initials in the module")
	}
	abs, err := filepath.Abs(filepath.Join(repoRoot, f.File))
	if err != nil {
		t.Fatal(err)
	}
	rep := &report.Report{Frames: []report.Frame{
		{Function: "runtime.gopanic", File: "/usr/local/go/src/runtime/panic.go", Line: 700, Kind: report.FrameRuntime},
		{Function: "app.initials", File: abs, Line: f.StartLine + 1, Kind: report.FrameApp},
	}}
	ex := s.excerpt(fx, rep)
	if len(ex.Spans) == 0 || ex.Spans[0].Symbol != "initials" || ex.Spans[0].Role != source.RoleFailing {
		t.Errorf("the innermost app frame did not pick the failing function: %+v", ex.Spans)
	}
	// With no app frame the fixture's panic site is used.
	ex = s.excerpt(fx, &report.Report{})
	if len(ex.Spans) == 0 || ex.Spans[0].Symbol != "Server.handleFeatured" {
		t.Errorf("no frame: %+v", ex.Spans)
	}
}

func TestExcerptFindsTheTemplateInTheMessage(t *testing.T) {
	s, ff := blogScorer(t)
	fx := fixtureByID(t, ff, "template_missing_key")
	if fx.FixLocation.Template != "" {
		t.Fatal("fixture changed: its fix location is a template")
	}
	rep := &report.Report{Error: report.Error{Message: `render authors.html: template: authors.html:5:12: executing "content" at <.Intro>: map has no entry for key "Intro"`}}
	ex := s.excerpt(fx, rep)
	found := false
	for _, sp := range ex.Spans {
		if sp.Role == source.RoleTemplate && strings.HasSuffix(sp.File, "templates/authors.html") {
			found = true
		}
	}
	if !found {
		t.Errorf("the template named in the error is not in the excerpt: %+v", ex.Spans)
	}
}

func TestFixSpan(t *testing.T) {
	s, ff := blogScorer(t)
	sp := s.fixSpan(fixtureByID(t, ff, "featured_post_nil"))
	f := s.m.FuncByLocation("blogapp/app/store_posts.go", "(*Store).FeaturedPost")
	if sp == nil || f == nil || sp.File != f.File || sp.StartLine != f.StartLine || sp.EndLine != f.EndLine {
		t.Errorf("fix span %+v, want FeaturedPost's declaration", sp)
	}
	sp = s.fixSpan(fixtureByID(t, ff, "template_syntax_error"))
	if sp == nil || !strings.HasSuffix(sp.File, "about.html") || sp.StartLine != 1 || sp.EndLine != s.m.LineCount(sp.File) {
		t.Errorf("template fix span %+v", sp)
	}
	if sp := s.fixSpan(fixture.Fixture{FixLocation: fixture.Location{File: "blogapp/app/helpers.go", Function: "noSuchFunc"}}); sp != nil {
		t.Errorf("a missing function has a fix span: %+v", sp)
	}
}

func TestScoreGenerationFindsLeaksAndCountsClaims(t *testing.T) {
	s, ff := blogScorer(t)
	fx := fixtureByID(t, ff, "featured_post_nil")
	secret := ff.PlantedSecrets[0].Value
	rep := &report.Report{Mode: report.ModeRAG,
		Prompt:  report.Prompt{System: "sys", User: "trace\nkey " + secret},
		Context: []report.Chunk{{File: "blogapp/app/handlers_posts.go", StartLine: 1, EndLine: 10000}}}
	g := &records.Generation{Fixture: fx.ID, Mode: report.ModeRAG, Run: 1}
	s.scoreGeneration(g, generationInput{fx: fx, mode: report.ModeRAG, rep: rep, rawReport: []byte("{}"), page: []byte("<html></html>"),
		explanation: "`FeaturedPost` returns nil; call `FeaturedPostz` instead."})
	if len(g.Leaks) != 1 || !strings.Contains(g.Leaks[0].Where, "featured_post_nil/rag/run1 prompt") {
		t.Errorf("leaks = %+v, want one in the prompt", g.Leaks)
	}
	if strings.Contains(g.Leaks[0].Secret, secret) {
		t.Error("the leak record shows the whole secret")
	}
	if g.Checker.Claims < 2 || g.Checker.Verified < 1 || g.Checker.UnknownIdentifier < 1 {
		t.Errorf("checker counts %+v: want FeaturedPost verified and FeaturedPostz unknown", g.Checker)
	}
	if g.Overlap <= 0 {
		t.Errorf("rag context covering the failing file gave overlap %v", g.Overlap)
	}
	if len(g.Excerpt) == 0 {
		t.Error("no excerpt recorded")
	}
	// Plain mode never reports overlap.
	p := &records.Generation{Fixture: fx.ID, Mode: report.ModePlain, Run: 1}
	s.scoreGeneration(p, generationInput{fx: fx, mode: report.ModePlain, rep: &report.Report{Context: rep.Context}, explanation: ""})
	if p.Overlap != 0 || len(p.Leaks) != 0 {
		t.Errorf("plain: overlap %v, leaks %+v", p.Overlap, p.Leaks)
	}
}

func TestCopyText(t *testing.T) {
	plain := &report.Report{Prompt: report.Prompt{User: "## Error\npanic\n\n## App source\nfunc x() {}"}}
	if got := copyText(plain); got != "## Error\npanic\n" {
		t.Errorf("plain copy = %q, want the text before the app source", got)
	}
	rag := &report.Report{Context: []report.Chunk{{Text: "func a() {}\n"}, {Text: "func b() {}"}}}
	if got := copyText(rag); got != "```\nfunc a() {}\n```\n\n```\nfunc b() {}\n```\n\n" {
		t.Errorf("rag copy = %q", got)
	}
}

func TestNamesCode(t *testing.T) {
	for text, want := range map[string]bool{
		"The handler calls `FeaturedPost`.":       true,
		"Call parseID(raw) with the raw string.":  true,
		"The request failed because of bad data.": false,
		"": false,
	} {
		if got := namesCode(text); got != want {
			t.Errorf("namesCode(%q) = %v, want %v", text, got, want)
		}
	}
}
