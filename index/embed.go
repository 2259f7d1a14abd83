package index

import (
	"context"
	"fmt"
	"strings"
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

// EmbedderNames lists the embedder kinds NewEmbedder accepts.
var EmbedderNames = []string{"hash", "openai"}

// NewEmbedder returns the embedder an index records under name: "hash"
// (HashDims dimensions unless dims says otherwise), or "openai" or
// "openai:MODEL", configured from the environment (see NewOpenAIEmbedder).
// dims may be 0 when unknown.
func NewEmbedder(name string, dims int) (Embedder, error) {
	kind, model, _ := strings.Cut(name, ":")
	switch kind {
	case "hash":
		if dims == 0 {
			dims = HashDims
		}
		return NewHashEmbedder(dims)
	case "openai":
		return NewOpenAIEmbedder(OpenAIOptions{Model: model, Dims: dims})
	}
	return nil, fmt.Errorf("unknown embedder %q (want one of: %s)", name, strings.Join(EmbedderNames, ", "))
}
