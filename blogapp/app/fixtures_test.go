package app_test

import (
	"encoding/json"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/explainerr/explainerr/blogapp/app"
	"github.com/explainerr/explainerr/blogapp/fixture"
	"github.com/explainerr/explainerr/explainerr"
	"github.com/explainerr/explainerr/explainerr/redact"
	"github.com/explainerr/explainerr/explainerr/report"
)

// fixturesPath is the fixtures file, relative to this package.
const fixturesPath = "../fixtures.json"

// loadFixtures reads the fixtures file.
func loadFixtures(t *testing.T) *fixture.File {
	t.Helper()
	f, err := fixture.Load(fixturesPath)
	if err != nil {
		t.Fatal(err)
	}
	return f
}

// newBlog returns the blog over a fresh database, wrapped in explainerr
// with the offline provider and without retrieval, listing fixtures on its
// home page.
func newBlog(t *testing.T, fixtures []fixture.Fixture) http.Handler {
	t.Helper()
	db, err := app.OpenDB(filepath.Join(t.TempDir(), "blog.db"))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { db.Close() })
	quiet := slog.New(slog.NewTextHandler(io.Discard, nil))
	ex, err := explainerr.New(
		explainerr.WithProviderName("offline"),
		explainerr.WithRAG(false),
		explainerr.WithLogger(quiet),
	)
	if err != nil {
		t.Fatal(err)
	}
	return app.NewWithExplainer(db, ex, app.WithFixtures(fixtures), app.WithLogger(quiet))
}

// fixtureRequest builds the request of a fixture, from a loopback client.
func fixtureRequest(fx fixture.Fixture, accept string) *http.Request {
	var body io.Reader
	if fx.Body != "" {
		body = strings.NewReader(fx.Body)
	}
	req := httptest.NewRequest(fx.Method, fx.Path, body)
	req.RemoteAddr = "127.0.0.1:50123"
	if fx.Body != "" {
		req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
	}
	if accept != "" {
		req.Header.Set("Accept", accept)
	}
	return req
}

// shortName drops the package path from a frame's function name.
func shortName(function string) string {
	if i := strings.LastIndexByte(function, '/'); i >= 0 {
		function = function[i+1:]
	}
	if i := strings.IndexByte(function, '.'); i >= 0 {
		function = function[i+1:]
	}
	return function
}

func TestFixturesFileCoversTheIssue(t *testing.T) {
	f := loadFixtures(t)
	var app, traceback int
	captures := map[string]int{}
	for _, fx := range f.Fixtures {
		switch fx.Category {
		case fixture.CategoryApp:
			app++
		case fixture.CategoryTraceback:
			traceback++
		}
		captures[fx.Capture]++
	}
	if app != 7 || traceback != 8 {
		t.Errorf("got %d app and %d traceback fixtures, want 7 and 8", app, traceback)
	}
	for _, c := range []string{"panic", "error", "status"} {
		if captures[c] == 0 {
			t.Errorf("no fixture is captured as %q", c)
		}
	}
	if captures["panic"] <= len(f.Fixtures)/2 {
		t.Errorf("%d of %d fixtures panic; most should", captures["panic"], len(f.Fixtures))
	}
	if len(f.PlantedSecrets) < 2 {
		t.Errorf("got %d planted secrets, want an API key and a DSN password", len(f.PlantedSecrets))
	}
}

func TestEveryFixtureFailsAsDescribed(t *testing.T) {
	f := loadFixtures(t)
	blog := newBlog(t, f.Fixtures)
	for _, fx := range f.Fixtures {
		t.Run(fx.ID, func(t *testing.T) {
			rec := httptest.NewRecorder()
			blog.ServeHTTP(rec, fixtureRequest(fx, "application/json"))
			if rec.Code != fx.ExpectedStatus {
				t.Fatalf("status %d, want %d; body:\n%s", rec.Code, fx.ExpectedStatus, rec.Body)
			}
			if ct := rec.Header().Get("Content-Type"); !strings.HasPrefix(ct, "application/json") {
				t.Fatalf("Content-Type %q, want JSON; body:\n%s", ct, rec.Body)
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
			checkReport(t, fx, &rep)
		})
	}
}

// checkReport checks a fixture's JSON report: the capture kind, the panic
// site as the innermost app frame, and the fix location's function named in
// the prompt whenever it is on the stack.
func checkReport(t *testing.T, fx fixture.Fixture, rep *report.Report) {
	t.Helper()
	if rep.Error.Kind != fx.Capture {
		t.Errorf("error.kind %q, want %q (message %q)", rep.Error.Kind, fx.Capture, rep.Error.Message)
	}
	if rep.Error.Message == "" {
		t.Error("error.message is empty")
	}
	if rep.Request.Method != fx.Method {
		t.Errorf("request.method %q, want %q", rep.Request.Method, fx.Method)
	}
	if rep.Prompt.User == "" || rep.Prompt.System == "" {
		t.Error("the prompt is empty")
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
	if fn := fx.FixLocation.Function; fn != "" {
		for _, fr := range rep.Frames {
			if fixture.MatchesFunction(fr.Function, fn) {
				if fr.Kind != report.FrameApp {
					t.Errorf("fix location frame %s is %q, want app", fr.Function, fr.Kind)
				}
				if !strings.Contains(rep.Prompt.User, fn) {
					t.Errorf("fix location %s is on the stack but not in prompt.user:\n%s", fn, rep.Prompt.User)
				}
				break
			}
		}
	}
}

func TestPlantedSecretsAreRedactedFromTheirSource(t *testing.T) {
	f := loadFixtures(t)
	for _, s := range f.PlantedSecrets {
		src, err := os.ReadFile(filepath.Join("..", "..", filepath.FromSlash(s.File)))
		if err != nil {
			t.Fatal(err)
		}
		if !strings.Contains(string(src), s.Value) {
			t.Fatalf("%s does not hold the planted secret %s", s.File, s.Name)
		}
		// Retrieved source goes through the same redaction before it
		// reaches a prompt or a page.
		if strings.Contains(redact.String(string(src)), s.Value) {
			t.Errorf("redaction leaves the planted secret %s in %s", s.Name, s.File)
		}
	}
}
