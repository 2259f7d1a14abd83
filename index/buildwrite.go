package index

import (
	"context"
	"database/sql"
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"slices"
)

// SQLite page cache sizes of a build, in KiB. A new index is written in
// order and read little: a small cache lets SQLite write its pages out
// while files are still being chunked, rather than all at the commit. An
// update reads and rewrites rows all over the index.
const (
	newIndexCacheKiB = 2 << 10
	updateCacheKiB   = 64 << 10
)

// openWriteDB opens the index file at target for a build, creating it if
// needed, with a page cache of cacheKiB. SQLite's rollback journal makes
// each build's transaction atomic.
func openWriteDB(target string, cacheKiB int) (*sql.DB, error) {
	if err := os.MkdirAll(filepath.Dir(target), 0o700); err != nil {
		return nil, fmt.Errorf("creating index directory: %w", err)
	}
	// The index holds the app's source: a new one is readable by its
	// owner only (SQLite gives its journal the same mode).
	if f, err := os.OpenFile(target, os.O_WRONLY|os.O_CREATE|os.O_EXCL, 0o600); err == nil {
		f.Close()
	}
	db, err := openDB(target, false)
	if err != nil {
		return nil, err
	}
	db.SetMaxOpenConns(1)
	for _, p := range []string{fmt.Sprintf(`PRAGMA cache_size = -%d`, cacheKiB), `PRAGMA temp_store = MEMORY`} {
		if _, err := db.Exec(p); err != nil {
			db.Close()
			return nil, fmt.Errorf("opening index %s: %w", target, err)
		}
	}
	return db, nil
}

// createIndex writes a new index into target (a missing or empty file,
// or, when reset, an index being rebuilt, which is emptied first) from the
// files pl plans, as they come: each chunk's row, identifiers and terms,
// and its vector when it was embedded ahead. A type's chunk is written
// once every chunk is known, with its methods listed; chunks not embedded
// ahead are embedded then. Everything is written in one transaction;
// secondary indexes are built after the rows. It returns the number of
// chunks, all of them embedded.
func createIndex(ctx context.Context, opts BuildOptions, target string, reset bool, pl *planner, patterns string) (chunks, embedded int, err error) {
	meta := metadata{Embedder: opts.Embedder.Name(), Dims: opts.Embedder.Dims(), Patterns: patterns}
	if meta.Dims == 0 {
		if meta.Dims, err = probeDims(ctx, opts.Embedder); err != nil {
			return 0, 0, err
		}
	}
	if reset {
		if err := emptyIndexFile(target); err != nil {
			return 0, 0, err
		}
	}
	db, err := openWriteDB(target, newIndexCacheKiB)
	if err != nil {
		return 0, 0, err
	}
	defer db.Close()
	tx, err := db.BeginTx(ctx, nil)
	if err != nil {
		return 0, 0, err
	}
	defer tx.Rollback()
	if err := createTables(tx, meta); err != nil {
		return 0, 0, err
	}
	w := newWriter(tx)
	w.bulk = newBulkRows()

	// A type's chunk, written last.
	type typeChunk struct {
		at int // in all
		c  *chunk
		d  *chunkData
	}
	var all []*chunk
	var types []typeChunk
	var ids []int64 // chunks to embed now, and their inputs
	var inputs []string
	opts.Progress("chunking", 0, len(pl.files))
	for i := range pl.files {
		r, err := pl.result(i)
		if err != nil {
			return 0, 0, err
		}
		opts.Progress("chunking", i+1, len(pl.files))
		if r.readErr != nil {
			continue
		}
		if r.embedErr != nil {
			return 0, 0, r.embedErr
		}
		f := &r.changed
		for j := range f.chunks {
			c, d := &f.chunks[j], &f.data[j]
			id := int64(len(all) + 1)
			all = append(all, c)
			if c.Kind == KindType {
				types = append(types, typeChunk{at: len(all) - 1, c: c, d: d})
			} else if err := w.insertChunkRow(id, c, d, c.Text, d.srcHash); err != nil {
				return 0, 0, err
			}
			if err := w.addChunkTerms(id, c, d); err != nil {
				return 0, 0, err
			}
			switch {
			case c.Kind == KindType:
			case f.vecs != nil:
				if err := w.storeEncoded(id, f.vecs[j]); err != nil {
					return 0, 0, err
				}
			default:
				ids, inputs = append(ids, id), append(inputs, d.input)
			}
		}
		if err := w.exec(sqlPutFile, f.file.Rel, f.hash, f.file.Pkg, f.skip); err != nil {
			return 0, 0, err
		}
		f.release()
	}
	texts := typeTexts(all)
	for _, t := range types {
		text, hash, input := t.c.Text, t.d.srcHash, t.d.input
		if done, ok := texts[t.at]; ok && done != text {
			text, input = done, embedInput(t.c.File, t.c.Package, t.c.Symbol, done)
			hash = contentHash(input)
		}
		id := int64(t.at + 1)
		if err := w.insertChunkRow(id, t.c, t.d, text, hash); err != nil {
			return 0, 0, err
		}
		ids, inputs = append(ids, id), append(inputs, input)
	}
	if err := embedAndStore(ctx, w, opts, meta.Dims, ids, inputs, w.flushBulk); err != nil {
		return 0, 0, err
	}
	if err := w.flush(); err != nil {
		return 0, 0, err
	}
	if err := writeTermTotal(tx, w.termDelta); err != nil {
		return 0, 0, err
	}
	if err := createIndexes(tx); err != nil {
		return 0, 0, err
	}
	if err := tx.Commit(); err != nil {
		return 0, 0, fmt.Errorf("writing index: %w", err)
	}
	return len(all), len(all), nil
}

