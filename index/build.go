package index

import (
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"slices"
	"sync"
	"sync/atomic"
	"time"
)

// BuildOptions configures Build.
type BuildOptions struct {
	// Dir is the directory patterns are relative to; "" means the current one.
	Dir string
	// Patterns are go/packages patterns; empty means "./...". "./..." is
	// the whole module, from any directory of it; a narrower pattern
	// updates its part of the index and keeps the rest.
	Patterns []string
	// Path is the index file; "" means DefaultPath(Dir).
	Path string
	// Embedder embeds new chunks; nil means the hash embedder.
	Embedder Embedder
	// Tests includes _test.go files.
	Tests bool
	// Rebuild discards an existing index instead of updating it. A file
	// that is not an explainerr index is never discarded.
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
	// Removed counts files that were indexed but are gone from the part
	// of the module the patterns cover.
	Removed int
	// Skipped counts files left out: generated, or not parsable.
	Skipped int
	// Chunks counts the chunks in the index after the build.
	Chunks int
	// Embedded counts the chunks embedded by this build.
	Embedded int
	// Warnings explain skipped files.
	Warnings []string
	// Notes say what happened to the index file itself, such as an index
	// of an older explainerr being rebuilt.
	Notes []string
	// Duration is how long the build took.
	Duration time.Duration
}

