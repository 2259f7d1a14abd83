package index

import (
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"testing"

	"github.com/explainerr/explainerr/explainerr/report"
)

// blogFixture is the part of a blogapp/fixtures.json entry this test reads.
type blogFixture struct {
	ID          string `json:"id"`
	Category    string `json:"category"`
	FixLocation struct {
		File     string `json:"file"`
		Function string `json:"function"`
		Template string `json:"template"`
	} `json:"fix_location"`
	PanicSite struct {
		File     string `json:"file"`
		Function string `json:"function"`
	} `json:"panic_site"`
}

// TestBlogappFixLocations indexes the sample blog and checks that every
// fixture's fix location is a chunk of the index, and that for the "app"
// fixtures a report with one app frame in the panicking function reaches
// the fix location's chunk. The end-to-end gate, through the real
// middleware, lives in the evaluation.
func TestBlogappFixLocations(t *testing.T) {
	root, err := ModuleRoot("..")
	if err != nil {
		t.Fatal(err)
	}
	data, err := os.ReadFile(filepath.Join(root, "blogapp", "fixtures.json"))
	if err != nil {
		t.Fatalf("reading the blog fixtures: %v", err)
	}
	var file struct{ Fixtures []blogFixture }
	if err := json.Unmarshal(data, &file); err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(t.TempDir(), "index.db")
	stats, err := Build(context.Background(), BuildOptions{Dir: root, Patterns: []string{"./blogapp/..."}, Path: path})
	if err != nil {
		t.Fatal(err)
	}
	r, err := OpenRetriever(path, RetrieverOptions{})
	if err != nil {
		t.Fatal(err)
	}
	defer r.Close()
	chunks := storedChunks(t, path)
	t.Logf("indexed %d files, %d chunks", stats.Files, stats.Chunks)

	for _, fx := range file.Fixtures {
		fixSymbol := fx.FixLocation.Function
		if fixSymbol == "" {
			fixSymbol = fx.FixLocation.Template
		}
		fix, ok := chunks[fx.FixLocation.File+" "+fixSymbol]
		if !ok && fx.FixLocation.Template != "" {
			// A template file's blocks are named after their {{define}}s.
			for _, c := range chunks {
				if c.file == fx.FixLocation.File && c.kind == KindTemplate {
					fix, ok = c, true
				}
			}
		}
		if !ok {
			t.Errorf("%s: no chunk for the fix location %s %s", fx.ID, fx.FixLocation.File, fixSymbol)
			continue
		}
		if fx.Category != "app" || fx.PanicSite.Function == "" {
			continue
		}
		site, ok := chunks[fx.PanicSite.File+" "+fx.PanicSite.Function]
		if !ok {
			t.Errorf("%s: no chunk for the panic site %s %s", fx.ID, fx.PanicSite.File, fx.PanicSite.Function)
			continue
		}
		pkg := site.pkg + "."
		rep := &report.Report{
			Error: report.Error{Kind: report.KindPanic, Message: "failure in " + fx.ID},
			Frames: []report.Frame{{
				Function: pkg + fx.PanicSite.Function,
				File:     filepath.Join(root, filepath.FromSlash(site.file)),
				Line:     (site.start + site.end) / 2,
				Kind:     report.FrameApp,
			}},
		}
		got, err := r.Retrieve(context.Background(), rep)
		if err != nil {
			t.Fatalf("%s: %v", fx.ID, err)
		}
		rank := -1
		for i, c := range got {
			if c.File == fix.file && c.Symbol == fix.symbol {
				rank = i + 1
				break
			}
		}
		t.Logf("%-26s fix %-28s rank %d of %d", fx.ID, fix.symbol, rank, len(got))
		if rank < 0 {
			t.Errorf("%s: the fix location %s is not retrieved from a frame in %s", fx.ID, fix.symbol, fx.PanicSite.Function)
		}
	}
}