// emptyIndexFile empties an index file that is being rebuilt, keeping the
// file (and a symbolic link to it), and removes a journal left by a crash.
// It is only ever called on a file recognised as an explainerr index.
func emptyIndexFile(target string) error {
	for _, side := range []string{"-journal", "-wal", "-shm"} {
		if err := os.Remove(target + side); err != nil && !os.IsNotExist(err) {
			return fmt.Errorf("emptying index %s: %w", target, err)
		}
	}
	if err := os.Truncate(target, 0); err != nil {
		return fmt.Errorf("emptying index %s: %w", target, err)
	}
	return nil
}

// updateIndex applies a build's changes to an existing index in place, in
// one transaction touching only the rows of what changed. It returns the
// number of chunks in the index and the number embedded.
func updateIndex(ctx context.Context, opts BuildOptions, target string, prev previous, plan buildPlan, patterns string) (chunks, embedded int, err error) {
	meta := metadata{Embedder: opts.Embedder.Name(), Dims: prev.meta.Dims, Patterns: patterns}
	db, err := openWriteDB(target, updateCacheKiB)
	if err != nil {
		return 0, 0, err
	}
	defer db.Close()
	tx, err := db.BeginTx(ctx, nil)
	if err != nil {
		return 0, 0, err
	}
	defer tx.Rollback()
	w := newWriter(tx)
	for _, rel := range plan.removed {
		if err := w.removeFile(rel); err != nil {
			return 0, 0, fmt.Errorf("removing %s from the index: %w", rel, err)
		}
	}
	for _, c := range plan.changed {
		if err := w.replaceFile(c); err != nil {
			return 0, 0, fmt.Errorf("indexing %s: %w", c.file.Rel, err)
		}
	}
	if err := w.completeTypes(); err != nil {
		return 0, 0, fmt.Errorf("listing methods of types: %w", err)
	}
	ids := make([]int64, 0, len(w.pending))
	for id := range w.pending {
		ids = append(ids, id)
	}
	slices.Sort(ids)
	inputs := make([]string, len(ids))
	for i, id := range ids {
		inputs[i] = w.pending[id]
	}
	if err := embedAndStore(ctx, w, opts, meta.Dims, ids, inputs, nil); err != nil {
		return 0, 0, err
	}
	if err := w.flush(); err != nil {
		return 0, 0, err
	}
	if err := writeMeta(tx, meta); err != nil {
		return 0, 0, err
	}
	if err := updateTermTotal(tx, prev.meta.TermTotal, w.termDelta); err != nil {
		return 0, 0, err
	}
	if err := tx.QueryRow(`SELECT count(*) FROM chunks`).Scan(&chunks); err != nil {
		return 0, 0, err
	}
	if err := tx.Commit(); err != nil {
		return 0, 0, fmt.Errorf("writing index: %w", err)
	}
	return chunks, len(ids), nil
}

// embeddedBatch is one batch of vectors, encoded, or why it failed.
type embeddedBatch struct {
	vecs []encodedVector
	err  error
}