// Build builds or updates the index of the Go packages, templates and SQL
// files matching opts.Patterns. Files whose content hash is unchanged are
// neither chunked nor embedded again, and an update changes only the rows
// of what changed, in one SQLite transaction: a failed build leaves the
// index as it was. The index file is recognised by its SQLite
// application_id; a file at opts.Path that is not an explainerr index is
// an error wrapping ErrNotIndex and is never written to, even with
// opts.Rebuild. An index built by an older explainerr is rebuilt (see
// BuildStats.Notes). An index reached through a symbolic link is written
// where the link points. "./..." is the whole module from any directory
// of it; a build of narrower patterns updates the files of its part and
// removes only those gone from it, keeping the rest of the index.
func Build(ctx context.Context, opts BuildOptions) (stats BuildStats, err error) {
	defer func() {
		// A cancelled build says so, rather than how the transaction
		// database/sql rolled back on cancellation failed next.
		if err != nil && ctx.Err() != nil && !errors.Is(err, ctx.Err()) {
			err = fmt.Errorf("index build stopped: %w", ctx.Err())
		}
	}()
	began := time.Now()
	if err := opts.defaults(); err != nil {
		return stats, err
	}
	root, err := ModuleRoot(opts.Dir)
	if err != nil {
		return stats, err
	}
	if wholeModule(opts.Patterns) {
		// The index is the module's: "./..." is the whole module
		// wherever it is run, and holds every other pattern.
		opts.Dir, opts.Patterns = root, []string{wholeModulePattern}
	}
	if opts.Path == "" {
		opts.Path = filepath.Join(root, filepath.FromSlash(DefaultRelPath))
	}
	stats.Path = opts.Path
	target, err := resolveIndexPath(opts.Path)
	if err != nil {
		return stats, err
	}

	prev, reset, notes, err := readPrevious(opts, target)
	if err != nil {
		return stats, err
	}
	stats.Notes = notes
	found, err := discover(ctx, opts.Dir, root, opts.Patterns, opts.Tests)
	if err != nil {
		return stats, err
	}
	stats.Warnings = append(stats.Warnings, found.Warnings...)
	stats.Files = len(found.Files)
	scope := scopeOf(opts.Dir, root, opts.Patterns, found.Files)
	patterns := scope.recordedPatterns(prev.meta.Patterns)

	var plan buildPlan
	var chunks, embedded int
	if !prev.exists {
		// A new index is written while its files are still being chunked.
		pl := startPlanning(ctx, found.Files, prev, embedAheadFor(opts))
		defer pl.stop()
		if chunks, embedded, err = createIndex(ctx, opts, target, reset, pl, patterns); err != nil {
			return stats, err
		}
		if plan, err = pl.collect(nil); err != nil {
			return stats, err
		}
	} else {
		if plan, err = planBuild(ctx, found.Files, prev, opts.Progress); err != nil {
			return stats, err
		}
		// A build of part of the module removes only what is gone from
		// that part.
		plan.removed = scope.keepOutside(plan.removed)
		if len(plan.changed) == 0 && len(plan.removed) == 0 && prev.meta.Patterns == patterns {
			chunks = prev.chunks
		} else if chunks, embedded, err = updateIndex(ctx, opts, target, prev, plan, patterns); err != nil {
			return stats, err
		}
	}
	stats.Changed, stats.Unchanged, stats.Removed = len(plan.changed), plan.unchanged, len(plan.removed)
	stats.Skipped = plan.skipped
	stats.Warnings = append(stats.Warnings, plan.warnings...)
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

// readPrevious reads what an existing index holds, or returns an empty
// previous when the index is to be built from scratch: there is none, the
// file is empty, a rebuild was asked for, or it is an index of another
// schema version. reset says that the file at target is an index to
// discard. A file that is not an explainerr index, or an index that cannot
// be updated (built with another embedder, unreadable), is an error.
func readPrevious(opts BuildOptions, target string) (p previous, reset bool, notes []string, err error) {
	p = previous{files: map[string]fileRecord{}}
	mark, err := inspectFile(target)
	if err != nil {
		return p, false, nil, err
	}
	switch mark.state {
	case stateMissing, stateEmpty:
		return p, false, nil, nil
	case stateForeign, stateNotSQLite:
		return p, false, nil, notIndexError(opts.Path, mark)
	case stateOlder:
		return p, true, []string{fmt.Sprintf("%s was built by an older explainerr (schema version %d); rebuilding it for schema version %d", opts.Path, mark.version, SchemaVersion)}, nil
	case stateNewer:
		if !opts.Rebuild {
			return p, false, nil, incompatible(opts.Path, "was built by a newer explainerr (schema version %d; this one writes %d)", mark.version, SchemaVersion)
		}
		return p, true, nil, nil
	}
	if opts.Rebuild {
		return p, true, nil, nil
	}
	db, m, err := openIndexAs(target, opts.Path)
	if err != nil {
		return p, false, nil, err
	}
	defer db.Close()
	if err := checkEmbedder(opts.Path, m, opts.Embedder); err != nil {
		return p, false, nil, err
	}
	rows, err := db.Query(`SELECT path, hash, skipped FROM files`)
	if err != nil {
		return p, false, nil, incompatible(opts.Path, "cannot be read (%v)", err)
	}
	defer rows.Close()
	for rows.Next() {
		var path string
		var r fileRecord
		if err := rows.Scan(&path, &r.hash, &r.skipped); err != nil {
			return p, false, nil, incompatible(opts.Path, "cannot be read (%v)", err)
		}
		p.files[path] = r
	}
	if err := rows.Err(); err != nil {
		return p, false, nil, incompatible(opts.Path, "cannot be read (%v)", err)
	}
	if err := db.QueryRow(`SELECT count(*) FROM chunks`).Scan(&p.chunks); err != nil {
		return p, false, nil, incompatible(opts.Path, "cannot be read (%v)", err)
	}
	p.exists, p.meta = true, m
	return p, false, nil, nil
}

// changedFile is a new or changed file, chunked.
type changedFile struct {
	file   sourceFile
	hash   string
	skip   string
	chunks []chunk
	data   []chunkData // data[i] is what is stored about chunks[i]
	// vecs[i] is chunks[i]'s vector when it was embedded ahead (see
	// embedAhead); nil otherwise, and empty for a type's chunk.
	vecs []encodedVector
}

// buildPlan is what must change in the index.
type buildPlan struct {
	changed   []changedFile
	removed   []string
	unchanged int
	skipped   int
	warnings  []string
}

// plannedFile is what planning found for one file.
type plannedFile struct {
	unchanged bool
	skipped   string // why the file is left out ("" when it is not)
	readErr   error
	embedErr  error
	changed   changedFile
}

// planBuild hashes every file, and chunks those that are new or changed,
// on all cores.
func planBuild(ctx context.Context, files []sourceFile, prev previous, progress func(string, int, int)) (buildPlan, error) {
	pl := startPlanning(ctx, files, prev, nil)
	defer pl.stop()
	return pl.collect(progress)
}

// planner plans the files of a build on all cores: each file is read,
// hashed and, when it is new or changed, chunked. Its results are taken in
// file order (result), while later files are still being planned, so that
// a new index is written as its files come.
type planner struct {
	files   []sourceFile
	prev    previous
	ahead   *embedAhead
	ctx     context.Context
	cancel  context.CancelFunc
	results []plannedFile
	ready   []chan struct{} // ready[i] is closed once results[i] is set
	wg      sync.WaitGroup
}

// startPlanning starts planning files against what prev holds; ahead,
// when not nil, embeds the chunks as they are made.
func startPlanning(ctx context.Context, files []sourceFile, prev previous, ahead *embedAhead) *planner {
	pl := &planner{files: files, prev: prev, ahead: ahead, results: make([]plannedFile, len(files)), ready: make([]chan struct{}, len(files))}
	pl.ctx, pl.cancel = context.WithCancel(ctx)
	for i := range pl.ready {
		pl.ready[i] = make(chan struct{})
	}
	var next atomic.Int64
	for range min(runtime.GOMAXPROCS(0), max(1, len(files))) {
		pl.wg.Go(func() {
			for {
				i := int(next.Add(1) - 1)
				if i >= len(files) || pl.ctx.Err() != nil {
					return
				}
				pl.results[i] = planFile(pl.ctx, files[i], prev, ahead)
				close(pl.ready[i])
			}
		})
	}
	return pl
}

// result waits for the plan of file i.
func (pl *planner) result(i int) (*plannedFile, error) {
	select {
	case <-pl.ready[i]:
		return &pl.results[i], nil
	case <-pl.ctx.Done():
		return nil, pl.ctx.Err()
	}
}

// stop cancels what is left of the planning and waits for it to end.
func (pl *planner) stop() {
	pl.cancel()
	pl.wg.Wait()
}

// collect waits for every file's plan, reporting progress (when not nil)
// as "chunking", and sums them up.
func (pl *planner) collect(progress func(string, int, int)) (buildPlan, error) {
	var plan buildPlan
	if progress != nil {
		progress("chunking", 0, len(pl.files))
	}
	seen := make(map[string]bool, len(pl.files))
	for i, f := range pl.files {
		r, err := pl.result(i)
		if err != nil {
			return plan, err
		}
		if progress != nil {
			progress("chunking", i+1, len(pl.files))
		}
		seen[f.Rel] = true
		switch {
		case r.readErr != nil:
			plan.skipped++
			plan.warnings = append(plan.warnings, fmt.Sprintf("skipped %s: %v", f.Rel, r.readErr))
			continue
		case r.skipped != "":
			plan.skipped++
			plan.warnings = appendSkipWarning(plan.warnings, f.Rel, r.skipped)
		}
		if r.unchanged {
			plan.unchanged++
		} else {
			plan.changed = append(plan.changed, r.changed)
		}
	}
	for path := range pl.prev.files {
		if !seen[path] {
			plan.removed = append(plan.removed, path)
		}
	}
	slices.Sort(plan.removed)
	return plan, nil
}

// planFile reads one file and, when it is new or changed, chunks it and
// prepares its chunks' data, embedding them when ahead is not nil.
func planFile(ctx context.Context, f sourceFile, prev previous, ahead *embedAhead) plannedFile {
	src, err := os.ReadFile(f.Abs)
	if err != nil {
		return plannedFile{readErr: err}
	}
	hash := contentHash(string(src))
	if old, ok := prev.files[f.Rel]; ok && old.hash == hash {
		return plannedFile{unchanged: true, skipped: old.skipped}
	}
	chunks, skip := chunkFile(f, src)
	data := make([]chunkData, len(chunks))
	for i := range chunks {
		data[i] = prepareChunk(&chunks[i])
	}
	p := plannedFile{skipped: skip, changed: changedFile{file: f, hash: hash, skip: skip, chunks: chunks, data: data}}
	if ahead != nil {
		p.changed.vecs, p.embedErr = ahead.embed(ctx, chunks, data)
	}
	return p
}

// appendSkipWarning adds a warning for a skipped file; generated files are
// skipped silently (they are counted).
func appendSkipWarning(warnings []string, rel, reason string) []string {
	if reason == "generated" {
		return warnings
	}
	return append(warnings, fmt.Sprintf("skipped %s: %s", rel, reason))
}
