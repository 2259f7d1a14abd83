// Package openaiembed embeds an index's chunks, and the queries made of it,
// through an OpenAI-compatible /embeddings endpoint (OpenAI, Ollama, vLLM,
// llama.cpp server...). Importing it registers the "openai" embedder with
// package index, the way database/sql drivers register:
//
//	import _ "github.com/explainerr/explainerr/index/openaiembed"
//
// The explainerr command links it, so that "explainerr index -embedder
// openai" works; an app that retrieves from an index built that way links
// it too, since its queries must be embedded by the same model. An app
// whose index uses the offline embedder (the default) does not, and so
// does not link the OpenAI client.
package openaiembed

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"os"
	"sync"
	"time"

	"github.com/openai/openai-go/v3"
	"github.com/openai/openai-go/v3/option"

	"github.com/explainerr/explainerr/index"
)

func init() {
	index.RegisterEmbedder("openai", func(model string, dims int) (index.Embedder, error) {
		return New(Options{Model: model, Dims: dims})
	})
}

// DefaultModel is the embeddings model used when none is named.
const DefaultModel = "text-embedding-3-small"

// knownEmbeddingDims are the vector sizes of well-known embeddings models.
var knownEmbeddingDims = map[string]int{
	"text-embedding-3-small": 1536,
	"text-embedding-3-large": 3072,
	"text-embedding-ada-002": 1536,
	"nomic-embed-text":       768,
	"mxbai-embed-large":      1024,
	"all-minilm":             384,
}

// Options configures an Embedder. Empty fields take their
// defaults from the environment: OPENAI_API_KEY, OPENAI_BASE_URL, and
// EXPLAINERR_EMBED_MODEL for the model.
type Options struct {
	// Model is the embeddings model; empty means EXPLAINERR_EMBED_MODEL or
	// text-embedding-3-small.
	Model string
	// BaseURL is the server's API root, such as "http://localhost:11434/v1".
	BaseURL string
	// APIKey is sent as a bearer token; may be empty for local servers.
	APIKey string
	// Dims is the expected vector length; 0 means the model's known size,
	// or, for an unknown model, whatever the first answer has.
	Dims int
	// BatchSize is the number of texts per request; 0 means 64.
	BatchSize int
	// MaxRetries bounds the retries of a request answered 429 or 5xx, or
	// failing in transport; 0 means 3, negative means none.
	MaxRetries int
	// RetryBackoff is the first wait between retries, doubled each time;
	// 0 means 500ms.
	RetryBackoff time.Duration
	// HTTPClient is the client to use; nil means http.DefaultClient.
	HTTPClient *http.Client
}

// Embedder embeds through an OpenAI-compatible /embeddings endpoint
// (OpenAI, Ollama, vLLM, llama.cpp server...), in batches, with bounded
// retries, checking that every vector has the expected length.
type Embedder struct {
	client openai.Client
	opts   Options

	mu   sync.Mutex
	dims int
}

// New returns an embedder for opts.
func New(opts Options) (*Embedder, error) {
	if opts.Model == "" {
		opts.Model = os.Getenv("EXPLAINERR_EMBED_MODEL")
	}
	if opts.Model == "" {
		opts.Model = DefaultModel
	}
	if opts.BaseURL == "" {
		opts.BaseURL = os.Getenv("OPENAI_BASE_URL")
	}
	if opts.APIKey == "" {
		opts.APIKey = os.Getenv("OPENAI_API_KEY")
	}
	if opts.BatchSize <= 0 {
		opts.BatchSize = 64
	}
	if opts.MaxRetries == 0 {
		opts.MaxRetries = 3
	}
	if opts.RetryBackoff <= 0 {
		opts.RetryBackoff = 500 * time.Millisecond
	}
	if opts.Dims < 0 {
		return nil, fmt.Errorf("openai embedder: negative dimensions %d", opts.Dims)
	}
	if opts.Dims == 0 {
		opts.Dims = knownEmbeddingDims[opts.Model]
	}
	reqOpts := []option.RequestOption{
		option.WithAPIKey(opts.APIKey),
		option.WithMaxRetries(0), // retries are ours, so they are bounded and observable
	}
	if opts.BaseURL != "" {
		reqOpts = append(reqOpts, option.WithBaseURL(opts.BaseURL))
	}
	if opts.HTTPClient != nil {
		reqOpts = append(reqOpts, option.WithHTTPClient(opts.HTTPClient))
	}
	return &Embedder{client: openai.NewClient(reqOpts...), opts: opts, dims: opts.Dims}, nil
}

