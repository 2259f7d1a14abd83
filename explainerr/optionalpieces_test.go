package explainerr_test

import (
	"bytes"
	"html"
	"log/slog"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/explainerr/explainerr/explainerr"
	"github.com/explainerr/explainerr/explainerr/report"
	"github.com/explainerr/explainerr/internal/reporttest"
)

// linkSite panics with an index out of range.
func linkSite(w http.ResponseWriter, r *http.Request) {
	var tags []string
	_ = tags[len(r.URL.Path)]
}

// serveLinkSite sends one failing request through ex's middleware with the
// given Accept header and returns the answer's body.
func serveLinkSite(t *testing.T, ex *explainerr.Explainer, accept string) string {
	t.Helper()
	rec := reporttest.Serve(ex.Middleware(http.HandlerFunc(linkSite)), http.MethodGet, "/tags", accept)
	if rec.Code != http.StatusInternalServerError {
		t.Fatalf("status %d, want 500", rec.Code)
	}
	return rec.Body.String()
}

// logTo returns an option that logs to buf, as text (which quotes the
// import line's quotes).
func logTo(buf *bytes.Buffer) explainerr.Option {
	return explainerr.WithLogger(slog.New(slog.NewTextHandler(buf, nil)))
}

func TestKeySetButModelClientNotLinkedNamesTheImport(t *testing.T) {
	explainerr.Unlinked(t)
	var log bytes.Buffer
	ex := reporttest.Explainer(t, explainerr.WithAPIKey("k"), logTo(&log))
	if got := ex.Provider().Name(); got != "offline" {
		t.Fatalf("provider %q, want the offline analysis to stand in", got)
	}
	rec := reporttest.Serve(ex.Middleware(http.HandlerFunc(linkSite)), http.MethodGet, "/tags", "application/json")
	rep := reporttest.Decode(t, rec)
	if rep.Explanation.Provider != "offline" || rep.Explanation.Text == "" {
		t.Errorf("explanation %+v, want the offline analysis", rep.Explanation)
	}
	if !strings.Contains(strings.Join(rep.Notices, "\n"), "import "+explainerr.ModelClientImport) {
		t.Errorf("notices %q do not name the import to add", rep.Notices)
	}
	if got := strings.Count(log.String(), `import _ \"github.com/explainerr/explainerr/explainerr/provider/openai\"`); got < 2 {
		t.Errorf("the log names the import %d times, want at start and with the failure:\n%s", got, log.String())
	}
	page := html.UnescapeString(serveLinkSite(t, ex, "text/html"))
	if !strings.Contains(page, `import _ "github.com/explainerr/explainerr/explainerr/provider/openai"`) {
		t.Error("the page does not name the import to add")
	}
	// Built from pieces, since the page shows this test's own source.
	if strings.Contains(page, "No model is "+"configured") {
		t.Error("the page says no model is configured although a key is set")
	}
	if !strings.Contains(rep.Explanation.Fallback, "not linked") {
		t.Errorf("explanation fallback %q, want why the offline analysis stands in", rep.Explanation.Fallback)
	}
	// The key is set: the analysis does not end by asking to set it.
	hint := "set OPENAI_" + "API_KEY"
	if strings.Contains(rep.Explanation.Text, hint) || strings.Contains(page, hint) {
		t.Errorf("the explanation asks to set the key that is set:\n%s", rep.Explanation.Text)
	}
}

func TestProviderOpenAIButNotLinkedNamesTheImport(t *testing.T) {
	explainerr.Unlinked(t)
	ex := reporttest.Explainer(t, explainerr.WithProviderName("openai"))
	rep := reporttest.Decode(t, reporttest.Serve(ex.Middleware(http.HandlerFunc(linkSite)), http.MethodGet, "/tags", "application/json"))
	if rep.Explanation.Provider != "offline" || !strings.Contains(strings.Join(rep.Notices, "\n"), explainerr.ModelClientImport) {
		t.Errorf("provider %q, notices %q", rep.Explanation.Provider, rep.Notices)
	}
}

func TestRetrievalOnButNotLinkedNamesTheImport(t *testing.T) {
	explainerr.Unlinked(t)
	var log bytes.Buffer
	ex := reporttest.Explainer(t, explainerr.WithRAG(true), logTo(&log))
	rep := reporttest.Decode(t, reporttest.Serve(ex.Middleware(http.HandlerFunc(linkSite)), http.MethodGet, "/tags", "application/json"))
	if rep.Mode != report.ModeStatic {
		t.Errorf("mode %q, want static (the app's files without the index)", rep.Mode)
	}
	notices := strings.Join(rep.Notices, "\n")
	if !strings.Contains(notices, "import "+explainerr.RetrievalImport) || strings.Contains(notices, "Retrieval is on but failed") {
		t.Errorf("notices %q: want one that names the import to add", rep.Notices)
	}
	if rep.Explanation.Text == "" {
		t.Error("no offline analysis stood in")
	}
	if got := strings.Count(log.String(), `import _ \"github.com/explainerr/explainerr/index/rag\"`); got < 2 {
		t.Errorf("the log names the import %d times, want at start and with the failure:\n%s", got, log.String())
	}
	page := html.UnescapeString(serveLinkSite(t, ex, "text/html"))
	if !strings.Contains(page, `import _ "github.com/explainerr/explainerr/index/rag"`) {
		t.Error("the page does not name the import to add")
	}
}

func TestLinkedPiecesAskForNothing(t *testing.T) {
	var log bytes.Buffer
	ex := reporttest.Explainer(t, explainerr.WithAPIKey("k"), explainerr.WithBaseURL("http://127.0.0.1:1/v1"), logTo(&log))
	if got := ex.Provider().Name(); got != "openai" {
		t.Errorf("provider %q, want the linked openai provider", got)
	}
	if strings.Contains(log.String(), "not linked") {
		t.Errorf("the log asks for a linked piece:\n%s", log.String())
	}
}

// makeModule writes a go.mod in a new directory and returns the directory
// and a subdirectory two levels below it.
func makeModule(t *testing.T) (root, sub string) {
	t.Helper()
	root = t.TempDir()
	if err := os.WriteFile(filepath.Join(root, "go.mod"), []byte("module example.com/shop\n\ngo 1.26.0\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	sub = filepath.Join(root, "cmd", "server")
	if err := os.MkdirAll(sub, 0o755); err != nil {
		t.Fatal(err)
	}
	return root, sub
}

func TestDefaultIndexIsAtTheModuleRootFromASubdirectory(t *testing.T) {
	root, sub := makeModule(t)
	t.Chdir(sub)
	want := filepath.Join(root, ".explainerr", "index.db")
	if got := explainerr.DefaultIndexPath(); got != want {
		t.Errorf("DefaultIndexPath() = %q, want %q", got, want)
	}
	// The missing index is looked for there, and the notice says how to
	// build it from the user's own module.
	ex := reporttest.Explainer(t, explainerr.WithRAG(true))
	rep := reporttest.Decode(t, reporttest.Serve(ex.Middleware(http.HandlerFunc(linkSite)), http.MethodGet, "/tags", "application/json"))
	notices := strings.Join(rep.Notices, "\n")
	if !strings.Contains(notices, "no index at "+want) || !strings.Contains(notices, `"go tool explainerr index ./..."`) {
		t.Errorf("notices %q: want the module root's index and the go tool command", rep.Notices)
	}
	if strings.Contains(notices, "go run github.com") {
		t.Errorf("notices %q suggest a command that fails in the user's module", rep.Notices)
	}
}
