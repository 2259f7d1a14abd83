package explainerr_test

import (
	"log/slog"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/explainerr/explainerr/blogapp/app"
	"github.com/explainerr/explainerr/explainerr"
	"github.com/explainerr/explainerr/explainerr/prompt"
	"github.com/explainerr/explainerr/explainerr/report"
	"github.com/explainerr/explainerr/internal/reporttest"
)

// clearContextEnv leaves the context mode to the test: no mode, no index.
func clearContextEnv(t *testing.T) {
	t.Helper()
	for _, k := range []string{"OPENAI_API_KEY", "OPENAI_BASE_URL", "EXPLAINERR_PROVIDER", "EXPLAINERR_RAG", "EXPLAINERR_CONTEXT", "EXPLAINERR_MODEL"} {
		t.Setenv(k, "")
	}
	t.Setenv("EXPLAINERR_INDEX", filepath.Join(t.TempDir(), "no-index.db"))
}

// featuredReport serves GET /featured of the sample blog, which panics on
// a nil post that (*Store).FeaturedPost returned, through an Explainer
// made with opts, and returns the JSON report.
func featuredReport(t *testing.T, opts ...explainerr.Option) report.Report {
	t.Helper()
	return reporttest.Decode(t, serveFeatured(t, "application/json", opts...))
}

// serveFeatured serves GET /featured of the sample blog with accept.
func serveFeatured(t *testing.T, accept string, opts ...explainerr.Option) *httptest.ResponseRecorder {
	t.Helper()
	ex, err := explainerr.New(append([]explainerr.Option{explainerr.WithLogger(slog.New(slog.DiscardHandler))}, opts...)...)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { ex.Close() })
	db, err := app.OpenDB("")
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { db.Close() })
	return reporttest.Serve(app.NewWithExplainer(db, ex), http.MethodGet, "/featured", accept)
}

func TestStaticContextIsTheDefaultWithoutAnIndex(t *testing.T) {
	clearContextEnv(t)
	rep := featuredReport(t)
	if rep.Mode != report.ModeStatic {
		t.Fatalf("mode %q, want static; notices %q", rep.Mode, rep.Notices)
	}
	if len(rep.Notices) != 0 {
		t.Errorf("no index and none asked for is not worth a notice: %q", rep.Notices)
	}
	// The cause is off the stack: FeaturedPost returned nil, nil and the
	// handler used the post. The static context holds it, whole.
	var symbols []string
	for _, c := range rep.Context {
		symbols = append(symbols, c.Symbol)
	}
	got := strings.Join(symbols, " ")
	if !strings.HasPrefix(got, "(*Server).handleFeatured ") || !strings.Contains(got, "(*Store).FeaturedPost") {
		t.Errorf("context symbols %q, want the handler first and the store method it called", got)
	}
	for _, c := range rep.Context {
		if c.Symbol == "(*Store).FeaturedPost" && (c.File != "blogapp/app/store_posts.go" || !strings.Contains(c.Text, "func (s *Store) FeaturedPost(") || !strings.Contains(rep.Prompt.User, c.Text)) {
			t.Errorf("FeaturedPost chunk %+v is not the function as the prompt shows it", c)
		}
	}
	if !strings.Contains(rep.Prompt.User, "## App source (the failing functions and the functions they call, from the app's files)") {
		t.Errorf("the prompt does not say where its source comes from:\n%s", rep.Prompt.User)
	}
	if n := len(rep.Prompt.System) + len(rep.Prompt.User); n > prompt.DefaultBudget {
		t.Errorf("prompt of %d characters, over the budget of %d", n, prompt.DefaultBudget)
	}
	page := serveFeatured(t, "text/html").Body.String()
	if !strings.Contains(page, "App source <small>static context, from the app&#39;s files · ") && !strings.Contains(page, "App source <small>static context, from the app's files · ") {
		t.Errorf("the page does not say the static context was used:\n%.2000s", page)
	}
}

