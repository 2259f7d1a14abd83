package index

import (
	"context"
	"fmt"
	"strings"
	"sync"
)

// Embedder turns texts into vectors. Implementations must be safe for
// concurrent use and return one vector of Dims() floats per input text, in
// input order.
type Embedder interface {
	// Name identifies the embedder and its model, as recorded in an index,
	// such as "hash" or "openai:text-embedding-3-small". Vectors from
	// embedders with different names are not comparable.
	Name() string
	// Dims is the length of the vectors; 0 when not known until the first
	// call (an OpenAI-compatible server's model of unknown size).
	Dims() int
	// Embed returns one vector per text.
	Embed(ctx context.Context, texts []string) ([][]float32, error)
}

// EmbedderNames lists the embedder kinds NewEmbedder knows.
var EmbedderNames = []string{"hash", "openai"}

// embedderPackages names the package whose import links each embedder kind
// other than the offline one.
var embedderPackages = map[string]string{
	"openai": "github.com/explainerr/explainerr/index/openaiembed",
}

// embedders are the embedder kinds linked into this program besides the
// offline one.
var embedders struct {
	sync.Mutex
	make map[string]func(model string, dims int) (Embedder, error)
}

// RegisterEmbedder makes NewEmbedder build embedders of kind ("openai")
// with make, which gets the model (what follows "kind:" in an index's
// record; may be empty) and the dimensions (0 when unknown). It is called
// by the init function of an embedder's package, such as
// index/openaiembed, so that a program links an embedding client only if
// it imports one.
func RegisterEmbedder(kind string, make func(model string, dims int) (Embedder, error)) {
	embedders.Lock()
	defer embedders.Unlock()
	if embedders.make == nil {
		embedders.make = map[string]func(string, int) (Embedder, error){}
	}
	embedders.make[kind] = make
}

// NewEmbedder returns the embedder an index records under name: "hash"
// (HashDims dimensions unless dims says otherwise), or "openai" or
// "openai:MODEL", configured from the environment, when index/openaiembed
// is linked into the program. dims may be 0 when unknown.
func NewEmbedder(name string, dims int) (Embedder, error) {
	kind, model, _ := strings.Cut(name, ":")
	if kind == "hash" {
		if dims == 0 {
			dims = HashDims
		}
		return NewHashEmbedder(dims)
	}
	embedders.Lock()
	make := embedders.make[kind]
	embedders.Unlock()
	if make != nil {
		return make(model, dims)
	}
	if pkg, ok := embedderPackages[kind]; ok {
		return nil, fmt.Errorf("the %s embedder is not linked into this program: add import _ %q", kind, pkg)
	}
	return nil, fmt.Errorf("unknown embedder %q (want one of: %s)", name, strings.Join(EmbedderNames, ", "))
}
