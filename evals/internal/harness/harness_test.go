package harness

import (
	"context"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/explainerr/explainerr/blogapp/fixture"
	"github.com/explainerr/explainerr/explainerr/report"
	"github.com/explainerr/explainerr/index"
)

// repoRoot is the module root, seen from this package's directory.
const repoRoot = "../../.."

// startHarness builds the blog app's index with the real indexer and starts
// the harness over it with the offline generator.
func startHarness(t *testing.T) *Harness {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
	defer cancel()
	path := filepath.Join(t.TempDir(), "index.db")
	stats, err := index.Build(ctx, index.BuildOptions{Dir: repoRoot, Patterns: []string{"./blogapp/..."}, Path: path, Rebuild: true})
	if err != nil {
		t.Fatal(err)
	}
	if stats.Chunks == 0 {
		t.Fatal("the index has no chunks")
	}
	h, err := Start(Config{IndexPath: path, Generator: Generator{Offline: true}})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(h.Close)
	return h
}

func loadFixture(t *testing.T, id string) fixture.Fixture {
	t.Helper()
	ff, err := fixture.Load(filepath.Join(repoRoot, "blogapp", "fixtures.json"))
	if err != nil {
		t.Fatal(err)
	}
	fx := ff.ByID(id)
	if fx == nil {
		t.Fatalf("no fixture %s", id)
	}
	return *fx
}

func TestTriggerReturnsTheMiddlewaresReportPerMode(t *testing.T) {
	h := startHarness(t)
	if name, _ := h.Provider(); name != "offline" {
		t.Errorf("provider %q, want offline", name)
	}
	ctx := context.Background()
	for _, id := range []string{"featured_post_nil", "subscribe_form_key"} {
		fx := loadFixture(t, id)
		for _, mode := range []string{report.ModePlain, report.ModeRAG} {
			t.Run(id+"/"+mode, func(t *testing.T) {
				c, err := h.Trigger(ctx, fx, mode, mode == report.ModePlain)
				if err != nil {
					t.Fatal(err)
				}
				r := c.Report.Report()
				if strings.TrimSpace(r.Prompt.User) == "" || strings.TrimSpace(r.Prompt.System) == "" {
					t.Errorf("empty prompt: %+v", r.Prompt)
				}
				if r.Mode != mode {
					t.Errorf("report mode %q, asked for %q (notices %v)", r.Mode, mode, r.Notices)
				}
				if c.Status != fx.ExpectedStatus {
					t.Errorf("status %d, want %d", c.Status, fx.ExpectedStatus)
				}
				if !strings.Contains(string(c.RawReport), `"prompt"`) {
					t.Error("raw report is not the JSON body")
				}
				if mode == report.ModeRAG {
					if len(r.Context) == 0 {
						t.Fatal("rag report has no context")
					}
					// The retrieved source is what the model was sent.
					if first := strings.TrimSpace(strings.SplitN(r.Context[0].Text, "\n", 2)[0]); !strings.Contains(r.Prompt.User, first) {
						t.Errorf("the first chunk's text %q is not in the prompt", first)
					}
				} else if len(r.Context) != 0 {
					t.Errorf("plain report carries %d chunks", len(r.Context))
				}
				if inner := r.InnermostApp(); inner == nil || !strings.HasSuffix(filepath.ToSlash(inner.File), fx.PanicSite.File) {
					t.Errorf("innermost app frame %+v, want one in %s", inner, fx.PanicSite.File)
				}
				if mode == report.ModePlain {
					if !strings.Contains(strings.ToLower(string(c.Page)), "<html") {
						t.Errorf("page is not HTML: %.200s", c.Page)
					}
				} else if c.Page != nil {
					t.Error("page fetched without being asked for")
				}
			})
		}
	}
}

func TestTriggerRefusesARequestThatDoesNotFail(t *testing.T) {
	h := startHarness(t)
	_, err := h.Trigger(context.Background(), fixture.Fixture{ID: "home", Method: "GET", Path: "/"}, report.ModePlain, false)
	if err == nil || !strings.Contains(err.Error(), "did not fail") {
		t.Errorf("a succeeding request gave %v", err)
	}
}

func TestStartNeedsAnIndex(t *testing.T) {
	h, err := Start(Config{IndexPath: filepath.Join(t.TempDir(), "missing", "index.db"), Generator: Generator{Offline: true}})
	if err == nil {
		h.Close()
		t.Fatal("starting over a missing index gave no error")
	}
	if !strings.Contains(err.Error(), "index") {
		t.Errorf("error %q does not say the index is the problem", err)
	}
}
