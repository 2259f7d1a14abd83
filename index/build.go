package index

import (
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"time"
)

// BuildOptions configures Build.
type BuildOptions struct {
	// Dir is the directory patterns are relative to; "" means the current one.
	Dir string
	// Patterns are go/packages patterns; empty means "./...".
	Patterns []string
	// Path is the index file; "" means DefaultPath(Dir).
	Path string
	// Embedder embeds new chunks; nil means the hash embedder.
	Embedder Embedder
	// Tests includes _test.go files.
	Tests bool
	// Rebuild discards an existing index instead of updating it.
	Rebuild bool
	// Progress, when set, is called as files are chunked (stage
	// "chunking") and chunks embedded (stage "embedding").
	Progress func(stage string, done, total int)
	// EmbedBatch is the number of chunks embedded per call; 0 means 64.
	EmbedBatch int
}

// BuildStats says what a build did.
type BuildStats struct {
	// Path is the index file written (or found up to date).
	Path string
	// Files counts the files the patterns matched.
	Files int
	// Changed counts new or changed files, which were chunked again.
	Changed int
	// Unchanged counts files whose content hash matched the index.
	Unchanged int
	// Removed counts files that were indexed but are gone.
	Removed int
	// Skipped counts files left out: generated, or not parsable.
	Skipped int
	// Chunks counts the chunks in the index after the build.
	Chunks int
	// Embedded counts the chunks embedded by this build.
	Embedded int
	// Warnings explain skipped files.
	Warnings []string
	// Duration is how long the build took.
	Duration time.Duration
}

// Build builds or updates the index of the Go packages, templates and SQL
// files matching opts.Patterns. Files whose content hash is unchanged are
// neither chunked nor embedded again. The new index is written to a
// temporary file next to the index and renamed into place, so a failed
// build leaves the old index as it was.
func Build(ctx context.Context, opts BuildOptions) (BuildStats, error) {
	began := time.Now()
	stats := BuildStats{}
	if err := opts.defaults(); err != nil {
		return stats, err
	}
	root, err := ModuleRoot(opts.Dir)
	if err != nil {
		return stats, err
	}
	if opts.Path == "" {
		opts.Path = filepath.Join(root, filepath.FromSlash(DefaultRelPath))
	}
	stats.Path = opts.Path

	prev, err := readPrevious(opts)
	if err != nil {
		return stats, err
	}
	found, err := discover(ctx, opts.Dir, root, opts.Patterns, opts.Tests)
	if err != nil {
		return stats, err
	}
	stats.Warnings = append(stats.Warnings, found.Warnings...)
	plan, err := planBuild(ctx, found.Files, prev, opts.Progress)
	if err != nil {
		return stats, err
	}
	stats.Files = len(found.Files)
	stats.Changed, stats.Unchanged, stats.Removed = len(plan.changed), plan.unchanged, len(plan.removed)
	stats.Skipped = plan.skipped
	stats.Warnings = append(stats.Warnings, plan.warnings...)

	patterns := strings.Join(opts.Patterns, " ")
	if prev.exists && len(plan.changed) == 0 && len(plan.removed) == 0 && prev.meta.Patterns == patterns {
		stats.Chunks = prev.chunks
		stats.Duration = time.Since(began)
		return stats, nil
	}
	chunks, embedded, err := writeIndex(ctx, opts, prev, plan, patterns)
	if err != nil {
		return stats, err
	}
	stats.Chunks, stats.Embedded = chunks, embedded
	stats.Duration = time.Since(began)
	return stats, nil
}

func (o *BuildOptions) defaults() error {
	if o.Dir == "" {
		wd, err := os.Getwd()
		if err != nil {
			return err
		}
		o.Dir = wd
	}
	abs, err := filepath.Abs(o.Dir)
	if err != nil {
		return err
	}
	o.Dir = abs
	if len(o.Patterns) == 0 {
		o.Patterns = []string{"./..."}
	}
	if o.Embedder == nil {
		h, err := NewHashEmbedder(HashDims)
		if err != nil {
			return err
		}
		o.Embedder = h
	}
	if o.EmbedBatch <= 0 {
		o.EmbedBatch = 64
	}
	if o.Progress == nil {
		o.Progress = func(string, int, int) {}
	}
	return nil
}

