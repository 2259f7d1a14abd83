package index

import (
	"context"
	"database/sql"
	"fmt"
	"strings"
	"sync"

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
	// ExactVectors computes the vector part of the ranking by an exact
	// scan of every vector instead of through the shortlist of a large
	// index: the same ranking, without the approximation, for comparison.
	ExactVectors bool
}

// Retriever finds the chunks of an index relevant to a failure. It is safe
// for concurrent use.
type Retriever struct {
	db   *sql.DB
	path string
	meta metadata
	emb  Embedder
	opts RetrieverOptions
	// files are the paths of the indexed files, read on the first
	// retrieval that matches frames to them.
	files struct {
		once sync.Once
		err  error
		*fileSuffixes
	}
	// vectors is the number of vectors; more than exactLimit are searched
	// through the shortlist.
	vectors    int
	exactLimit int
	// avgTerms is the mean length of a chunk in terms, for lexical ranking.
	avgTerms float64
	stmts    retrieverStmts
	// codes are the shortlist codes, read on the first shortlist search.
	codes codeTable
}

// retrieverStmts are the statements a Retriever prepares once.
type retrieverStmts struct {
	termDF       *sql.Stmt // the number of chunks with a term
	termPostings *sql.Stmt // the posting list of a term: the chunks with it, and its weight in each
	namedChunks  *sql.Stmt // the first parts of the chunks declaring a name
}

func (s *retrieverStmts) close() {
	for _, st := range []*sql.Stmt{s.termDF, s.termPostings, s.namedChunks} {
		if st != nil {
			st.Close()
		}
	}
}

// OpenRetriever opens the index at path read-only. A missing file is an
// error wrapping ErrNoIndex; a file that is not a usable index, or whose
// embedder differs from opts.Embedder, one wrapping ErrIncompatible.
func OpenRetriever(path string, opts RetrieverOptions) (*Retriever, error) {
	db, m, err := openIndex(path)
	if err != nil {
		return nil, err
	}
	r := &Retriever{db: db, path: path, meta: m, opts: opts, exactLimit: exactSearchLimit}
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
	if err := r.checkShortlistScheme(); err != nil {
		return err
	}
	if err := r.db.QueryRow(`SELECT count(*) FROM chunks`).Scan(&r.vectors); err != nil {
		return r.broken(err)
	}
	var err error
	switch {
	case r.meta.TermTotal >= 0 && r.vectors > 0:
		r.avgTerms = float64(r.meta.TermTotal) / float64(r.vectors)
	case r.meta.TermTotal < 0:
		if r.avgTerms, err = meanTermCount(r.db); err != nil {
			return r.broken(err)
		}
	}
	if r.stmts.termDF, err = r.db.Prepare(sqlTermDF); err != nil {
		return r.broken(err)
	}
	if r.stmts.termPostings, err = r.db.Prepare(sqlTermPostings); err != nil {
		r.stmts.close()
		return r.broken(err)
	}
	if r.stmts.namedChunks, err = r.db.Prepare(`SELECT c.id, c.symbol FROM ` + sqlIdentChunks + ` JOIN chunks c ON c.id = j.value
		WHERE p.key = ? AND c.part = 0 LIMIT ?`); err != nil {
		r.stmts.close()
		return r.broken(err)
	}
	return nil
}

// checkShortlistScheme rejects an index whose shortlist codes were made
// another way than the queries' (an index written by an older explainerr).
func (r *Retriever) checkShortlistScheme() error {
	var scheme string
	err := r.db.QueryRow(`SELECT value FROM meta WHERE key = ?`, shortlistMetaKey).Scan(&scheme)
	if err != nil && err != sql.ErrNoRows {
		return r.broken(err)
	}
	if scheme != shortlistScheme {
		if scheme == "" {
			scheme = "sign codes"
		}
		return incompatible(r.path, "holds search codes of an older kind (%s, this explainerr reads %s)", scheme, shortlistScheme)
	}
	return nil
}

// Close closes the index.
func (r *Retriever) Close() error {
	r.stmts.close()
	return r.db.Close()
}

// broken wraps a query failure on the index with how to rebuild it.
func (r *Retriever) broken(err error) error {
	return fmt.Errorf("%w: reading index %s: %v; %s", ErrIncompatible, r.path, err, rebuildHint(r.path))
}

// Retrieve returns the chunks relevant to a failure, most relevant first:
// the chunks containing its app frames and the templates its message
// names (reason "frame"), then one hop along the code graph from them
// (reason "graph"), then up to K chunks by vector similarity to the
// failure (reason "similar"), ranked as Search ranks. Each chunk appears
// once and carries its text.
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
		if err := r.similar(ctx, query, qvec, r.opts.K, sel); err != nil {
			return nil, err
		}
	}
	return r.materialize(ctx, sel)
}

// Search returns the k chunks that best match a free-text query: the
// chunks nearest to it by vector similarity fused with the chunks whose
// identifiers, path, comments and strings share its words (reciprocal rank
// fusion), best first. Words and identifiers alike match: "NewServer" and
// "new server" find the same chunks.
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
	if err := r.similar(ctx, query, qvec, k, sel); err != nil {
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
