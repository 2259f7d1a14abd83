package source

import (
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"

	"github.com/explainerr/explainerr/blogapp/fixture"
	"github.com/explainerr/explainerr/explainerr/redact"
	"github.com/explainerr/explainerr/explainerr/report"
)

// repoRoot is the module root, seen from this package's directory.
const repoRoot = "../../.."

var (
	blogOnce sync.Once
	blogMod  *Module
	blogErr  error
)

// blogModule loads the blog app's packages once for all tests.
func blogModule(t *testing.T) *Module {
	t.Helper()
	blogOnce.Do(func() { blogMod, blogErr = Load(repoRoot, "./blogapp/...") })
	if blogErr != nil {
		t.Fatal(blogErr)
	}
	return blogMod
}

func loadFixtures(t *testing.T) *fixture.File {
	t.Helper()
	ff, err := fixture.Load(filepath.Join(repoRoot, "blogapp", "fixtures.json"))
	if err != nil {
		t.Fatal(err)
	}
	return ff
}

// diskLines reads a module file straight from disk, independently of the
// module's own copy.
func diskLines(t *testing.T, rel string) []string {
	t.Helper()
	data, err := os.ReadFile(filepath.Join(repoRoot, filepath.FromSlash(rel)))
	if err != nil {
		t.Fatal(err)
	}
	return strings.Split(string(data), "\n")
}

// declaredCalls parses file on its own and returns the names called in the
// body of the function called name with receiver recv, and the lines of
// its "func" keyword and closing brace.
func declaredCalls(t *testing.T, rel, recv, name string) (calls map[string]bool, start, end int) {
	t.Helper()
	fset := token.NewFileSet()
	f, err := parser.ParseFile(fset, filepath.Join(repoRoot, filepath.FromSlash(rel)), nil, 0)
	if err != nil {
		t.Fatal(err)
	}
	for _, d := range f.Decls {
		fd, ok := d.(*ast.FuncDecl)
		if !ok || fd.Name.Name != name {
			continue
		}
		if recv != "" {
			if fd.Recv == nil || !strings.Contains(recvTypeName(fd.Recv.List[0].Type), recv) {
				continue
			}
		}
		calls = map[string]bool{}
		ast.Inspect(fd.Body, func(n ast.Node) bool {
			if c, ok := n.(*ast.CallExpr); ok {
				switch fun := c.Fun.(type) {
				case *ast.Ident:
					calls[fun.Name] = true
				case *ast.SelectorExpr:
					calls[fun.Sel.Name] = true
				}
			}
			return true
		})
		return calls, fset.Position(fd.Pos()).Line, fset.Position(fd.End()).Line
	}
	t.Fatalf("%s has no function %s (receiver %q)", rel, name, recv)
	return nil, 0, 0
}

func recvTypeName(e ast.Expr) string {
	switch x := e.(type) {
	case *ast.StarExpr:
		return "*" + recvTypeName(x.X)
	case *ast.Ident:
		return x.Name
	}
	return ""
}

// requestFor builds the excerpt request the evaluation makes for a fixture
// whose innermost app frame is not known (its panic site names it).
func requestFor(fx fixture.Fixture) ExcerptRequest {
	return ExcerptRequest{
		FallbackFile: fx.PanicSite.File, FallbackFunc: fx.PanicSite.Function,
		FixFile: fx.FixLocation.File, FixFunc: fx.FixLocation.Function, Template: fx.FixLocation.Template,
	}
}