// Name returns "openai:" and the model.
func (e *Embedder) Name() string { return "openai:" + e.opts.Model }

// Dims returns the vector length, 0 while unknown.
func (e *Embedder) Dims() int {
	e.mu.Lock()
	defer e.mu.Unlock()
	return e.dims
}

// Embed returns one vector per text, requesting BatchSize texts at a time.
func (e *Embedder) Embed(ctx context.Context, texts []string) ([][]float32, error) {
	out := make([][]float32, 0, len(texts))
	for start := 0; start < len(texts); start += e.opts.BatchSize {
		batch := texts[start:min(start+e.opts.BatchSize, len(texts))]
		vecs, err := e.embedBatch(ctx, batch)
		if err != nil {
			return nil, err
		}
		out = append(out, vecs...)
	}
	return out, nil
}

// embedBatch sends one request, retrying transient failures.
func (e *Embedder) embedBatch(ctx context.Context, batch []string) ([][]float32, error) {
	params := openai.EmbeddingNewParams{
		Model:          e.opts.Model,
		Input:          openai.EmbeddingNewParamsInputUnion{OfArrayOfStrings: batch},
		EncodingFormat: openai.EmbeddingNewParamsEncodingFormatFloat,
	}
	retries := max(e.opts.MaxRetries, 0)
	wait := e.opts.RetryBackoff
	for attempt := 0; ; attempt++ {
		res, err := e.client.Embeddings.New(ctx, params)
		if err == nil {
			return e.vectors(res, len(batch))
		}
		if ctx.Err() != nil {
			return nil, fmt.Errorf("openai embeddings: %w", ctx.Err())
		}
		if !retryable(err) || attempt >= retries {
			if attempt > 0 {
				return nil, fmt.Errorf("openai embeddings (model %s) failed after %d attempts: %w", e.opts.Model, attempt+1, err)
			}
			return nil, fmt.Errorf("openai embeddings (model %s): %w", e.opts.Model, err)
		}
		select {
		case <-ctx.Done():
			return nil, fmt.Errorf("openai embeddings: %w", ctx.Err())
		case <-time.After(wait):
		}
		wait *= 2
	}
}

// retryable reports whether a failed request may succeed when repeated:
// rate limits, server errors and transport failures, but not other client
// errors or an answer that cannot be decoded.
func retryable(err error) bool {
	var apiErr *openai.Error
	if errors.As(err, &apiErr) {
		return apiErr.StatusCode == http.StatusTooManyRequests || apiErr.StatusCode >= 500
	}
	var netErr interface{ Timeout() bool }
	return errors.As(err, &netErr)
}

// vectors checks an answer and returns its vectors in input order.
func (e *Embedder) vectors(res *openai.CreateEmbeddingResponse, n int) ([][]float32, error) {
	if res == nil || len(res.Data) != n {
		got := 0
		if res != nil {
			got = len(res.Data)
		}
		return nil, fmt.Errorf("openai embeddings: asked for %d vectors, got %d", n, got)
	}
	out := make([][]float32, n)
	for _, d := range res.Data {
		if d.Index < 0 || int(d.Index) >= n || out[d.Index] != nil {
			return nil, fmt.Errorf("openai embeddings: answer has a bad or repeated index %d", d.Index)
		}
		if err := e.checkDims(len(d.Embedding)); err != nil {
			return nil, err
		}
		v := make([]float32, len(d.Embedding))
		for i, x := range d.Embedding {
			v[i] = float32(x)
		}
		out[d.Index] = v
	}
	return out, nil
}

// checkDims learns the vector length from the first answer when unknown,
// and rejects any vector of another length.
func (e *Embedder) checkDims(got int) error {
	e.mu.Lock()
	defer e.mu.Unlock()
	if got == 0 {
		return errors.New("openai embeddings: the server returned an empty vector")
	}
	if e.dims == 0 {
		e.dims = got
	}
	if got != e.dims {
		return fmt.Errorf("openai embeddings: model %s returned %d dimensions, expected %d (a different model behind the endpoint? rebuild the index with `explainerr index -rebuild`)", e.opts.Model, got, e.dims)
	}
	return nil
}
