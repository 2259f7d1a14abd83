//go:build cgo

package main

import (
	"context"
	"flag"
	"fmt"
	"io"
	"os"
	"os/signal"
	"path/filepath"
	"runtime/debug"
	"time"

	"github.com/schollz/progressbar/v3"
	"golang.org/x/term"

	"github.com/explainerr/explainerr/index"
	"github.com/explainerr/explainerr/index/openaiembed"
)

// maxWarnings bounds the warnings printed by one index build.
const maxWarnings = 20

// indexGCPercent is the garbage collector's target while building an index.
const indexGCPercent = 200

func runIndex(args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("explainerr index", flag.ContinueOnError)
	fs.SetOutput(stderr)
	dbPath := fs.String("db", "", "index file (default .explainerr/index.db at the module root)")
	embedder := fs.String("embedder", "hash", "embedder: hash (offline) or openai (OPENAI_BASE_URL, OPENAI_API_KEY)")
	model := fs.String("model", "", "embeddings model for -embedder openai (default $EXPLAINERR_EMBED_MODEL or "+openaiembed.DefaultModel+")")
	tests := fs.Bool("tests", false, "index _test.go files too")
	rebuild := fs.Bool("rebuild", false, "discard the existing index and build it again (a file that is not an explainerr index is never touched)")
	fs.Usage = func() {
		fmt.Fprintln(stderr, "usage: explainerr index [-db FILE] [-embedder hash|openai] [-model NAME] [-tests] [-rebuild] [PATTERN ...]")
		fs.PrintDefaults()
	}
	if err := fs.Parse(args); err != nil {
		return 2
	}
	emb, err := newEmbedder(*embedder, *model)
	if err != nil {
		fmt.Fprintf(stderr, "explainerr index: %v\n", err)
		return 2
	}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
	defer stop()
	// A build allocates much short-lived garbage (parsed files, chunk
	// texts); collecting less often trades some memory for time.
	defer debug.SetGCPercent(debug.SetGCPercent(indexGCPercent))

	opts := index.BuildOptions{
		Patterns: fs.Args(),
		Path:     *dbPath,
		Embedder: emb,
		Tests:    *tests,
		Rebuild:  *rebuild,
	}
	bar := newProgress(stderr)
	opts.Progress = bar.update
	stats, err := index.Build(ctx, opts)
	bar.finish()
	for _, n := range stats.Notes {
		fmt.Fprintf(stderr, "explainerr index: %s\n", n)
	}
	if err != nil {
		fmt.Fprintf(stderr, "explainerr index: %v\n", err)
		return 1
	}
	for i, w := range stats.Warnings {
		if i == maxWarnings {
			fmt.Fprintf(stderr, "explainerr index: ... and %d more warnings\n", len(stats.Warnings)-maxWarnings)
			break
		}
		fmt.Fprintf(stderr, "explainerr index: warning: %s\n", w)
	}
	fmt.Fprintln(stdout, summary(stats))
	return 0
}

// newEmbedder returns the embedder a -embedder flag names.
func newEmbedder(name, model string) (index.Embedder, error) {
	switch name {
	case "hash":
		return index.NewHashEmbedder(index.HashDims)
	case "openai":
		return openaiembed.New(openaiembed.Options{Model: model})
	}
	return nil, fmt.Errorf("unknown embedder %q: want hash or openai", name)
}

// summary is the one-line account of a build.
func summary(s index.BuildStats) string {
	path := s.Path
	if wd, err := os.Getwd(); err == nil {
		if rel, err := filepath.Rel(wd, s.Path); err == nil && len(rel) < len(path) {
			path = rel
		}
	}
	took := s.Duration.Round(time.Millisecond)
	if s.Embedded == 0 && s.Changed == 0 && s.Removed == 0 {
		return fmt.Sprintf("index up to date: %d files (%d skipped), %d chunks, nothing embedded, %v -> %s",
			s.Files, s.Skipped, s.Chunks, took, path)
	}
	embedded := fmt.Sprintf("%d embedded", s.Embedded)
	if s.Embedded == 0 {
		embedded = "nothing embedded"
	}
	return fmt.Sprintf("indexed %d files (%d changed, %d unchanged, %d removed, %d skipped): %d chunks, %s, %v -> %s",
		s.Files, s.Changed, s.Unchanged, s.Removed, s.Skipped, s.Chunks, embedded, took, path)
}

// progress draws a progress bar per build stage when w is a terminal and
// draws nothing otherwise.
type progress struct {
	w     io.Writer
	on    bool
	stage string
	bar   *progressbar.ProgressBar
}

func newProgress(w io.Writer) *progress {
	f, ok := w.(*os.File)
	return &progress{w: w, on: ok && term.IsTerminal(int(f.Fd()))}
}

func (p *progress) update(stage string, done, total int) {
	if !p.on || total == 0 {
		return
	}
	if stage != p.stage || p.bar == nil {
		p.finish()
		p.stage = stage
		p.bar = progressbar.NewOptions(total,
			progressbar.OptionSetWriter(p.w),
			progressbar.OptionSetDescription(stage),
			progressbar.OptionShowCount(),
			progressbar.OptionSetWidth(30),
			progressbar.OptionThrottle(100*time.Millisecond),
			progressbar.OptionClearOnFinish(),
		)
	}
	_ = p.bar.Set(done)
}

func (p *progress) finish() {
	if p.bar != nil {
		_ = p.bar.Finish()
		p.bar = nil
	}
}