func TestExcerptHoldsTheFailingFunctionWithItsLineNumbers(t *testing.T) {
	m := blogModule(t)
	for _, fx := range loadFixtures(t).Fixtures {
		t.Run(fx.ID, func(t *testing.T) {
			ex := m.Excerpt(requestFor(fx))
			if len(ex.Spans) == 0 {
				t.Fatal("empty excerpt")
			}
			first := ex.Spans[0]
			if first.Role != RoleFailing || first.File != fx.PanicSite.File {
				t.Fatalf("first span %+v is not the failing function in %s", first, fx.PanicSite.File)
			}
			recv, bare := SplitFuncName(fx.PanicSite.Function)
			if first.Symbol != strings.TrimPrefix(recv+"."+bare, ".") {
				t.Errorf("failing span symbol %q, want %s", first.Symbol, fx.PanicSite.Function)
			}
			_, start, end := declaredCalls(t, first.File, recv, bare)
			if first.StartLine != start || first.EndLine != end {
				t.Errorf("failing span lines %d-%d, the declaration spans %d-%d", first.StartLine, first.EndLine, start, end)
			}
			// Every line of every span is shown with its own number and
			// the text on disk at that number, redacted.
			for _, s := range ex.Spans {
				lines := diskLines(t, s.File)
				header := fmt.Sprintf("### %s:%d-%d %s (%s)\n", s.File, s.StartLine, s.EndLine, s.Symbol, s.Role)
				if !strings.Contains(ex.Text, header) {
					t.Errorf("no header %q", header)
				}
				for n := s.StartLine; n <= s.EndLine; n++ {
					want := fmt.Sprintf("%4d | %s\n", n, redact.String(lines[n-1]))
					if !strings.Contains(ex.Text, want) {
						t.Errorf("excerpt lacks line %s:%d as %q", s.File, n, want)
					}
				}
			}
			if !strings.Contains(firstLine(t, first), "func ") {
				t.Errorf("failing span does not start at a func line")
			}
		})
	}
}

func firstLine(t *testing.T, s Span) string { return diskLines(t, s.File)[s.StartLine-1] }

func TestExcerptHoldsDirectModuleCallees(t *testing.T) {
	m := blogModule(t)
	withCallees := 0
	for _, fx := range loadFixtures(t).Fixtures {
		ex := m.Excerpt(requestFor(fx))
		recv, bare := SplitFuncName(fx.PanicSite.Function)
		calls, _, _ := declaredCalls(t, fx.PanicSite.File, recv, bare)
		callees := 0
		for _, s := range ex.Spans {
			if s.Role != RoleCallee {
				continue
			}
			callees++
			_, name := SplitFuncName(s.Symbol)
			if !calls[name] {
				t.Errorf("%s: callee %s is not called by %s", fx.ID, s.Symbol, fx.PanicSite.Function)
			}
			if !strings.HasPrefix(s.File, "blogapp/") {
				t.Errorf("%s: callee %s is outside the module's loaded packages (%s)", fx.ID, s.Symbol, s.File)
			}
		}
		if callees > 0 {
			withCallees++
		}
	}
	if withCallees == 0 {
		t.Error("no fixture's excerpt holds a callee")
	}
}

func TestExcerptOfFeaturedPost(t *testing.T) {
	m := blogModule(t)
	fx := loadFixtures(t).ByID("featured_post_nil")
	if fx == nil {
		t.Fatal("no featured_post_nil fixture")
	}
	ex := m.Excerpt(requestFor(*fx))
	var fix *Span
	for i, s := range ex.Spans {
		if s.Symbol == "Store.FeaturedPost" {
			fix = &ex.Spans[i]
		}
		// Standard-library and chi calls are not module functions.
		if strings.HasPrefix(s.Symbol, "http.") || s.Symbol == "Error" || s.Symbol == "URLParam" {
			t.Errorf("non-module function in the excerpt: %+v", s)
		}
	}
	if fix == nil {
		t.Fatalf("the fix location Store.FeaturedPost is not in the excerpt: %+v", ex.Spans)
	}
	if fix.File != "blogapp/app/store_posts.go" {
		t.Errorf("FeaturedPost span in %s", fix.File)
	}
	if !strings.Contains(ex.Text, "func (s *Store) FeaturedPost(") {
		t.Error("the excerpt text lacks FeaturedPost's declaration")
	}
}

