package offline_test

import (
	"context"
	"encoding/json"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/explainerr/explainerr/blogapp/app"
	"github.com/explainerr/explainerr/blogapp/fixture"
	"github.com/explainerr/explainerr/explainerr"
	"github.com/explainerr/explainerr/explainerr/provider/offline"
	"github.com/explainerr/explainerr/explainerr/provider/offline/internal/grounding"
	"github.com/explainerr/explainerr/explainerr/report"
	"github.com/explainerr/explainerr/index"
)

// blogDir is the sample blog, relative to this package.
const blogDir = "../../../blogapp"

// blogSource returns the name and text of every Go file and template of
// the blog app.
func blogSource(t *testing.T) string {
	t.Helper()
	var b strings.Builder
	err := filepath.WalkDir(filepath.Join(blogDir, "app"), func(path string, d os.DirEntry, err error) error {
		if err != nil || d.IsDir() || strings.HasSuffix(path, "_test.go") {
			return err
		}
		data, err := os.ReadFile(path)
		b.WriteString(path + "\n")
		b.Write(data)
		b.WriteByte('\n')
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	return b.String()
}

// blogHandler returns the blog app wrapped in the real middleware, with
// the offline analyzer; indexPath "" means the plain context (no source).
func blogHandler(t *testing.T, indexPath string) http.Handler {
	t.Helper()
	db, err := app.OpenDB("")
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { db.Close() })
	opts := []explainerr.Option{
		explainerr.WithProvider(offline.New()),
		explainerr.WithContext(explainerr.ContextPlain),
		explainerr.WithLogger(slog.New(slog.NewTextHandler(io.Discard, nil))),
	}
	if indexPath != "" {
		opts = append(opts, explainerr.WithContext(explainerr.ContextRAG), explainerr.WithIndexPath(indexPath))
	}
	ex, err := explainerr.New(opts...)
	if err != nil {
		t.Fatal(err)
	}
	return app.NewWithExplainer(db, ex)
}

// fixtureReport sends fx's request and decodes the JSON report.
func fixtureReport(t *testing.T, h http.Handler, fx fixture.Fixture) *report.Report {
	t.Helper()
	var body io.Reader
	if fx.Body != "" {
		body = strings.NewReader(fx.Body)
	}
	req := httptest.NewRequest(fx.Method, fx.Path, body)
	req.RemoteAddr = "127.0.0.1:41000"
	req.Header.Set("Accept", "application/json")
	if fx.Body != "" {
		req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
	}
	rec := httptest.NewRecorder()
	h.ServeHTTP(rec, req)
	if rec.Code != fx.ExpectedStatus {
		t.Fatalf("status %d, want %d; body:\n%s", rec.Code, fx.ExpectedStatus, rec.Body)
	}
	var rep report.Report
	if err := json.Unmarshal(rec.Body.Bytes(), &rep); err != nil {
		t.Fatalf("not a JSON report: %v\n%s", err, rec.Body)
	}
	return &rep
}

// TestBlogFixtures drives each of the blog's fixtures through the blog
// wrapped in the middleware and checks the offline explanation: it names
// the panic site's function and failing line, recognises the failure, and
// names only identifiers of the app's source or the trace.
func TestBlogFixtures(t *testing.T) {
	checkBlogFixtures(t, blogHandler(t, ""), report.ModePlain)
}

// TestBlogFixturesWithRetrieval does the same with retrieval on, over an
// index of the blog built for the test: the explanation may then use the
// retrieved source, and must still name only what exists.
func TestBlogFixturesWithRetrieval(t *testing.T) {
	path := filepath.Join(t.TempDir(), "index.db")
	_, err := index.Build(context.Background(), index.BuildOptions{Dir: blogDir, Patterns: []string{"./..."}, Path: path})
	if err != nil {
		t.Fatalf("indexing the blog: %v", err)
	}
	checkBlogFixtures(t, blogHandler(t, path), report.ModeRAG)
}

func checkBlogFixtures(t *testing.T, h http.Handler, mode string) {
	fixtures, err := fixture.Load(filepath.Join(blogDir, "fixtures.json"))
	if err != nil {
		t.Fatal(err)
	}
	if len(fixtures.Fixtures) != 15 {
		t.Errorf("%d fixtures, want 15", len(fixtures.Fixtures))
	}
	source := blogSource(t)
	for _, fx := range fixtures.Fixtures {
		t.Run(fx.ID, func(t *testing.T) {
			rep := fixtureReport(t, h, fx)
			if rep.Mode != mode {
				t.Fatalf("mode %q, want %q (notices %q)", rep.Mode, mode, rep.Notices)
			}
			ex := rep.Explanation
			if ex.Provider != "offline" || ex.Error != "" {
				t.Fatalf("explanation from %q, error %q", ex.Provider, ex.Error)
			}
			text := ex.Text
			site := rep.InnermostApp()
			if site == nil {
				t.Fatal("the report has no app frame")
			}
			if !fixture.MatchesFunction(site.Function, fx.PanicSite.Function) {
				t.Fatalf("innermost app frame %s, want %s", site.Function, fx.PanicSite.Function)
			}
			if !strings.Contains(text, "`"+fx.PanicSite.Function) {
				t.Errorf("explanation does not name the panic site %s", fx.PanicSite.Function)
			}
			where := "`" + filepath.Base(site.File) + ":" + strconv.Itoa(site.Line) + "`"
			if !strings.Contains(text, where) {
				t.Errorf("explanation does not name the failing line %s", where)
			}
			if line := strings.TrimSpace(site.Source.LineText()); line == "" || !strings.Contains(text, line) {
				t.Errorf("explanation does not quote the failing line %q", line)
			}
			class, culprit := offline.Recognize(rep)
			if class == offline.ClassUnknown {
				t.Errorf("failure not recognised: %s %q", rep.Error.Type, rep.Error.Message)
			}
			if again := offline.Analyze(rep); again != text {
				t.Errorf("analyzing the decoded report gives a different text:\n%s", again)
			}
			// Every identifier must be in the app's source (which the
			// analyzer reads from the report and from the module on disk)
			// or the trace.
			g := grounding.New(&report.Report{Frames: rep.Frames})
			g.Add(source, rep.Error.Message, rep.Error.Type)
			g.Add(rep.Error.Chain...)
			if unknown := slices.Collect(g.Unknown(text)); len(unknown) > 0 {
				t.Errorf("names identifiers not in the app's source or the trace: %v", unknown)
			}
			if !strings.HasSuffix(strings.TrimSpace(text), offline.Footer) {
				t.Error("no offline footer")
			}
			t.Logf("%s (culprit %q):\n%s", class, culprit, text)
		})
	}
}
