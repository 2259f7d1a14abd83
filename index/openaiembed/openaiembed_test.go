package openaiembed

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/explainerr/explainerr/index"
	"github.com/explainerr/explainerr/internal/testdir"
)

// fakeEmbeddings is an OpenAI-compatible /embeddings server that records
// every request and answers from a script; after the script it answers
// with vectors of dims floats.
type fakeEmbeddings struct {
	t      *testing.T
	dims   int
	script []func(w http.ResponseWriter) // one per request, then normal answers

	mu       sync.Mutex
	requests []embeddingsRequest
}

type embeddingsRequest struct {
	Model          string   `json:"model"`
	Input          []string `json:"input"`
	EncodingFormat string   `json:"encoding_format"`
	auth           string
}

func (f *fakeEmbeddings) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	if r.Method != http.MethodPost || r.URL.Path != "/v1/embeddings" {
		f.t.Errorf("unexpected request %s %s", r.Method, r.URL.Path)
		http.NotFound(w, r)
		return
	}
	var req embeddingsRequest
	if err := json.NewDecoder(r.Body).Decode(&req); err != nil {
		f.t.Errorf("request body is not an embeddings request: %v", err)
	}
	req.auth = r.Header.Get("Authorization")
	f.mu.Lock()
	n := len(f.requests)
	f.requests = append(f.requests, req)
	f.mu.Unlock()
	if n < len(f.script) && f.script[n] != nil {
		f.script[n](w)
		return
	}
	type item struct {
		Object    string    `json:"object"`
		Index     int       `json:"index"`
		Embedding []float64 `json:"embedding"`
	}
	resp := struct {
		Object string `json:"object"`
		Model  string `json:"model"`
		Data   []item `json:"data"`
		Usage  struct {
			PromptTokens int `json:"prompt_tokens"`
			TotalTokens  int `json:"total_tokens"`
		} `json:"usage"`
	}{Object: "list", Model: req.Model}
	// Answer in reverse order: the client must sort by index.
	for i := len(req.Input) - 1; i >= 0; i-- {
		v := make([]float64, f.dims)
		v[0] = float64(len(req.Input[i])) // identifies the input
		v[1] = 1
		resp.Data = append(resp.Data, item{Object: "embedding", Index: i, Embedding: v})
	}
	w.Header().Set("Content-Type", "application/json")
	json.NewEncoder(w).Encode(resp)
}

func status(code int) func(w http.ResponseWriter) {
	return func(w http.ResponseWriter) {
		w.Header().Set("Content-Type", "application/json")
		w.WriteHeader(code)
		fmt.Fprintf(w, `{"error":{"message":"scripted %d","type":"server_error"}}`, code)
	}
}

func newFakeEmbedder(t *testing.T, fake *fakeEmbeddings, opts Options) *Embedder {
	t.Helper()
	fake.t = t
	srv := httptest.NewServer(fake)
	t.Cleanup(srv.Close)
	opts.BaseURL = srv.URL + "/v1"
	if opts.APIKey == "" {
		opts.APIKey = "test-key"
	}
	if opts.RetryBackoff == 0 {
		opts.RetryBackoff = time.Millisecond
	}
	e, err := New(opts)
	if err != nil {
		t.Fatal(err)
	}
	return e
}