func TestExcerptByFrameLine(t *testing.T) {
	m := blogModule(t)
	_, start, end := declaredCalls(t, "blogapp/app/helpers.go", "", "initials")
	abs, err := filepath.Abs(filepath.Join(repoRoot, "blogapp", "app", "helpers.go"))
	if err != nil {
		t.Fatal(err)
	}
	// The frame's line, not the fallback, picks the failing function.
	ex := m.Excerpt(ExcerptRequest{FailFile: abs, FailLine: (start + end) / 2, FallbackFile: "blogapp/app/render.go", FallbackFunc: "(*Server).render"})
	if len(ex.Spans) == 0 || ex.Spans[0].Symbol != "initials" || ex.Spans[0].StartLine != start || ex.Spans[0].EndLine != end {
		t.Errorf("frame at helpers.go:%d gave %+v, want initials %d-%d", (start+end)/2, ex.Spans, start, end)
	}
	// A line outside any function falls back to the panic site.
	ex = m.Excerpt(ExcerptRequest{FailFile: abs, FailLine: 1, FallbackFile: "blogapp/app/helpers.go", FallbackFunc: "initials"})
	if len(ex.Spans) == 0 || ex.Spans[0].Symbol != "initials" {
		t.Errorf("fallback gave %+v", ex.Spans)
	}
	if ex := m.Excerpt(ExcerptRequest{FailFile: abs, FailLine: 1}); len(ex.Spans) != 0 || ex.Text != "" {
		t.Errorf("nothing known gave a non-empty excerpt: %+v", ex.Spans)
	}
}

func TestExcerptHoldsTheTemplate(t *testing.T) {
	m := blogModule(t)
	ff := loadFixtures(t)
	n := 0
	for _, fx := range ff.Fixtures {
		if fx.FixLocation.Template == "" {
			continue
		}
		n++
		ex := m.Excerpt(requestFor(fx))
		var tmpl *Span
		for i, s := range ex.Spans {
			if s.Role == RoleTemplate {
				tmpl = &ex.Spans[i]
			}
		}
		if tmpl == nil {
			t.Errorf("%s: no template span for %s", fx.ID, fx.FixLocation.Template)
			continue
		}
		if tmpl.File != fx.FixLocation.File || tmpl.StartLine != 1 {
			t.Errorf("%s: template span %+v, want %s from line 1", fx.ID, tmpl, fx.FixLocation.File)
		}
		lines := diskLines(t, tmpl.File)
		if strings.TrimSpace(lines[len(lines)-1]) == "" {
			lines = lines[:len(lines)-1]
		}
		if tmpl.EndLine != len(lines) {
			t.Errorf("%s: template span ends at %d, the file has %d lines", fx.ID, tmpl.EndLine, len(lines))
		}
		for i, l := range lines {
			if !strings.Contains(ex.Text, fmt.Sprintf("%4d | %s\n", i+1, redact.String(l))) {
				t.Errorf("%s: template line %d missing", fx.ID, i+1)
				break
			}
		}
	}
	if n == 0 {
		t.Fatal("no template fixture in the fixtures file")
	}
	if m.TemplateFor("no-such.html") != nil {
		t.Error("TemplateFor found a template that does not exist")
	}
}

func TestExcerptsHoldNoPlantedSecret(t *testing.T) {
	m := blogModule(t)
	ff := loadFixtures(t)
	if len(ff.PlantedSecrets) == 0 {
		t.Fatal("no planted secrets in the fixtures file")
	}
	for _, fx := range ff.Fixtures {
		ex := m.Excerpt(requestFor(fx))
		for _, sec := range ff.PlantedSecrets {
			if strings.Contains(ex.Text, sec.Value) {
				t.Errorf("%s: excerpt holds %s", fx.ID, sec.Name)
			}
			for _, l := range ex.Lines {
				if strings.Contains(l, sec.Value) {
					t.Errorf("%s: excerpt line holds %s", fx.ID, sec.Name)
				}
			}
		}
	}
	// An excerpt over the very lines that declare the secrets is redacted.
	for _, sec := range ff.PlantedSecrets {
		lines := diskLines(t, sec.File)
		found := 0
		for i, l := range lines {
			if strings.Contains(l, sec.Value) {
				found = i + 1
			}
		}
		if found == 0 {
			t.Fatalf("%s is not in %s", sec.Name, sec.File)
		}
		ex := m.render([]Span{{File: sec.File, StartLine: found, EndLine: found, Symbol: sec.Name, Role: RoleFix}})
		if strings.Contains(ex.Text, sec.Value) {
			t.Errorf("excerpt over %s:%d shows %s unredacted:\n%s", sec.File, found, sec.Name, ex.Text)
		}
		if !strings.Contains(ex.Text, sec.Name) {
			t.Errorf("redaction removed the whole line of %s:\n%s", sec.Name, ex.Text)
		}
	}
}

