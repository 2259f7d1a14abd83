package index

import (
	"context"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"slices"
)

// writeIndex writes a build's changes to a copy of the index (or a new
// one) and renames it into place. It returns the number of chunks in the
// index and the number embedded.
func writeIndex(ctx context.Context, opts BuildOptions, prev previous, plan buildPlan, patterns string) (chunks, embedded int, err error) {
	dir := filepath.Dir(opts.Path)
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return 0, 0, fmt.Errorf("creating index directory: %w", err)
	}
	tmp, err := os.CreateTemp(dir, ".index-*.db.tmp")
	if err != nil {
		return 0, 0, fmt.Errorf("creating temporary index: %w", err)
	}
	tmpPath := tmp.Name()
	committed := false
	defer func() {
		if !committed {
			os.Remove(tmpPath)
			os.Remove(tmpPath + "-journal")
		}
	}()
	if prev.exists {
		if err := copyInto(tmp, opts.Path); err != nil {
			tmp.Close()
			return 0, 0, fmt.Errorf("copying index: %w", err)
		}
	}
	if err := tmp.Close(); err != nil {
		return 0, 0, err
	}

	db, err := openDB(tmpPath, false)
	if err != nil {
		return 0, 0, err
	}
	defer func() {
		if db != nil {
			db.Close()
		}
	}()
	db.SetMaxOpenConns(1)
	meta := metadata{Embedder: opts.Embedder.Name(), Dims: opts.Embedder.Dims(), Patterns: patterns}
	if !prev.exists {
		if meta.Dims == 0 {
			if meta.Dims, err = probeDims(ctx, opts.Embedder); err != nil {
				return 0, 0, err
			}
		}
		if err := createSchema(db, meta); err != nil {
			return 0, 0, err
		}
	} else {
		meta.Dims = prev.meta.Dims
	}

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
		if err := w.replaceFile(c.file, c.hash, c.skip, c.chunks); err != nil {
			return 0, 0, fmt.Errorf("indexing %s: %w", c.file.Rel, err)
		}
	}
	retyped, err := completeTypes(tx, w.touched)
	if err != nil {
		return 0, 0, fmt.Errorf("listing methods of types: %w", err)
	}
	for id, input := range retyped {
		w.pending[id] = input
	}
	if err := embedPending(ctx, w, opts, meta.Dims); err != nil {
		return 0, 0, err
	}
	if err := writeMeta(tx, meta); err != nil {
		return 0, 0, err
	}
	if err := tx.QueryRow(`SELECT count(*) FROM chunks`).Scan(&chunks); err != nil {
		return 0, 0, err
	}
	if err := tx.Commit(); err != nil {
		return 0, 0, fmt.Errorf("writing index: %w", err)
	}
	if err := db.Close(); err != nil {
		return 0, 0, err
	}
	db = nil
	if err := os.Rename(tmpPath, opts.Path); err != nil {
		return 0, 0, fmt.Errorf("moving the new index into place: %w", err)
	}
	committed = true
	return chunks, len(w.pending), nil
}

// embedPending embeds the queued chunks in batches and stores their vectors.
func embedPending(ctx context.Context, w *writer, opts BuildOptions, dims int) error {
	ids := make([]int64, 0, len(w.pending))
	for id := range w.pending {
		ids = append(ids, id)
	}
	slices.Sort(ids)
	for start := 0; start < len(ids); start += opts.EmbedBatch {
		opts.Progress("embedding", start, len(ids))
		batch := ids[start:min(start+opts.EmbedBatch, len(ids))]
		texts := make([]string, len(batch))
		for i, id := range batch {
			texts[i] = w.pending[id]
		}
		vecs, err := opts.Embedder.Embed(ctx, texts)
		if err != nil {
			return fmt.Errorf("embedding chunks with %s: %w", opts.Embedder.Name(), err)
		}
		if len(vecs) != len(batch) {
			return fmt.Errorf("embedder %s returned %d vectors for %d chunks", opts.Embedder.Name(), len(vecs), len(batch))
		}
		for i, id := range batch {
			if len(vecs[i]) != dims {
				return fmt.Errorf("embedder %s returned %d dimensions, the index holds %d; %s", opts.Embedder.Name(), len(vecs[i]), dims, rebuildHint(opts.Path))
			}
			if err := w.storeVector(id, vecs[i]); err != nil {
				return err
			}
		}
	}
	opts.Progress("embedding", len(ids), len(ids))
	return nil
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

// copyInto copies the file at src into dst.
func copyInto(dst *os.File, src string) error {
	in, err := os.Open(src)
	if err != nil {
		return err
	}
	defer in.Close()
	_, err = io.Copy(dst, in)
	return err
}