func TestPlainContextSendsNoSource(t *testing.T) {
	clearContextEnv(t)
	t.Setenv("EXPLAINERR_CONTEXT", "plain")
	rep := featuredReport(t)
	if rep.Mode != report.ModePlain || len(rep.Context) != 0 || strings.Contains(rep.Prompt.User, "## App source") {
		t.Errorf("mode %q, %d chunks, prompt:\n%s", rep.Mode, len(rep.Context), rep.Prompt.User)
	}
	if strings.Contains(rep.Prompt.User, "func (s *Store) FeaturedPost(") {
		t.Error("the plain prompt holds source")
	}
}

func TestOptionOverridesTheEnvironment(t *testing.T) {
	clearContextEnv(t)
	t.Setenv("EXPLAINERR_CONTEXT", "plain")
	if rep := featuredReport(t, explainerr.WithContext(explainerr.ContextStatic)); rep.Mode != report.ModeStatic {
		t.Errorf("mode %q, want static", rep.Mode)
	}
	t.Setenv("EXPLAINERR_CONTEXT", "")
	t.Setenv("EXPLAINERR_RAG", "on")
	if rep := featuredReport(t, explainerr.WithContext(explainerr.ContextPlain)); rep.Mode != report.ModePlain {
		t.Errorf("mode %q, want plain", rep.Mode)
	}
}

func TestContextModeFromTheEnvironment(t *testing.T) {
	for _, tc := range []struct {
		context, rag string
		want         explainerr.ContextMode
	}{
		{"", "", ""},
		{"static", "", explainerr.ContextStatic},
		{" RAG ", "", explainerr.ContextRAG},
		{"plain", "on", explainerr.ContextPlain},
		{"", "on", explainerr.ContextRAG},
		{"", "off", explainerr.ContextStatic},
	} {
		clearContextEnv(t)
		t.Setenv("EXPLAINERR_CONTEXT", tc.context)
		t.Setenv("EXPLAINERR_RAG", tc.rag)
		ex, err := explainerr.New(explainerr.WithLogger(slog.New(slog.DiscardHandler)))
		if err != nil {
			t.Fatalf("%+v: %v", tc, err)
		}
		if got := ex.Context(); got != tc.want {
			t.Errorf("EXPLAINERR_CONTEXT=%q EXPLAINERR_RAG=%q: mode %q, want %q", tc.context, tc.rag, got, tc.want)
		}
		ex.Close()
	}
}

func TestUnknownContextModeIsAClearError(t *testing.T) {
	clearContextEnv(t)
	t.Setenv("EXPLAINERR_CONTEXT", "vector")
	_, err := explainerr.New()
	if err == nil || !strings.Contains(err.Error(), `"vector"`) || !strings.Contains(err.Error(), `"static"`) {
		t.Errorf("New with EXPLAINERR_CONTEXT=vector: %v", err)
	}
	t.Setenv("EXPLAINERR_CONTEXT", "")
	if _, err := explainerr.New(explainerr.WithContext("indexed")); err == nil || !strings.Contains(err.Error(), `"indexed"`) {
		t.Errorf("New with WithContext(\"indexed\"): %v", err)
	}
}

func TestBrokenIndexFallsBackToStaticWithANotice(t *testing.T) {
	clearContextEnv(t)
	bad := filepath.Join(t.TempDir(), "index.db")
	if err := os.WriteFile(bad, []byte("not an index"), 0o600); err != nil {
		t.Fatal(err)
	}
	// No mode set: an index file that is there but unusable is worth
	// saying, and the static context stands in.
	rep := featuredReport(t, explainerr.WithIndexPath(bad))
	if rep.Mode != report.ModeStatic || !strings.Contains(strings.Join(rep.Notices, "\n"), "Retrieval is on but failed") {
		t.Errorf("mode %q, notices %q", rep.Mode, rep.Notices)
	}
}
