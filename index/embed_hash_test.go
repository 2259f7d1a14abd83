package index

import (
	"context"
	"errors"
	"math"
	"slices"
	"strings"
	"testing"
)

func TestSplitIdentifier(t *testing.T) {
	for in, want := range map[string][]string{
		"parseHTTPRequest_v2": {"parse", "HTTP", "Request", "v2"},
		"NewStore":            {"New", "Store"},
		"posts_lst":           {"posts", "lst"},
		"ID":                  {"ID"},
		"userID2Name":         {"user", "ID2", "Name"},
	} {
		if got := splitIdentifier(in); !slices.Equal(got, want) {
			t.Errorf("splitIdentifier(%q) = %q, want %q", in, got, want)
		}
	}
}

func TestSubTokens(t *testing.T) {
	var got []string
	subTokens(`blogapp/store/posts.go func (s *Store) GetPost() { return "no such post" }`, func(s string) { got = append(got, s) })
	for _, want := range []string{"blogapp", "store", "posts", "getpost", "get", "post", "such"} {
		if !slices.Contains(got, want) {
			t.Errorf("sub-tokens %q lack %q", got, want)
		}
	}
	for _, stop := range []string{"func", "return", "go", "s"} {
		if slices.Contains(got, stop) {
			t.Errorf("sub-tokens %q contain stop token %q", got, stop)
		}
	}
}

func TestHashEmbedder(t *testing.T) {
	e, err := NewHashEmbedder(HashDims)
	if err != nil {
		t.Fatal(err)
	}
	texts := []string{
		"func (s *Store) GetPost(id int) (*Post, error)",
		"GetPost returns the post with the id from the store",
		"CREATE TABLE comments (body TEXT)",
		"",
	}
	a, err := e.Embed(context.Background(), texts)
	if err != nil {
		t.Fatal(err)
	}
	b, _ := e.Embed(context.Background(), texts)
	for i := range a {
		if len(a[i]) != HashDims {
			t.Fatalf("vector %d has %d dims", i, len(a[i]))
		}
		if !slices.Equal(a[i], b[i]) {
			t.Errorf("vector %d differs between calls", i)
		}
		var norm float64
		for _, x := range a[i] {
			norm += float64(x) * float64(x)
		}
		if math.Abs(norm-1) > 1e-5 {
			t.Errorf("vector %d has norm² %v, want 1", i, norm)
		}
	}
	if related, unrelated := cosine(a[0], a[1]), cosine(a[0], a[2]); related <= unrelated+0.2 {
		t.Errorf("related texts %.3f not clearly more similar than unrelated %.3f", related, unrelated)
	}
	if _, err := NewHashEmbedder(4); err == nil {
		t.Error("4 dimensions accepted")
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, err := e.Embed(ctx, texts); err == nil {
		t.Error("Embed ignored a cancelled context")
	}
}

func TestNewEmbedder(t *testing.T) {
	h, err := NewEmbedder("hash", 0)
	if err != nil || h.Name() != "hash" || h.Dims() != HashDims {
		t.Fatalf("hash: %v %v", h, err)
	}
	// The openai embedder is linked by index/openaiembed, which this
	// package does not import: the error says what to import.
	if _, err := NewEmbedder("openai:nomic-embed-text", 0); err == nil || !strings.Contains(err.Error(), `import _ "github.com/explainerr/explainerr/index/openaiembed"`) {
		t.Errorf("openai without index/openaiembed linked: %v", err)
	}
	if _, err := NewEmbedder("bert", 0); err == nil {
		t.Error("unknown embedder accepted")
	}
}

// TestHashedSubTokensMatchSubTokens checks the fast tokenizer of the hash
// embedder against subTokens on Go source, identifiers of every shape and
// non-ASCII text.
func TestHashedSubTokensMatchSubTokens(t *testing.T) {
	texts := []string{
		`func (s *Store) GetPost(ctx context.Context, id int) (*Post, error) { return nil, ErrNotFound }`,
		`parseHTTPRequest_v2 userID2Name HTTPServer _private __x a_b ID XMLHttpRequest2FA utf8 sha256Sum 12345 x`,
		`// Größe des Puffers: maxÄnderungen; naïve café ünïcode_Ident ΣigmaΛambda`,
		`CREATE TABLE posts (id INTEGER PRIMARY KEY, author_id INTEGER); {{ .Author.Name }} {{template "footer"}}`,
		strings.Repeat("VeryLongIdentifierNameThatGoesOnAndOn", 3) + " " + strings.Repeat("a", 70),
		"",
	}
	for _, text := range texts {
		var want, got []uint64
		subTokens(text, func(s string) { want = append(want, fnvString(s)) })
		hashedSubTokens(text, func(h uint64) { got = append(got, h) })
		if !slices.Equal(got, want) {
			var toks []string
			subTokens(text, func(s string) { toks = append(toks, s) })
			t.Errorf("%.40q: %d hashes, want %d (tokens %q)", text, len(got), len(want), toks)
		}
	}
}

// namedEmbedder is the hash embedder under another embedder's name, as an
// index built with that embedder records it.
type namedEmbedder struct {
	*HashEmbedder
	name string
}

func (e namedEmbedder) Name() string { return e.name }

// TestIndexOfAnUnlinkedEmbedderNamesTheImport: opening an index built with
// the openai embedder, in a program that does not link it, is an error
// that says which import adds it.
func TestIndexOfAnUnlinkedEmbedderNamesTheImport(t *testing.T) {
	h, err := NewHashEmbedder(HashDims)
	if err != nil {
		t.Fatal(err)
	}
	stats := buildTestIndex(t, writeTestModule(t), BuildOptions{Embedder: namedEmbedder{h, "openai:tiny"}})
	r, err := OpenRetriever(stats.Path, RetrieverOptions{})
	if err == nil {
		r.Close()
		t.Fatal("an index of an embedder this program does not link was opened")
	}
	if !errors.Is(err, ErrIncompatible) || !strings.Contains(err.Error(), `import _ "github.com/explainerr/explainerr/index/openaiembed"`) {
		t.Errorf("error %q does not name the import", err)
	}
}
