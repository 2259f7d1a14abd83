package index

import (
	"context"
	"database/sql"
	"fmt"
	"strings"

	"github.com/explainerr/explainerr/explainerr/report"
)

// Defaults of RetrieverOptions.
const (
	DefaultK             = 4
	DefaultGraphLimit    = 6
	DefaultMaxChunkChars = 6000
	maxFrameAnchors      = 8
)

// RetrieverOptions configures a Retriever.
type RetrieverOptions struct {
	// Embedder embeds queries; nil means the embedder the index records
	// (the hash embedder, or an OpenAI-compatible one configured from the
	// environment). Another embedder than the index's is an error.
	Embedder Embedder
	// K is the number of chunks vector similarity adds after the anchored
	// and graph chunks; 0 means DefaultK, negative means none.
	K int
	// GraphLimit bounds the chunks added by the code-graph hop; 0 means
	// DefaultGraphLimit, negative means none.
	GraphLimit int
	// MaxChunkChars cuts the text of a single chunk; 0 means
	// DefaultMaxChunkChars.
	MaxChunkChars int
}

// Retriever finds the chunks of an index relevant to a failure. It is safe
// for concurrent use.
type Retriever struct {
	db    *sql.DB
	path  string
	meta  metadata
	emb   Embedder
	opts  RetrieverOptions
	files *fileSuffixes
	// vectors is the number of vectors, which decides how to search them.
	vectors int
}

// OpenRetriever opens the index at path read-only. A missing file is an
// error wrapping ErrNoIndex; a file that is not a usable index, or whose
// embedder differs from opts.Embedder, one wrapping ErrIncompatible.
func OpenRetriever(path string, opts RetrieverOptions) (*Retriever, error) {
	db, m, err := openIndex(path)
	if err != nil {
		return nil, err
	}
	r := &Retriever{db: db, path: path, meta: m, opts: opts}
	if err := r.init(); err != nil {
		db.Close()
		return nil, err
	}
	return r, nil
}

func (r *Retriever) init() error {
	switch {
	case r.opts.K == 0:
		r.opts.K = DefaultK
	case r.opts.K < 0:
		r.opts.K = 0
	}
	switch {
	case r.opts.GraphLimit == 0:
		r.opts.GraphLimit = DefaultGraphLimit
	case r.opts.GraphLimit < 0:
		r.opts.GraphLimit = 0
	}
	if r.opts.MaxChunkChars <= 0 {
		r.opts.MaxChunkChars = DefaultMaxChunkChars
	}
	r.emb = r.opts.Embedder
	if r.emb == nil {
		e, err := NewEmbedder(r.meta.Embedder, r.meta.Dims)
		if err != nil {
			return incompatible(r.path, "records embedder %s, which cannot be used here (%v)", r.meta.Embedder, err)
		}
		r.emb = e
	}
	if err := checkEmbedder(r.path, r.meta, r.emb); err != nil {
		return err
	}
	files, err := loadFileSuffixes(r.db)
	if err != nil {
		return r.broken(err)
	}
	r.files = files
	if err := r.db.QueryRow(`SELECT count(*) FROM chunks`).Scan(&r.vectors); err != nil {
		return r.broken(err)
	}
	return nil
}

// Close closes the index.
func (r *Retriever) Close() error { return r.db.Close() }

// Embedder returns the embedder queries are embedded with.
func (r *Retriever) Embedder() Embedder { return r.emb }

// broken wraps a query failure on the index with how to rebuild it.
func (r *Retriever) broken(err error) error {
	return fmt.Errorf("%w: reading index %s: %v; %s", ErrIncompatible, r.path, err, rebuildHint(r.path))
}

// Retrieve returns the chunks relevant to a failure, most relevant first:
// the chunks containing its app frames and the templates its message
// names (reason "frame"), then one hop along the code graph from them
// (reason "graph"), then up to K chunks by vector similarity to the
// failure (reason "similar"). Each chunk appears once and carries its text.
func (r *Retriever) Retrieve(ctx context.Context, rep *report.Report) ([]report.Chunk, error) {
	if rep == nil {
		return nil, fmt.Errorf("retrieve: no report")
	}
	sel := newSelection()
	anchors, err := r.frameAnchors(ctx, rep, sel)
	if err != nil {
		return nil, err
	}
	if err := r.templateAnchors(ctx, rep.Error, sel); err != nil {
		return nil, err
	}
	query := QueryText(rep)
	var qvec []float32
	if r.opts.K > 0 || r.opts.GraphLimit > 0 {
		if qvec, err = r.embedQuery(ctx, query); err != nil {
			return nil, err
		}
	}
	if r.opts.GraphLimit > 0 {
		if err := r.graphHop(ctx, rep, anchors, qvec, sel); err != nil {
			return nil, err
		}
	}
	if r.opts.K > 0 {
		if err := r.similar(ctx, qvec, r.opts.K, sel); err != nil {
			return nil, err
		}
	}
	return r.materialize(ctx, sel)
}

// Search returns the k chunks most similar to a free-text query.
func (r *Retriever) Search(ctx context.Context, query string, k int) ([]report.Chunk, error) {
	if strings.TrimSpace(query) == "" {
		return nil, fmt.Errorf("search: empty query")
	}
	if k <= 0 {
		k = DefaultK
	}
	qvec, err := r.embedQuery(ctx, query)
	if err != nil {
		return nil, err
	}
	sel := newSelection()
	if err := r.similar(ctx, qvec, k, sel); err != nil {
		return nil, err
	}
	return r.materialize(ctx, sel)
}

// embedQuery embeds one query text.
func (r *Retriever) embedQuery(ctx context.Context, query string) ([]float32, error) {
	vecs, err := r.emb.Embed(ctx, []string{query})
	if err != nil {
		return nil, fmt.Errorf("embedding the query with %s: %w", r.emb.Name(), err)
	}
	if len(vecs) != 1 || len(vecs[0]) != r.meta.Dims {
		return nil, incompatible(r.path, "holds %d-dimension vectors but the query embedder returned another size", r.meta.Dims)
	}
	return vecs[0], nil
}