func TestBatches(t *testing.T) {
	fake := &fakeEmbeddings{dims: 8}
	e := newFakeEmbedder(t, fake, Options{Dims: 8, BatchSize: 2})
	texts := []string{"a", "bb", "ccc", "dddd", "eeeee"}
	vecs, err := e.Embed(context.Background(), texts)
	if err != nil {
		t.Fatal(err)
	}
	if len(vecs) != len(texts) {
		t.Fatalf("%d vectors for %d texts", len(vecs), len(texts))
	}
	for i, v := range vecs {
		if len(v) != 8 || int(v[0]) != len(texts[i]) {
			t.Errorf("vector %d = %v, not the one for %q", i, v, texts[i])
		}
	}
	if len(fake.requests) != 3 {
		t.Fatalf("%d requests, want 3 batches of at most 2", len(fake.requests))
	}
	wantBatches := [][]string{{"a", "bb"}, {"ccc", "dddd"}, {"eeeee"}}
	for i, req := range fake.requests {
		if req.Model != DefaultModel || req.EncodingFormat != "float" || req.auth != "Bearer test-key" {
			t.Errorf("request %d: model %q format %q auth %q", i, req.Model, req.EncodingFormat, req.auth)
		}
		if strings.Join(req.Input, ",") != strings.Join(wantBatches[i], ",") {
			t.Errorf("request %d inputs %q, want %q", i, req.Input, wantBatches[i])
		}
	}
	if e.Name() != "openai:text-embedding-3-small" || e.Dims() != 8 {
		t.Errorf("Name %q Dims %d", e.Name(), e.Dims())
	}
}

func TestRetries(t *testing.T) {
	fake := &fakeEmbeddings{dims: 4, script: []func(http.ResponseWriter){status(429), status(503)}}
	e := newFakeEmbedder(t, fake, Options{Model: "nomic-embed-text", Dims: 4})
	vecs, err := e.Embed(context.Background(), []string{"x"})
	if err != nil {
		t.Fatalf("429 then 503 then OK: %v", err)
	}
	if len(vecs) != 1 || len(fake.requests) != 3 || fake.requests[2].Model != "nomic-embed-text" {
		t.Errorf("%d vectors after %d requests", len(vecs), len(fake.requests))
	}
}

func TestGivesUp(t *testing.T) {
	fake := &fakeEmbeddings{dims: 4, script: []func(http.ResponseWriter){status(500), status(500), status(500), status(500)}}
	e := newFakeEmbedder(t, fake, Options{Dims: 4, MaxRetries: 2})
	_, err := e.Embed(context.Background(), []string{"x"})
	if err == nil || !strings.Contains(err.Error(), "after 3 attempts") || !strings.Contains(err.Error(), "500") {
		t.Fatalf("err = %v, want a failure after 3 attempts naming the status", err)
	}
	if len(fake.requests) != 3 {
		t.Errorf("%d requests, want 3 (1 + 2 retries)", len(fake.requests))
	}
}

func TestDoesNotRetryClientErrors(t *testing.T) {
	fake := &fakeEmbeddings{dims: 4, script: []func(http.ResponseWriter){status(401)}}
	e := newFakeEmbedder(t, fake, Options{Dims: 4})
	if _, err := e.Embed(context.Background(), []string{"x"}); err == nil || !strings.Contains(err.Error(), "401") {
		t.Fatalf("err = %v, want the 401", err)
	}
	if len(fake.requests) != 1 {
		t.Errorf("%d requests for a 401, want 1", len(fake.requests))
	}
}

func TestWrongDimensions(t *testing.T) {
	fake := &fakeEmbeddings{dims: 6}
	e := newFakeEmbedder(t, fake, Options{}) // text-embedding-3-small: 1536 expected
	_, err := e.Embed(context.Background(), []string{"x"})
	if err == nil || !strings.Contains(err.Error(), "returned 6 dimensions, expected 1536") {
		t.Fatalf("err = %v, want a dimension mismatch", err)
	}
}

func TestLearnsUnknownDimensions(t *testing.T) {
	fake := &fakeEmbeddings{dims: 5}
	e := newFakeEmbedder(t, fake, Options{Model: "my-local-model"})
	if e.Dims() != 0 {
		t.Fatalf("Dims before any call = %d, want 0 (unknown)", e.Dims())
	}
	if _, err := e.Embed(context.Background(), []string{"x"}); err != nil {
		t.Fatal(err)
	}
	if e.Dims() != 5 {
		t.Errorf("Dims after a call = %d, want 5", e.Dims())
	}
}