// previous is what an existing index holds.
type previous struct {
	exists bool
	meta   metadata
	files  map[string]fileRecord
	chunks int
}

type fileRecord struct{ hash, skipped string }

// readPrevious reads an existing index's file hashes, or returns an empty
// previous for a rebuild or a missing file. An existing file that is not a
// usable index, or was built with another embedder, is an error.
func readPrevious(opts BuildOptions) (previous, error) {
	p := previous{files: map[string]fileRecord{}}
	if opts.Rebuild {
		return p, nil
	}
	db, m, err := openIndex(opts.Path)
	if errors.Is(err, ErrNoIndex) {
		return p, nil
	}
	if err != nil {
		return p, err
	}
	defer db.Close()
	if err := checkEmbedder(opts.Path, m, opts.Embedder); err != nil {
		return p, err
	}
	rows, err := db.Query(`SELECT path, hash, skipped FROM files`)
	if err != nil {
		return p, incompatible(opts.Path, "cannot be read (%v)", err)
	}
	defer rows.Close()
	for rows.Next() {
		var path string
		var r fileRecord
		if err := rows.Scan(&path, &r.hash, &r.skipped); err != nil {
			return p, incompatible(opts.Path, "cannot be read (%v)", err)
		}
		p.files[path] = r
	}
	if err := rows.Err(); err != nil {
		return p, incompatible(opts.Path, "cannot be read (%v)", err)
	}
	if err := db.QueryRow(`SELECT count(*) FROM chunks`).Scan(&p.chunks); err != nil {
		return p, incompatible(opts.Path, "cannot be read (%v)", err)
	}
	p.exists, p.meta = true, m
	return p, nil
}

// changedFile is a new or changed file, chunked.
type changedFile struct {
	file   sourceFile
	hash   string
	skip   string
	chunks []chunk
}

// buildPlan is what must change in the index.
type buildPlan struct {
	changed   []changedFile
	removed   []string
	unchanged int
	skipped   int
	warnings  []string
}

// planBuild hashes every file, and chunks those that are new or changed.
func planBuild(ctx context.Context, files []sourceFile, prev previous, progress func(string, int, int)) (buildPlan, error) {
	var plan buildPlan
	seen := make(map[string]bool, len(files))
	for i, f := range files {
		if err := ctx.Err(); err != nil {
			return plan, err
		}
		progress("chunking", i, len(files))
		seen[f.Rel] = true
		src, err := os.ReadFile(f.Abs)
		if err != nil {
			plan.skipped++
			plan.warnings = append(plan.warnings, fmt.Sprintf("skipped %s: %v", f.Rel, err))
			continue
		}
		hash := contentHash(string(src))
		if old, ok := prev.files[f.Rel]; ok && old.hash == hash {
			plan.unchanged++
			if old.skipped != "" {
				plan.skipped++
				plan.warnings = appendSkipWarning(plan.warnings, f.Rel, old.skipped)
			}
			continue
		}
		chunks, skip := chunkFile(f, src)
		if skip != "" {
			plan.skipped++
			plan.warnings = appendSkipWarning(plan.warnings, f.Rel, skip)
		}
		plan.changed = append(plan.changed, changedFile{file: f, hash: hash, skip: skip, chunks: chunks})
	}
	progress("chunking", len(files), len(files))
	for path := range prev.files {
		if !seen[path] {
			plan.removed = append(plan.removed, path)
		}
	}
	slices.Sort(plan.removed)
	return plan, nil
}

// appendSkipWarning adds a warning for a skipped file; generated files are
// skipped silently (they are counted).
func appendSkipWarning(warnings []string, rel, reason string) []string {
	if reason == "generated" {
		return warnings
	}
	return append(warnings, fmt.Sprintf("skipped %s: %s", rel, reason))
}
