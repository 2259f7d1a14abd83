package index

import (
	"context"
	"fmt"
	"hash/fnv"
	"math"
	"sync"
)

// HashDims is the default number of dimensions of the hash embedder.
const HashDims = 512

// HashEmbedder is the offline, deterministic embedder: a bag of code
// sub-tokens (identifiers split on case changes and underscores,
// lower-cased; path segments; the words of string literals and comments)
// hashed into a fixed number of dimensions with sublinear term-frequency
// weights, and L2-normalised. Each token adds to one dimension with a sign
// taken from its hash, so collisions cancel out on average.
type HashEmbedder struct{ dims int }

// NewHashEmbedder returns a hash embedder of dims dimensions (at least 16).
func NewHashEmbedder(dims int) (*HashEmbedder, error) {
	if dims < 16 {
		return nil, fmt.Errorf("hash embedder: %d dimensions is too few (at least 16)", dims)
	}
	return &HashEmbedder{dims: dims}, nil
}

// Name returns "hash".
func (*HashEmbedder) Name() string { return "hash" }

// Dims returns the number of dimensions.
func (h *HashEmbedder) Dims() int { return h.dims }

// Embed returns the vectors of texts. It fails only when ctx is done.
func (h *HashEmbedder) Embed(ctx context.Context, texts []string) ([][]float32, error) {
	out := make([][]float32, len(texts))
	for i, t := range texts {
		if i%256 == 0 {
			if err := ctx.Err(); err != nil {
				return nil, err
			}
		}
		out[i] = h.vector(t)
	}
	return out, nil
}

// hashScratch is the working memory of one embedding, reused.
type hashScratch struct {
	tf map[uint64]int
	v  []float64
}

var hashScratchPool = sync.Pool{New: func() any { return &hashScratch{tf: map[uint64]int{}} }}

// vector embeds one text.
func (h *HashEmbedder) vector(text string) []float32 {
	scratch := hashScratchPool.Get().(*hashScratch)
	defer hashScratchPool.Put(scratch)
	tf := scratch.tf
	clear(tf)
	hashedSubTokens(text, func(sum uint64) { tf[sum]++ })
	if cap(scratch.v) < h.dims {
		scratch.v = make([]float64, h.dims)
	}
	v := scratch.v[:h.dims]
	clear(v)
	for sum, n := range tf {
		idx, sign := h.slotOf(sum)
		v[idx] += sign * (1 + math.Log(float64(n)))
	}
	var norm float64
	for _, x := range v {
		norm += x * x
	}
	out := make([]float32, h.dims)
	if norm == 0 {
		// No tokens at all: a fixed unit vector keeps cosine distance defined.
		idx, _ := h.slot("\x00empty")
		out[idx] = 1
		return out
	}
	norm = math.Sqrt(norm)
	for i, x := range v {
		out[i] = float32(x / norm)
	}
	return out
}

// slot returns the dimension and sign a token adds to.
func (h *HashEmbedder) slot(tok string) (int, float64) {
	f := fnv.New64a()
	f.Write([]byte(tok))
	return h.slotOf(f.Sum64())
}

// slotOf returns the dimension and sign of a token's FNV-1a hash.
func (h *HashEmbedder) slotOf(sum uint64) (int, float64) {
	sign := 1.0
	if sum>>63 == 1 {
		sign = -1
	}
	return int(sum % uint64(h.dims)), sign
}