func TestMalformedAnswers(t *testing.T) {
	for name, answer := range map[string]string{
		"not json":     `{"data": [`,
		"too few":      `{"object":"list","data":[],"model":"m","usage":{"prompt_tokens":1,"total_tokens":1}}`,
		"bad index":    `{"object":"list","data":[{"object":"embedding","index":7,"embedding":[1,2,3,4]}],"model":"m","usage":{"prompt_tokens":1,"total_tokens":1}}`,
		"empty vector": `{"object":"list","data":[{"object":"embedding","index":0,"embedding":[]}],"model":"m","usage":{"prompt_tokens":1,"total_tokens":1}}`,
	} {
		t.Run(name, func(t *testing.T) {
			fake := &fakeEmbeddings{dims: 4, script: []func(http.ResponseWriter){func(w http.ResponseWriter) {
				w.Header().Set("Content-Type", "application/json")
				fmt.Fprint(w, answer)
			}}}
			e := newFakeEmbedder(t, fake, Options{Dims: 4})
			if _, err := e.Embed(context.Background(), []string{"x"}); err == nil {
				t.Fatal("malformed answer accepted")
			}
			if len(fake.requests) != 1 {
				t.Errorf("%d requests, want 1 (a malformed answer is not retried)", len(fake.requests))
			}
		})
	}
}

// writeModule writes a small Go module to index.
func writeModule(t *testing.T) string {
	t.Helper()
	dir := t.TempDir()
	files := map[string]string{
		"go.mod": "module example.com/posts\n\ngo 1.24\n",
		"posts.go": `package posts

// Post is a blog post.
type Post struct{ Title, Author string }

// AuthorName returns who wrote p.
func (p *Post) AuthorName() string { return p.Author }

// NewPost makes a post.
func NewPost(title, author string) *Post { return &Post{Title: title, Author: author} }
`,
		"store.go": `package posts

// Store keeps posts by title.
type Store struct{ byTitle map[string]*Post }

// Add stores p.
func (s *Store) Add(p *Post) { s.byTitle[p.Title] = p }
`,
	}
	testdir.Write(t, dir, files)
	return dir
}

func TestBuildWithOpenAIEmbedder(t *testing.T) {
	fake := &fakeEmbeddings{dims: 8}
	e := newFakeEmbedder(t, fake, Options{Model: "tiny", BatchSize: 5})
	dir := writeModule(t)
	stats, err := index.Build(context.Background(), index.BuildOptions{Dir: dir, Embedder: e, EmbedBatch: 5})
	if err != nil {
		t.Fatal(err)
	}
	total := 0
	for _, req := range fake.requests {
		total += len(req.Input)
		if len(req.Input) > 5 {
			t.Errorf("batch of %d inputs, want at most 5", len(req.Input))
		}
	}
	if stats.Embedded == 0 || total != stats.Embedded+1 { // +1: the dimension probe
		t.Errorf("server embedded %d texts, build reports %d (+1 probe)", total, stats.Embedded)
	}
	r, err := index.OpenRetriever(stats.Path, index.RetrieverOptions{Embedder: e})
	if err != nil {
		t.Fatal(err)
	}
	defer r.Close()
	if _, err := r.Search(context.Background(), "post author", 2); err != nil {
		t.Fatal(err)
	}
}

// TestRegisteredWithIndex: importing the package lets an index that
// records the openai embedder make one for its queries.
func TestRegisteredWithIndex(t *testing.T) {
	t.Setenv("OPENAI_BASE_URL", "http://127.0.0.1:1/v1")
	e, err := index.NewEmbedder("openai:tiny", 8)
	if err != nil {
		t.Fatal(err)
	}
	if got, ok := e.(*Embedder); !ok || got.Name() != "openai:tiny" || got.Dims() != 8 {
		t.Errorf("NewEmbedder gave %#v", e)
	}
	// A known model's size, when the index does not record one.
	if e, err := index.NewEmbedder("openai:nomic-embed-text", 0); err != nil || e.Dims() != 768 {
		t.Errorf("nomic-embed-text: %v, %v", e, err)
	}
}
