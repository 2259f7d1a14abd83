package app_test

import (
	"encoding/json"
	"go/ast"
	"go/parser"
	"go/token"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/explainerr/explainerr/blogapp/fixture"
	"github.com/explainerr/explainerr/explainerr/redact"
	"github.com/explainerr/explainerr/explainerr/report"
)

// groups are the kinds of fix location a fixture may have; "direct" means
// the fix is in a failing function or one it calls.
var groups = map[string]bool{
	"interface": true, "constructor": true, "error-origin": true, "discarded-error": true,
	"sql": true, "migration": true, "template": true, "config": true, "similarity": true, "direct": true,
}

func TestFixturesFileCoversTheDesign(t *testing.T) {
	f := loadFixtures(t)
	if len(f.Fixtures) < 20 {
		t.Errorf("%d fixtures, want at least 20", len(f.Fixtures))
	}
	perGroup := map[string]int{}
	captures := map[string]int{}
	beyond := 0
	for _, fx := range f.Fixtures {
		if !groups[fx.Group] {
			t.Errorf("%s: group %q is not one of the known groups", fx.ID, fx.Group)
		}
		perGroup[fx.Group]++
		captures[fx.Capture]++
		if fx.Group != "direct" && fx.Group != "" && fx.FixLocation != fx.PanicSite {
			beyond++
		}
	}
	if beyond*2 < len(f.Fixtures) {
		t.Errorf("%d of %d fixtures have their fix beyond the failing code, want at least half", beyond, len(f.Fixtures))
	}
	if perGroup["similarity"] < 3 {
		t.Errorf("%d similarity fixtures, want at least 3", perGroup["similarity"])
	}
	for g := range groups {
		if perGroup[g] == 0 {
			t.Errorf("no fixture in group %q", g)
		}
	}
	for _, c := range []string{"panic", "error", "status"} {
		if captures[c] == 0 {
			t.Errorf("no fixture is captured as %q", c)
		}
	}
	if len(f.PlantedSecrets) == 0 {
		t.Error("no planted secret")
	}
}

// declaredFuncs returns the functions and methods declared in a Go file,
// named as fixtures name them: "F", "(T).M" or "(*T).M".
func declaredFuncs(t *testing.T, path string) map[string]bool {
	t.Helper()
	file, err := parser.ParseFile(token.NewFileSet(), path, nil, parser.SkipObjectResolution)
	if err != nil {
		t.Fatal(err)
	}
	names := map[string]bool{}
	for _, d := range file.Decls {
		fn, ok := d.(*ast.FuncDecl)
		if !ok {
			continue
		}
		name := fn.Name.Name
		if fn.Recv != nil && len(fn.Recv.List) == 1 {
			switch rt := fn.Recv.List[0].Type.(type) {
			case *ast.StarExpr:
				name = "(*" + rt.X.(*ast.Ident).Name + ")." + name
			case *ast.Ident:
				name = "(" + rt.Name + ")." + name
			}
		}
		names[name] = true
	}
	return names
}

// checkLocation checks that a location names an existing file and, in Go,
// a function declared in it.
func checkLocation(t *testing.T, what string, loc fixture.Location) {
	t.Helper()
	path := filepath.Join(repoRoot, filepath.FromSlash(loc.File))
	if _, err := os.Stat(path); err != nil {
		t.Errorf("%s: %v", what, err)
		return
	}
	if loc.IsGo() && !declaredFuncs(t, path)[loc.Function] {
		t.Errorf("%s: %s declares no function %s", what, loc.File, loc.Function)
	}
	if loc.Template != "" && filepath.Base(loc.File) != loc.Template {
		t.Errorf("%s: template %s is not the file %s", what, loc.Template, loc.File)
	}
}

func TestFixturesPointAtRealCodeAndReferencesStateTheirFacts(t *testing.T) {
	f := loadFixtures(t)
	for _, fx := range f.Fixtures {
		if !strings.HasPrefix(fx.FixLocation.File, "invoiceapp/") {
			t.Errorf("%s: fix location %s is outside the app", fx.ID, fx.FixLocation.File)
		}
		checkLocation(t, fx.ID+" fix_location", fx.FixLocation)
		checkLocation(t, fx.ID+" panic_site", fx.PanicSite)
		if fx.FixLocation == fx.PanicSite && fx.Category == fixture.CategoryApp {
			t.Errorf("%s: an app fixture fails where its fix belongs: it belongs to the traceback category", fx.ID)
		}
		if n := len(strings.Fields(fx.Reference)); n < 30 || n > 160 {
			t.Errorf("%s: reference has %d words, want 30 to 160", fx.ID, n)
		}
		for _, fact := range fx.Facts {
			if !fact.Matches(fx.Reference) {
				t.Errorf("%s: the reference does not state the fact %q", fx.ID, fact)
			}
		}
		if fx.Cause == fx.Reference {
			t.Errorf("%s: the cause repeats the reference", fx.ID)
		}
	}
}

func TestEveryFixtureFailsAsDescribed(t *testing.T) {
	f := loadFixtures(t)
	h := newApp(t, f.Fixtures)
	for _, fx := range f.Fixtures {
		t.Run(fx.ID, func(t *testing.T) {
			rec := do(h, fixtureRequest(fx, "application/json"))
			if rec.Code != fx.ExpectedStatus {
				t.Fatalf("status %d, want %d; body:\n%s", rec.Code, fx.ExpectedStatus, rec.Body)
			}
			body := rec.Body.String()
			for _, s := range f.PlantedSecrets {
				if strings.Contains(body, s.Value) {
					t.Errorf("the report leaks the planted secret %s", s.Name)
				}
			}
			var rep report.Report
			if err := json.Unmarshal(rec.Body.Bytes(), &rep); err != nil {
				t.Fatalf("report is not JSON: %v\n%s", err, body)
			}
			if rep.Error.Kind != fx.Capture {
				t.Errorf("error.kind %q, want %q (message %q)", rep.Error.Kind, fx.Capture, rep.Error.Message)
			}
			if rep.Request.Method != fx.Method {
				t.Errorf("request.method %q, want %q", rep.Request.Method, fx.Method)
			}
			inner := rep.InnermostApp()
			if inner == nil {
				t.Fatalf("no app frame among %d frames", len(rep.Frames))
			}
			if !fixture.MatchesFunction(inner.Function, fx.PanicSite.Function) {
				t.Errorf("innermost app frame is %s, want %s", inner.Function, fx.PanicSite.Function)
			}
			if !strings.HasSuffix(filepath.ToSlash(inner.File), fx.PanicSite.File) {
				t.Errorf("innermost app frame is in %s, want %s", inner.File, fx.PanicSite.File)
			}
			if !strings.Contains(rep.Prompt.User, shortName(inner.Function)) {
				t.Errorf("prompt.user does not name the panic site %s", shortName(inner.Function))
			}
		})
	}
}

func TestPlantedSecretsAreRedactedFromTheirSource(t *testing.T) {
	f := loadFixtures(t)
	for _, s := range f.PlantedSecrets {
		src, err := os.ReadFile(filepath.Join(repoRoot, filepath.FromSlash(s.File)))
		if err != nil {
			t.Fatal(err)
		}
		if !strings.Contains(string(src), s.Value) || !strings.Contains(string(src), s.Name) {
			t.Fatalf("%s does not hold the planted secret %s", s.File, s.Name)
		}
		if strings.Contains(redact.String(string(src)), s.Value) {
			t.Errorf("redaction leaves the planted secret %s in %s", s.Name, s.File)
		}
	}
}