// embedAndStore embeds inputs[i] for chunk ids[i] in batches and stores
// the vectors. Batches are embedded and encoded ahead on other cores (the
// offline embedder) or one at a time (an embedding service), while the
// vectors of earlier batches are written.
// meanwhile, when not nil, runs on the calling goroutine once embedding
// has started.
func embedAndStore(ctx context.Context, w *writer, opts BuildOptions, dims int, ids []int64, inputs []string, meanwhile func() error) error {
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	workers := 1
	if _, local := opts.Embedder.(*HashEmbedder); local {
		workers = runtime.GOMAXPROCS(0)
	}
	size := opts.EmbedBatch
	nBatches := (len(ids) + size - 1) / size
	results := make([]chan embeddedBatch, nBatches)
	for b := range results {
		results[b] = make(chan embeddedBatch, 1)
	}
	slots := make(chan struct{}, workers) // batches embedded ahead of the writer
	go func() {
		for b := range nBatches {
			select {
			case slots <- struct{}{}:
			case <-ctx.Done():
				return
			}
			go func() {
				lo, hi := b*size, min((b+1)*size, len(ids))
				results[b] <- embedBatch(ctx, opts, dims, inputs[lo:hi])
			}()
		}
	}()
	if meanwhile != nil {
		if err := meanwhile(); err != nil {
			return err
		}
	}
	for b := range nBatches {
		opts.Progress("embedding", b*size, len(ids))
		var r embeddedBatch
		select {
		case r = <-results[b]:
		case <-ctx.Done():
			return ctx.Err()
		}
		<-slots
		if r.err != nil {
			return r.err
		}
		for i, ev := range r.vecs {
			if err := w.storeEncoded(ids[b*size+i], ev); err != nil {
				return err
			}
		}
	}
	opts.Progress("embedding", len(ids), len(ids))
	return nil
}

// embedBatch embeds and encodes one batch of texts.
func embedBatch(ctx context.Context, opts BuildOptions, dims int, texts []string) embeddedBatch {
	vecs, err := opts.Embedder.Embed(ctx, texts)
	if err != nil {
		return embeddedBatch{err: fmt.Errorf("embedding chunks with %s: %w", opts.Embedder.Name(), err)}
	}
	if len(vecs) != len(texts) {
		return embeddedBatch{err: fmt.Errorf("embedder %s returned %d vectors for %d chunks", opts.Embedder.Name(), len(vecs), len(texts))}
	}
	out := make([]encodedVector, len(vecs))
	for i, v := range vecs {
		if len(v) != dims {
			return embeddedBatch{err: fmt.Errorf("embedder %s returned %d dimensions, the index holds %d; %s", opts.Embedder.Name(), len(v), dims, rebuildHint(opts.Path))}
		}
		if out[i], err = encodeChunkVector(v); err != nil {
			return embeddedBatch{err: err}
		}
	}
	return embeddedBatch{vecs: out}
}

// probeDims learns an embedder's dimensions by embedding one word.
func probeDims(ctx context.Context, e Embedder) (int, error) {
	v, err := e.Embed(ctx, []string{"dimension probe"})
	if err != nil {
		return 0, fmt.Errorf("embedding with %s: %w", e.Name(), err)
	}
	if len(v) != 1 || len(v[0]) == 0 {
		return 0, fmt.Errorf("embedder %s returned no vector", e.Name())
	}
	return len(v[0]), nil
}

// updateTermTotal records the sum of the chunks' term_count after an
// update that changed it by delta, adding up the chunks when the index did
// not record it (total < 0).
func updateTermTotal(tx *sql.Tx, total, delta int64) error {
	if total < 0 {
		if err := tx.QueryRow(`SELECT coalesce(sum(term_count), 0) FROM chunks`).Scan(&total); err != nil {
			return fmt.Errorf("adding up chunk lengths: %w", err)
		}
		delta = 0
	}
	return writeTermTotal(tx, total+delta)
}

// release drops what a new index has written of f's chunks, keeping what
// is still needed once every file is written: a type's chunk and data
// (written last), and of the others what typeTexts reads.
func (f *changedFile) release() {
	f.vecs = nil
	for j := range f.chunks {
		c := &f.chunks[j]
		if c.Kind == KindType {
			continue
		}
		c.Text = ""
		c.Declares, c.References, c.Calls, c.Returns = nil, nil, nil, nil
		f.data[j] = chunkData{}
	}
}
