package index

import (
	"encoding/binary"
	"errors"
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

// errBadVector is returned for a stored vector that encodeVector did not write.
var errBadVector = errors.New("stored vector is malformed")

// decodeVector decodes a vector written by encodeVector.
func decodeVector(b []byte) ([]float32, error) {
	if len(b) == 0 {
		return nil, errBadVector
	}
	switch b[0] {
	case vectorDense:
		if (len(b)-1)%4 != 0 {
			return nil, errBadVector
		}
		out := make([]float32, (len(b)-1)/4)
		for i := range out {
			out[i] = math.Float32frombits(binary.LittleEndian.Uint32(b[1+4*i:]))
		}
		return out, nil
	case vectorSparse:
		if len(b) < 3 || (len(b)-3)%6 != 0 {
			return nil, errBadVector
		}
		out := make([]float32, binary.LittleEndian.Uint16(b[1:]))
		for p := 3; p < len(b); p += 6 {
			i := int(binary.LittleEndian.Uint16(b[p:]))
			if i >= len(out) {
				return nil, errBadVector
			}
			out[i] = math.Float32frombits(binary.LittleEndian.Uint32(b[p+2:]))
		}
		return out, nil
	}
	return nil, errBadVector
}

// cosineStored returns the cosine similarity of q and a vector written by
// encodeVector, without decoding it; 0 when either is zero or b is
// malformed.
func cosineStored(q []float32, b []byte) float64 {
	var dot, nq, nb float64
	switch {
	case len(b) >= 3 && b[0] == vectorSparse:
		for p := 3; p+6 <= len(b); p += 6 {
			i := int(binary.LittleEndian.Uint16(b[p:]))
			x := float64(math.Float32frombits(binary.LittleEndian.Uint32(b[p+2:])))
			nb += x * x
			if i < len(q) {
				dot += x * float64(q[i])
			}
		}
	case len(b) >= 1 && b[0] == vectorDense:
		n := (len(b) - 1) / 4
		for i := range n {
			x := float64(math.Float32frombits(binary.LittleEndian.Uint32(b[1+4*i:])))
			nb += x * x
			if i < len(q) {
				dot += x * float64(q[i])
			}
		}
	default:
		return 0
	}
	for _, y := range q {
		nq += float64(y) * float64(y)
	}
	if nq == 0 || nb == 0 {
		return 0
	}
	return dot / math.Sqrt(nq*nb)
}