func TestMaxCallees(t *testing.T) {
	m := blogModule(t)
	for _, fx := range loadFixtures(t).Fixtures {
		req := requestFor(fx)
		req.FixFunc = ""
		req.Template = ""
		req.MaxCallees = 1
		callees := 0
		for _, s := range m.Excerpt(req).Spans {
			if s.Role == RoleCallee {
				callees++
			}
		}
		if callees > 1 {
			t.Errorf("%s: %d callees with MaxCallees 1", fx.ID, callees)
		}
	}
}

func TestOverlap(t *testing.T) {
	ex := Excerpt{Spans: []Span{{File: "blogapp/app/a.go", StartLine: 1, EndLine: 10}, {File: "blogapp/app/b.go", StartLine: 1, EndLine: 10}}}
	chunks := []report.Chunk{{File: "app/a.go", StartLine: 1, EndLine: 5}, {File: "blogapp/app/a.go", StartLine: 4, EndLine: 6}, {File: "blogapp/app/c.go", StartLine: 1, EndLine: 10}}
	if got := Overlap(ex, chunks); got != 6.0/20 {
		t.Errorf("Overlap = %v, want 0.3 (a.go lines 1-6 of 20)", got)
	}
	if got := Overlap(Excerpt{}, chunks); got != 0 {
		t.Errorf("empty excerpt overlap = %v", got)
	}
	if got := Overlap(ex, nil); got != 0 {
		t.Errorf("no chunks overlap = %v", got)
	}
}

func TestSplitFuncName(t *testing.T) {
	for _, tc := range []struct{ in, recv, bare string }{
		{"(*Server).handleFeatured", "Server", "handleFeatured"},
		{"Server.handleFeatured", "Server", "handleFeatured"},
		{"github.com/explainerr/explainerr/blogapp/app.(*Store).FeaturedPost", "Store", "FeaturedPost"},
		{"app.NewComment", "", "NewComment"},
		{"NewComment", "", "NewComment"},
		{"initials()", "", "initials"},
	} {
		recv, bare := SplitFuncName(tc.in)
		if recv != tc.recv || bare != tc.bare {
			t.Errorf("SplitFuncName(%q) = %q, %q; want %q, %q", tc.in, recv, bare, tc.recv, tc.bare)
		}
	}
}

func TestLoadLeavesOutTheEvaluationAndTests(t *testing.T) {
	m := blogModule(t)
	for rel := range m.Files {
		if strings.HasSuffix(rel, "_test.go") || strings.HasPrefix(rel, "evals/") {
			t.Errorf("module files include %s", rel)
		}
	}
	if m.Path != "github.com/explainerr/explainerr" {
		t.Errorf("module path %q", m.Path)
	}
	if m.FuncByLocation("blogapp/app/store_posts.go", "(*Store).FeaturedPost") == nil {
		t.Error("FuncByLocation misses (*Store).FeaturedPost")
	}
	if m.FuncByLocation("blogapp/app/store_posts.go", "(*Store).NoSuchMethod") != nil {
		t.Error("FuncByLocation found a method that does not exist")
	}
	if _, err := Load(filepath.Join(t.TempDir(), "missing")); err == nil {
		t.Error("loading a missing directory gave no error")
	}
}
