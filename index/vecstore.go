package index

import (
	"encoding/binary"
	"fmt"
	"math"
)

// Stored vectors (the vectors table) are encoded by encodeVector, once per
// chunk. A vector with few non-zero values (the hash embedder's: a chunk
// has a few dozen distinct tokens) is stored sparse, as its non-zero
// values with their positions; any other dense. Both keep every float32
// exactly, so cosine similarity is the same as on the embedder's output.
const (
	vectorDense  = 'd' // tag, then dims float32s, little-endian
	vectorSparse = 's' // tag, uint16 dims, then (uint16 index, float32 value) pairs by index
)

// maxSparseDims is the largest number of dimensions a sparse vector encodes.
const maxSparseDims = math.MaxUint16

// encodeVector encodes v compactly and losslessly. Non-finite values are
// an error.
func encodeVector(v []float32) ([]byte, error) {
	nonZero := 0
	for i, x := range v {
		if math.IsNaN(float64(x)) || math.IsInf(float64(x), 0) {
			return nil, fmt.Errorf("vector has a non-finite value at %d", i)
		}
		if x != 0 {
			nonZero++
		}
	}
	if len(v) <= maxSparseDims && 6*nonZero+3 < 4*len(v)+1 {
		out := make([]byte, 3, 3+6*nonZero)
		out[0] = vectorSparse
		binary.LittleEndian.PutUint16(out[1:], uint16(len(v)))
		for i, x := range v {
			if x != 0 {
				out = binary.LittleEndian.AppendUint16(out, uint16(i))
				out = binary.LittleEndian.AppendUint32(out, math.Float32bits(x))
			}
		}
		return out, nil
	}
	out := make([]byte, 1, 1+4*len(v))
	out[0] = vectorDense
	for _, x := range v {
		out = binary.LittleEndian.AppendUint32(out, math.Float32bits(x))
	}
	return out, nil
}
