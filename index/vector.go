package index

import (
	"encoding/binary"
	"fmt"
	"math"
)

// serializeVector encodes a vector as the little-endian float32 blob
// sqlite-vec reads.
func serializeVector(v []float32) ([]byte, error) {
	out := make([]byte, 4*len(v))
	for i, x := range v {
		if math.IsNaN(float64(x)) || math.IsInf(float64(x), 0) {
			return nil, fmt.Errorf("vector has a non-finite value at %d", i)
		}
		binary.LittleEndian.PutUint32(out[4*i:], math.Float32bits(x))
	}
	return out, nil
}

// deserializeVector decodes a float32 blob.
func deserializeVector(b []byte) []float32 {
	out := make([]float32, len(b)/4)
	for i := range out {
		out[i] = math.Float32frombits(binary.LittleEndian.Uint32(b[4*i:]))
	}
	return out
}

// cosine returns the cosine similarity of two vectors (0 when either is zero).
func cosine(a, b []float32) float64 {
	var dot, na, nb float64
	for i := range min(len(a), len(b)) {
		dot += float64(a[i]) * float64(b[i])
		na += float64(a[i]) * float64(a[i])
		nb += float64(b[i]) * float64(b[i])
	}
	if na == 0 || nb == 0 {
		return 0
	}
	return dot / math.Sqrt(na*nb)
}
